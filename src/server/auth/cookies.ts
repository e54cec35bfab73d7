/**
 * The cookies GoRDU sets: the session, the signup this browser has in progress (logout clears both), and the
 * browser's mark as a known device of an account (auth/known-devices.ts), which outlives sessions.
 */
export const SESSION_COOKIE = "gordu_session";
export const SIGNUP_COOKIE = "gordu_signup";
export const DEVICE_COOKIE = "gordu_device";

/** Attributes for Elysia's cookie jar: HttpOnly, SameSite=Lax, Secure when APP_URL is https. */
export function cookieAttributes(expiresAt: Date, secure: boolean) {
  return { httpOnly: true, sameSite: "lax", secure, path: "/", expires: expiresAt } as const;
}

/**
 * The session token a request carries ("" for none). The one reading of the session cookie: the auth plugin signs
 * the request in with it and the page renderer decides with it whether a page may be kept for every visitor, so the
 * two can never disagree about who is signed in (docs/hardening.md).
 */
export function sessionTokenOf(request: Request): string {
  const header = request.headers.get("cookie");
  return header ? (new Bun.CookieMap(header).get(SESSION_COOKIE) ?? "") : "";
}
