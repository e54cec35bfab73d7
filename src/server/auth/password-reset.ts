import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, gt, lt } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { passwordResetTokens } from "../../../db/schema.ts";
import { hashToken } from "./sessions.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** A new subscriber's set-password link stays valid longer: the welcome email may be read days later. */
export const WELCOME_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

/** 32 random bytes; only the SHA-256 is stored. Issuing a token voids the user's older ones. */
export function issueResetToken(db: DbOrTx, userId: number, now: Date, ttlMs = RESET_TOKEN_TTL_MS): string {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run();
  db.insert(passwordResetTokens)
    .values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
    .run();
  return token;
}

/** The user a valid token belongs to, or null; a token works once. */
export function consumeResetToken(db: DbOrTx, token: string, now: Date): number | null {
  const row = db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId })
    .get();
  return row?.userId ?? null;
}

export function deleteExpiredResetTokens(db: DbOrTx, now: Date): void {
  db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)).run();
}
