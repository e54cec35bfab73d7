import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { pendingSignups } from "../../../db/schema.ts";
import { hashToken, newToken } from "../auth/tokens.ts";
import { DAY_MS } from "../../domain/calendar.ts";

export const PENDING_SIGNUP_TTL_MS = DAY_MS;

export type PendingSignup = typeof pendingSignups.$inferSelect;

export function newPendingSignupId(): string {
  return `signup_${newToken()}`;
}

/** The signup this browser started, if its cookie names one that has not expired. */
export function findPendingSignupForBrowser(db: DbOrTx, browserToken: string | null, now: Date): PendingSignup | undefined {
  if (!browserToken) return undefined;
  const row = db
    .select()
    .from(pendingSignups)
    .where(eq(pendingSignups.browserTokenHash, hashToken(browserToken)))
    .get();
  return row && row.expiresAt.getTime() > now.getTime() ? row : undefined;
}
