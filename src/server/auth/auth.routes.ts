import { Elysia } from "elysia";
import { OkResponse } from "../../domain/api/common.ts";
import { CurrentUser, ForgotPasswordRequest, LoginRequest, ResetPasswordRequest } from "../../domain/api/users.ts";
import { toCurrentUser } from "./current-user.ts";
import type { AuthDeps } from "./auth-deps.ts";
import { authentication, cookieValue, requireUser, setDeviceCookie, setSessionCookie } from "./auth-plugin.ts";
import { clientIp } from "../http/client-ip.ts";
import type { AuthLimits } from "./auth-limits.ts";
import { login, RESET_EMAIL_SENT, requestPasswordReset, resetPassword } from "./auth.service.ts";
import { DEVICE_COOKIE, SESSION_COOKIE, SIGNUP_COOKIE } from "./cookies.ts";
import { invalidateSession } from "./sessions.ts";

export function authRoutes(deps: AuthDeps, limits: AuthLimits) {
  const ipOf = (request: Request, server: Parameters<typeof clientIp>[1]) => clientIp(request, server, deps.config.trustProxy);

  return new Elysia()
    .use(authentication(deps))
    .get("/api/me", ({ auth }) => toCurrentUser(requireUser(auth).user), { response: CurrentUser })
    .post(
      "/api/login",
      async ({ body, auth, cookie, request, server }) => {
        const device = cookieValue(cookie, DEVICE_COOKIE);
        const signedIn = await login(deps, limits, body, ipOf(request, server), auth?.session.id ?? null, device);
        setSessionCookie(cookie, signedIn.token, signedIn.session.expiresAt, deps.config.secureCookies);
        setDeviceCookie(cookie, signedIn.device, deps.config.secureCookies);
        return { success: true as const };
      },
      { body: LoginRequest, response: OkResponse },
    )
    .post(
      "/api/logout",
      ({ auth, cookie }) => {
        if (auth) invalidateSession(deps.db, auth.session.id);
        cookie[SESSION_COOKIE]!.remove();
        cookie[SIGNUP_COOKIE]!.remove();
        return { success: true as const };
      },
      { response: OkResponse },
    )
    .post(
      "/api/forgot-password",
      ({ body, request, server }) => {
        requestPasswordReset(deps, limits, body.email, ipOf(request, server));
        return { success: true as const, message: RESET_EMAIL_SENT };
      },
      { body: ForgotPasswordRequest, response: OkResponse },
    )
    .post(
      "/api/reset-password",
      async ({ body, cookie, request, server }) => {
        const device = await resetPassword(deps, limits, body, ipOf(request, server), cookieValue(cookie, DEVICE_COOKIE));
        setDeviceCookie(cookie, device, deps.config.secureCookies);
        return { success: true as const, message: "Your password has been reset. Please log in." };
      },
      { body: ResetPasswordRequest, response: OkResponse },
    );
}
