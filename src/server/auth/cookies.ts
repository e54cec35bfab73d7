/** The cookies GoRDU sets: the session, and the signup this browser has in progress. Logout clears both. */
export const SESSION_COOKIE = "gordu_session";
export const SIGNUP_COOKIE = "gordu_signup";

/** Attributes for Elysia's cookie jar: HttpOnly, SameSite=Lax, Secure when APP_URL is https. */
export function cookieAttributes(expiresAt: Date, secure: boolean) {
  return { httpOnly: true, sameSite: "lax", secure, path: "/", expires: expiresAt } as const;
}
