import { Elysia } from "elysia";
import { hasDealAccess } from "../../domain/access.ts";
import type { AuthDeps } from "./auth-deps.ts";
import { cookieAttributes, DEVICE_COOKIE, SESSION_COOKIE, sessionTokenOf } from "./cookies.ts";
import { validateSessionToken, type Session } from "./sessions.ts";
import type { User } from "./users.ts";
import { forbidden, unauthorized } from "../http/errors.ts";

export interface Auth {
  session: Session;
  user: User;
}

/**
 * Requests whose session is already known: a page being server-rendered, and the API requests its loaders make
 * in-process, which share the page's session instead of validating it again each.
 */
const knownSessions = new WeakMap<Request, Auth | null>();

/** Lets an in-process API request made while `page` renders use the page's session, validated once per page. */
export function sharePageSession(deps: AuthDeps, page: Request, apiRequest: Request): Request {
  if (!knownSessions.has(page)) {
    const token = sessionTokenOf(page);
    knownSessions.set(page, token ? validateSessionToken(deps.db, token, deps.clock.now()) : null);
  }
  knownSessions.set(apiRequest, knownSessions.get(page)!);
  return apiRequest;
}

/** Resolves the session cookie to its user for every API request; refreshes the cookie when the session slid forward. */
export function authentication(deps: AuthDeps) {
  return new Elysia().derive({ as: "scoped" }, ({ cookie, request }) => {
    if (knownSessions.has(request)) return { auth: knownSessions.get(request)! };
    const token = sessionTokenOf(request);
    if (!token) return { auth: null as Auth | null };
    const jar = cookie[SESSION_COOKIE]!;
    const result = validateSessionToken(deps.db, token, deps.clock.now());
    if (!result) {
      jar.remove();
      return { auth: null as Auth | null };
    }
    if (result.renewed) {
      jar.set({ value: token, ...cookieAttributes(result.session.expiresAt, deps.config.secureCookies) });
    }
    return { auth: result as Auth | null };
  });
}

export function requireUser(auth: Auth | null): Auth {
  if (!auth) throw unauthorized();
  return auth;
}

export function requireAdmin(auth: Auth | null): Auth {
  const signedIn = requireUser(auth);
  if (!signedIn.user.isAdmin) throw forbidden("You do not have permission to access the admin dashboard.");
  return signedIn;
}

const NO_DEAL_ACCESS = "Flight deals are for subscribers with an active subscription. Reactivate your subscription to see deals again.";

/** The signed-in user, if their subscription gives access to deals (401 signed out, 403 without access). */
export function requireDealAccess(auth: Auth | null, now: Date): User {
  const { user } = requireUser(auth);
  if (!hasDealAccess(user, now)) throw forbidden(NO_DEAL_ACCESS);
  return user;
}

type CookieJar = Record<string, { set(options: Record<string, unknown>): unknown }>;

/** Hands the browser the token of a session just opened. */
export function setSessionCookie(cookie: CookieJar, token: string, expiresAt: Date, secure: boolean): void {
  cookie[SESSION_COOKIE]!.set({ value: token, ...cookieAttributes(expiresAt, secure) });
}

/** Marks the browser as a known device of the account it just proved it belongs to (auth/known-devices.ts). */
export function setDeviceCookie(cookie: CookieJar, device: { token: string; expiresAt: Date }, secure: boolean): void {
  cookie[DEVICE_COOKIE]!.set({ value: device.token, ...cookieAttributes(device.expiresAt, secure) });
}

/** The value of a cookie the browser sent, or null. */
export function cookieValue(cookie: Record<string, { value: unknown }>, name: string): string | null {
  const value = cookie[name]?.value;
  return typeof value === "string" && value ? value : null;
}
