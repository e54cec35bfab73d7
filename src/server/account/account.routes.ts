import { Elysia } from "elysia";
import { OkResponse } from "../../domain/api/common.ts";
import { ChangePasswordRequest, CurrentUser, PreferencesUpdate, ProfileUpdate } from "../../domain/api/users.ts";
import type { AuthLimits } from "../auth/auth-limits.ts";
import { changePassword } from "../auth/auth.service.ts";
import type { Deps } from "../deps.ts";
import { authentication, requireUser, setDeviceCookie } from "../auth/auth-plugin.ts";
import { updateEmailAlerts, updateProfile } from "./account.service.ts";
import { toCurrentUser } from "../auth/current-user.ts";

/** Every account route is for the signed-in user: 401 otherwise, decided here once (after the body is validated). */
export function accountRoutes(deps: Deps, limits: AuthLimits) {
  return new Elysia()
    .use(authentication(deps))
    .resolve(({ auth }) => {
      const { user, session } = requireUser(auth);
      return { user, session };
    })
    .post(
      "/api/change-password",
      async ({ user, session, body, cookie }) => {
        setDeviceCookie(cookie, await changePassword(deps, limits, user, session.id, body), deps.config.secureCookies);
        return { success: true as const, message: "Your password has been changed." };
      },
      { body: ChangePasswordRequest, response: OkResponse },
    )
    .put("/api/profile", ({ user, body }) => toCurrentUser(updateProfile(deps, user, body)), { body: ProfileUpdate, response: CurrentUser })
    .put("/api/preferences", ({ user, body }) => toCurrentUser(updateEmailAlerts(deps, user, body.emailAlerts)), {
      body: PreferencesUpdate,
      response: CurrentUser,
    });
}
