import { Elysia, t } from "elysia";
import { LIMITS, MAX_PASSWORD_LENGTH } from "../../domain/validation.ts";
import type { AuthLimits } from "../auth/auth-limits.ts";
import { changePassword } from "../auth/auth.service.ts";
import type { Deps } from "../deps.ts";
import { authentication, requireUser } from "../auth/auth-plugin.ts";
import { updateEmailAlerts, updateProfile } from "./account.service.ts";
import { toCurrentUser } from "../auth/current-user.ts";

const strict = { additionalProperties: false } as const;
const Password = t.String({ maxLength: MAX_PASSWORD_LENGTH * 4 });

export const ProfileBody = t.Object(
  {
    firstName: t.String({ maxLength: LIMITS.name * 2 }),
    lastName: t.String({ maxLength: LIMITS.name * 2 }),
    address: t.String({ maxLength: LIMITS.address * 2 }),
    phone: t.String({ maxLength: LIMITS.phone * 2 }),
  },
  strict,
);
const ChangePasswordBody = t.Object({ currentPassword: t.Optional(Password), newPassword: Password, confirmPassword: Password }, strict);
const PreferencesBody = t.Object({ emailAlerts: t.Boolean() }, strict);

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
      async ({ user, session, body }) => {
        await changePassword(deps, limits, user, session.id, body);
        return { success: true as const, message: "Your password has been changed." };
      },
      { body: ChangePasswordBody },
    )
    .put("/api/profile", ({ user, body }) => toCurrentUser(updateProfile(deps, user, body)), { body: ProfileBody })
    .put("/api/preferences", ({ user, body }) => toCurrentUser(updateEmailAlerts(deps, user, body.emailAlerts)), {
      body: PreferencesBody,
    });
}
