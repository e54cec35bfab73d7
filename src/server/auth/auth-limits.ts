import { RateLimiter } from "../http/rate-limit.ts";

const MINUTE = 60_000;

/**
 * The throttles of docs/hardening.md, one set per app instance. Every one counts an attempt before the argon2 work
 * it guards; a successful sign-in takes its own attempt back, so in effect failures are what count.
 *
 * Sign-in from a browser that is not a known device of the account counts per address and, across all addresses,
 * per account; sign-in from a known device counts only per device. So a stranger's guesses throttle the stranger's
 * address, and at worst the account's unknown browsers, never the owner's own (targeted lockout).
 */
export function createAuthLimits() {
  return {
    loginAttemptsByIp: new RateLimiter(5, 15 * MINUTE),
    loginAttemptsByAccount: new RateLimiter(10, 15 * MINUTE),
    loginAttemptsByDevice: new RateLimiter(5, 15 * MINUTE),
    /** Change-password: only a signed-in session reaches it. */
    passwordChangesByAccount: new RateLimiter(5, 15 * MINUTE),
    resetRequestsByEmail: new RateLimiter(3, 60 * MINUTE),
    resetRequestsByIp: new RateLimiter(10, 60 * MINUTE),
    /** Setting a password from a link: each valid one costs an argon2 hash. */
    resetAttemptsByIp: new RateLimiter(10, 15 * MINUTE),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

export const TOO_MANY_LOGINS = "Too many sign-in attempts. Please wait a few minutes and try again.";
export const TOO_MANY_PASSWORD_CHANGES = "Too many password attempts. Please wait a few minutes and try again.";
export const TOO_MANY_RESETS = "Too many password reset attempts. Please wait a few minutes and try again.";
