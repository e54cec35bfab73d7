import { eq } from "drizzle-orm";
import { users } from "../../../db/schema.ts";
import { isValidEmail, normalizeEmail } from "../../domain/validation.ts";
import type { Deps } from "../deps.ts";
import { badRequest, unauthorized } from "../http/errors.ts";
import { tooManyRequests } from "../http/rate-limit.ts";
import { queueEmail } from "../mail/outbox.ts";
import { passwordChangedEmail, passwordResetEmail, setPasswordEmail } from "../mail/templates/account-emails.ts";
import { TOO_MANY_LOGINS, type AuthLimits } from "./auth-limits.ts";
import { checkNewPassword, hashPassword, verifyPassword } from "./passwords.ts";
import { consumeResetToken, issueResetToken } from "./password-reset.ts";
import { createSession, invalidateSession, invalidateUserSessions, type User } from "./sessions.ts";
import { findUserByEmail } from "./users.ts";

export const INVALID_LOGIN = "Invalid email or password";
export const RESET_EMAIL_SENT = "If an account exists, a password reset email has been sent.";
export const INVALID_RESET_LINK = "This password reset link is invalid or expired.";

interface LoginInput {
  email: string;
  password: string;
  skipLastLoginUpdate?: boolean;
}

/** Checks the password and opens a new session; the one the browser already had, if any, is closed. */
export async function login(deps: Deps, limits: AuthLimits, input: LoginInput, ip: string, previousSessionId: string | null) {
  const now = deps.clock.now();
  const account = normalizeEmail(input.email);
  const wait = Math.max(limits.loginFailuresByAccount.retryAfterSeconds(account, now), limits.loginFailuresByIp.retryAfterSeconds(ip, now));
  if (wait > 0) throw tooManyRequests(TOO_MANY_LOGINS, wait);

  const user = findUserByEmail(deps.db, input.email);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!user || !valid) {
    limits.loginFailuresByAccount.record(account, now);
    limits.loginFailuresByIp.record(ip, now);
    throw unauthorized(INVALID_LOGIN);
  }
  limits.loginFailuresByAccount.reset(account);

  return deps.db.transaction((tx) => {
    if (previousSessionId) invalidateSession(tx, previousSessionId);
    if (!input.skipLastLoginUpdate) tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)).run();
    return createSession(tx, user.id, now);
  });
}

/**
 * Always the same answer; an email goes out only when the account exists and this address isn't being flooded.
 * Someone without a password yet (signed up, never set one) gets a link to set it, worded so.
 */
export function requestPasswordReset(deps: Deps, limits: AuthLimits, email: string, ip: string): void {
  const now = deps.clock.now();
  limits.resetRequestsByIp.take(ip, now, "Too many reset requests. Please try again later.");
  if (!isValidEmail(email)) throw badRequest("Please enter a valid email address.");

  const key = normalizeEmail(email);
  if (limits.resetRequestsByEmail.retryAfterSeconds(key, now) > 0) return;
  limits.resetRequestsByEmail.record(key, now);

  const user = findUserByEmail(deps.db, email);
  if (!user) return;
  deps.db.transaction((tx) => {
    const token = issueResetToken(tx, user.id, now);
    const url = `${deps.config.appUrl}/reset-password?token=${token}`;
    const email = user.needsPasswordSetup ? setPasswordEmail(user, url) : passwordResetEmail(user, url);
    queueEmail(tx, { kind: "password-reset", to: user.email, ...email }, now);
  });
}

interface ResetInput {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

/** Sets a new password from an emailed link: the link is spent, every session closes, a notice goes out. */
export async function resetPassword(deps: Deps, input: ResetInput): Promise<void> {
  if (!input.token) throw badRequest(INVALID_RESET_LINK);
  checkNewPassword(input.newPassword, input.confirmPassword, "Please ensure both password fields match.");
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  deps.db.transaction((tx) => {
    const userId = consumeResetToken(tx, input.token, now);
    if (userId === null) throw badRequest(INVALID_RESET_LINK);
    const user = tx
      .update(users)
      .set({ passwordHash, needsPasswordSetup: false, updatedAt: now })
      .where(eq(users.id, userId))
      .returning()
      .get();
    invalidateUserSessions(tx, userId);
    queueEmail(tx, { kind: "password-changed", to: user.email, ...passwordChangedEmail(user, `${deps.config.appUrl}/login`, deps.config.supportEmail) }, now);
  });
}

interface ChangePasswordInput {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Changes the signed-in user's password. A user still on their first, emailed set-up needs no current
 * password (whatever is sent as one is ignored). This session stays open; every other one closes.
 */
export async function changePassword(deps: Deps, limits: AuthLimits, user: User, sessionId: string, input: ChangePasswordInput): Promise<void> {
  const now = deps.clock.now();
  if (!user.needsPasswordSetup) {
    const account = normalizeEmail(user.email);
    const wait = limits.loginFailuresByAccount.retryAfterSeconds(account, now);
    if (wait > 0) throw tooManyRequests(TOO_MANY_LOGINS, wait);
    if (!input.currentPassword) throw badRequest("Please enter your current password.");
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      limits.loginFailuresByAccount.record(account, now);
      throw badRequest("Your current password is incorrect.");
    }
  }
  checkNewPassword(input.newPassword, input.confirmPassword, "Please make sure both password fields match.");
  const passwordHash = await hashPassword(input.newPassword);
  deps.db.transaction((tx) => {
    tx.update(users).set({ passwordHash, needsPasswordSetup: false, updatedAt: now }).where(eq(users.id, user.id)).run();
    invalidateUserSessions(tx, user.id, sessionId);
    queueEmail(tx, { kind: "password-changed", to: user.email, ...passwordChangedEmail(user, `${deps.config.appUrl}/login`, deps.config.supportEmail) }, now);
  });
}
