import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { referralCodes, referrals, users } from "../../../db/schema.ts";
import type { ReferralSummary } from "../../domain/api/referrals.ts";
import { canonicalMailbox } from "../../domain/mailbox.ts";
import { PLANS } from "../../domain/plans.ts";
import { isReferralCode, referralCounts } from "../../domain/referrals.ts";
import { newToken } from "../auth/tokens.ts";
import type { User } from "../auth/users.ts";

/**
 * Referral links and who joined through them (decision 135). The link carries a random code, never the member's
 * id or address; a code is made the first time the member's panel is shown and stays theirs.
 */
export function referralCodeOf(db: DbOrTx, userId: number, now: Date): string {
  const existing = db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId)).get();
  if (existing) return existing.code;
  db.insert(referralCodes)
    .values({ userId, code: newToken(20), createdAt: now })
    .onConflictDoNothing()
    .run();
  return db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId)).get()!.code;
}

export const referralLink = (appUrl: string, code: string) => `${appUrl}/subscribe?ref=${code}`;

/** A code as a visitor sent it: kept only when it has the shape of one (looked up when the account is made). */
export const acceptedReferralCode = (code: string | undefined): string | null => {
  const trimmed = code?.trim().toLowerCase() ?? "";
  return isReferralCode(trimmed) ? trimmed : null;
};

/**
 * In the transaction that creates the friend's account: remembers who referred them. An unknown code, and a member
 * referring their own mailbox, records nothing (the card is compared when the friend pays: it is not known yet).
 */
export function recordReferral(tx: DbOrTx, code: string | null, friend: { id: number; email: string }, now: Date): void {
  if (!code) return;
  const member = tx
    .select({ id: users.id, email: users.email })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(referralCodes.code, code))
    .get();
  if (!member || member.id === friend.id || canonicalMailbox(member.email) === canonicalMailbox(friend.email)) return;
  tx.insert(referrals).values({ referrerUserId: member.id, referredUserId: friend.id, status: "joined", createdAt: now }).onConflictDoNothing().run();
}

export function referralSummary(db: DbOrTx, user: User, appUrl: string, now: Date): ReferralSummary {
  const statuses = db.select({ status: referrals.status }).from(referrals).where(eq(referrals.referrerUserId, user.id)).all();
  return {
    link: referralLink(appUrl, referralCodeOf(db, user.id, now)),
    ...referralCounts(statuses.map((row) => row.status)),
    monthValue: PLANS[user.planType ?? "monthly"].monthlyEquivalent,
  };
}
