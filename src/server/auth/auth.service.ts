import { eq } from "drizzle-orm";
import { users } from "../../../db/schema.ts";
import type { ChangePasswordRequest, LoginRequest, ResetPasswordRequest } from "../../domain/api/users.ts";
import { isValidEmail, normalizeEmail } from "../../domain/validation.ts";
import type { AuthDeps } from "./auth-deps.ts";
import { badRequest, unauthorized } from "../http/errors.ts";
import { queueEmail } from "../mail/outbox.ts";
import { passwordChangedEmail, passwordResetEmail, setPasswordEmail } from "../mail/templates/account-emails.ts";
import { TOO_MANY_LOGINS, TOO_MANY_PASSWORD_CHANGES, TOO_MANY_RESETS, type AuthLimits } from "./auth-limits.ts";
import { checkNewPassword, hashPassword, verifyPassword } from "./passwords.ts";
import { knownDeviceOf, rememberDevice } from "./known-devices.ts";
import { createSession, invalidateSession } from "./sessions.ts";
import { consumePasswordToken, findPasswordTokenUser, issuePasswordToken } from "./tokens.ts";
import { findUserByEmail, storePassword, type User } from "./users.ts";

export const INVALID_LOGIN = "Invalid email or password";
export const RESET_EMAIL_SENT = "If an account exists, a password reset email has been sent.";
export const INVALID_RESET_LINK = "This password reset link is invalid or expired.";

/**
 * Checks the password and opens a new session; the one the browser already had, if any, is closed. The attempt
 * is counted before the password check starts, so parallel guesses meet the limit too; a success takes it back.
 * A known device of the account counts on its own allowance, anyone else on the address's and the account's
 * (auth-limits.ts). The browser becomes (or stays) a known device of the account.
 */
export async function login(deps: AuthDeps, limits: AuthLimits, input: LoginRequest, ip: string, previousSessionId: string | null, deviceToken: string | null) {
  const now = deps.clock.now();
  const account = normalizeEmail(input.email);
  const user = findUserByEmail(deps.db, input.email);
  const device = knownDeviceOf(deps.db, deviceToken, user?.id ?? null, now);
  if (device) {
    limits.loginAttemptsByDevice.attempt(device, now, TOO_MANY_LOGINS);
  } else {
    limits.loginAttemptsByIp.attempt(ip, now, TOO_MANY_LOGINS);
    limits.loginAttemptsByAccount.attempt(account, now, TOO_MANY_LOGINS);
  }

  const valid = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!user || !valid) throw unauthorized(INVALID_LOGIN);
  if (device) {
    limits.loginAttemptsByDevice.refund(device);
  } else {
    limits.loginAttemptsByIp.refund(ip);
    limits.loginAttemptsByAccount.refund(account);
  }

  return deps.db.transaction((tx) => {
    if (previousSessionId) invalidateSession(tx, previousSessionId);
    if (!input.skipLastLoginUpdate) tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)).run();
    return { ...createSession(tx, user.id, now), device: rememberDevice(tx, user.id, deviceToken, now) };
  });
}

/**
 * Always the same answer; an email goes out only when the account exists and this address isn't being flooded.
 * Someone without a password yet (signed up, never set one) gets a link to set it, worded so.
 */
export function requestPasswordReset(deps: AuthDeps, limits: AuthLimits, email: string, ip: string): void {
  const now = deps.clock.now();
  limits.resetRequestsByIp.attempt(ip, now, "Too many reset requests. Please try again later.");
  if (!isValidEmail(email)) throw badRequest("Please enter a valid email address.");
  if (!limits.resetRequestsByEmail.tryAttempt(normalizeEmail(email), now)) return;

  const user = findUserByEmail(deps.db, email);
  if (!user) return;
  deps.db.transaction((tx) => {
    const { token, expiresAt } = issuePasswordToken(tx, user.id, "reset", now);
    const url = `${deps.config.appUrl}/reset-password?token=${token}`;
    const email = user.needsPasswordSetup ? setPasswordEmail(user, url) : passwordResetEmail(user, url);
    queueEmail(tx, { kind: "password-reset", to: user.email, expiresAt, ...email }, now);
  });
}

/**
 * Sets a new password from an emailed link (reset or welcome): the link is spent, every session closes, a notice
 * goes out. The costly hash runs only for a link that is good, and each address gets a few attempts. The guesses
 * counted against the account's old password no longer matter, and this browser becomes a known device.
 */
export async function resetPassword(deps: AuthDeps, limits: AuthLimits, input: ResetPasswordRequest, ip: string, deviceToken: string | null) {
  if (!input.token) throw badRequest(INVALID_RESET_LINK);
  checkNewPassword(input.newPassword, input.confirmPassword, "Please ensure both password fields match.");
  const now = deps.clock.now();
  limits.resetAttemptsByIp.attempt(ip, now, TOO_MANY_RESETS);
  if (findPasswordTokenUser(deps.db, input.token, now) === null) throw badRequest(INVALID_RESET_LINK);

  const passwordHash = await hashPassword(input.newPassword);
  const { user, device } = deps.db.transaction((tx) => {
    const userId = consumePasswordToken(tx, input.token, now);
    if (userId === null) throw badRequest(INVALID_RESET_LINK);
    const user = storePassword(tx, userId, passwordHash, now);
    queueEmail(tx, { kind: "password-changed", to: user.email, ...passwordChangedEmail(user, `${deps.config.appUrl}/login`, deps.config.supportEmail) }, now);
    return { user, device: rememberDevice(tx, user.id, deviceToken, now) };
  });
  limits.loginAttemptsByAccount.reset(normalizeEmail(user.email));
  return device;
}

/**
 * Changes the signed-in user's password. A user still on their first set-up (their signup proved the address:
 * decision 097) needs no current password (whatever is sent as one is ignored). This session stays open; every
 * other one closes, and this browser stays the one known device.
 */
export async function changePassword(deps: AuthDeps, limits: AuthLimits, user: User, sessionId: string, input: ChangePasswordRequest) {
  const now = deps.clock.now();
  if (!user.needsPasswordSetup && !input.currentPassword) throw badRequest("Please enter your current password.");
  checkNewPassword(input.newPassword, input.confirmPassword, "Please make sure both password fields match.");
  const account = normalizeEmail(user.email);
  limits.passwordChangesByAccount.attempt(account, now, TOO_MANY_PASSWORD_CHANGES);
  if (!user.needsPasswordSetup && !(await verifyPassword(input.currentPassword!, user.passwordHash))) {
    throw badRequest("Your current password is incorrect.");
  }
  const passwordHash = await hashPassword(input.newPassword);
  limits.passwordChangesByAccount.reset(account);
  return deps.db.transaction((tx) => {
    storePassword(tx, user.id, passwordHash, now, sessionId);
    queueEmail(tx, { kind: "password-changed", to: user.email, ...passwordChangedEmail(user, `${deps.config.appUrl}/login`, deps.config.supportEmail) }, now);
    return rememberDevice(tx, user.id, null, now);
  });
}
