import { RateLimiter } from "../http/rate-limit.ts";

const MINUTE = 60_000;

/** The throttles of HARDENING.md, one set per app instance. */
export function createAuthLimits() {
  return {
    loginFailuresByAccount: new RateLimiter(5, 15 * MINUTE),
    loginFailuresByIp: new RateLimiter(5, 15 * MINUTE),
    resetRequestsByEmail: new RateLimiter(3, 60 * MINUTE),
    resetRequestsByIp: new RateLimiter(10, 60 * MINUTE),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

export const TOO_MANY_LOGINS = "Too many sign-in attempts. Please wait a few minutes and try again.";
