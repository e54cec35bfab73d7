import { timingSafeEqual } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { knownDevices, passwordResetTokens, sessions, users } from "../../../db/schema.ts";
import { DAY_MS } from "../../domain/calendar.ts";

/**
 * Every random secret GoRDU hands out is made here (sessions, reset and welcome links, signup browser tokens and
 * codes, known devices, unsubscribe links), the reset and welcome links are issued, checked, spent and voided here,
 * and so are the per-link tokens of the forms behind those links.
 */

/** `bytes` random bytes from the CSPRNG, base32: 20 bytes are 160 bits, above the 120 docs/hardening.md asks for. */
export function newToken(bytes = 20): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A 6-digit code from the CSPRNG, every value equally likely: what a person types from an email (decision 097). */
export function newNumericCode(): string {
  const values = 1_000_000;
  const unbiasedBelow = Math.floor(2 ** 32 / values) * values;
  const draw = new Uint32Array(1);
  do crypto.getRandomValues(draw);
  while (draw[0]! >= unbiasedBelow);
  return String(draw[0]! % values).padStart(6, "0");
}

/** What the database keeps of a token: its SHA-256, hex (Bun's native hasher: about 1 µs). */
export function hashToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

/**
 * The token a link's confirmation form carries (the snooze page's button): HMAC-SHA256 of the purpose and the link's
 * parts, keyed by the link's own secret (the member's link token). Only the link's holder or the server can make it, it
 * names one purpose and one target, and it dies with the link's secret; the POST that carries it needs no Origin.
 */
export function linkFormToken(linkSecret: string, purpose: string, ...parts: string[]): string {
  return new Bun.CryptoHasher("sha256", linkSecret).update([purpose, ...parts].join("\0")).digest("base64url");
}

export function isLinkFormToken(token: unknown, linkSecret: string, purpose: string, ...parts: string[]): boolean {
  if (typeof token !== "string") return false;
  const given = Buffer.from(token);
  const expected = Buffer.from(linkFormToken(linkSecret, purpose, ...parts));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type PasswordTokenPurpose = "reset" | "welcome";

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** A new subscriber's set-password link stays valid longer: the welcome email may be read days later. */
export const WELCOME_TOKEN_TTL_MS = 7 * DAY_MS;

const TTL_MS: Record<PasswordTokenPurpose, number> = { reset: RESET_TOKEN_TTL_MS, welcome: WELCOME_TOKEN_TTL_MS };

/** A link that sets a password: 32 random bytes, only the SHA-256 stored; the user's older links are void. */
export function issuePasswordToken(db: DbOrTx, userId: number, purpose: PasswordTokenPurpose, now: Date): { token: string; expiresAt: Date } {
  const token = newToken(32);
  const expiresAt = new Date(now.getTime() + TTL_MS[purpose]);
  db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
  db.insert(passwordResetTokens)
    .values({ tokenHash: hashToken(token), userId, purpose, createdAt: now, expiresAt })
    .run();
  return { token, expiresAt };
}

/**
 * The user a link is good for now, without spending it (one indexed read, so it can come before any costly
 * work): unexpired, and a welcome link only while its account still waits for its first password.
 */
export function findPasswordTokenUser(db: DbOrTx, token: string, now: Date): number | null {
  const row = db
    .select({ userId: passwordResetTokens.userId, purpose: passwordResetTokens.purpose, needsPasswordSetup: users.needsPasswordSetup })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), gt(passwordResetTokens.expiresAt, now)))
    .get();
  if (!row || (row.purpose === "welcome" && !row.needsPasswordSetup)) return null;
  return row.userId;
}

/** Spends a link: the user it was good for, or null. A link works once. */
export function consumePasswordToken(db: DbOrTx, token: string, now: Date): number | null {
  const userId = findPasswordTokenUser(db, token, now);
  if (userId === null) return null;
  db.delete(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    .run();
  return userId;
}

/**
 * After a password is set, changed or reset, by any path: every reset and welcome link and every known device of
 * the user is void, and every session except (optionally) the one that made the change.
 */
export function voidTokensAfterPasswordChange(db: DbOrTx, userId: number, keepSessionId?: string): void {
  db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
  db.delete(knownDevices).where(eq(knownDevices.userId, userId)).run();
  db.delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
    .run();
}

export function deleteExpiredPasswordTokens(db: DbOrTx, now: Date): void {
  db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)).run();
}
