import { count, eq, or } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { trialClaims, users } from "../../../db/schema.ts";
import { canonicalMailbox } from "../../domain/mailbox.ts";
import { hashToken } from "../auth/tokens.ts";

/**
 * One free trial per person (decision 098): per mailbox (src/domain/mailbox.ts) and per card (the provider's card
 * fingerprint). A claim outlives the account, so a deleted member coming back, an alias of the same mailbox or
 * another address with the same card is offered the paid plan instead. Only hashes are kept.
 */
export type TrialUsedBy = "address" | "card";

/** A signup whose card or address already had its free trial: nothing is created; the paid plan is offered instead. */
export class TrialUsedError extends Error {
  constructor(readonly by: TrialUsedBy) {
    super(`This ${by} has already had a free trial`);
  }
}

const addressKey = (email: string) => hashToken(`address:${canonicalMailbox(email)}`);
const cardKey = (fingerprint: string) => hashToken(`card:${fingerprint}`);

/** Which of the two has had a free trial already, the address first; null when neither has. */
export function trialUsedBy(db: DbOrTx, email: string, cardFingerprint: string | null): TrialUsedBy | null {
  const keys = [addressKey(email), ...(cardFingerprint ? [cardKey(cardFingerprint)] : [])];
  const claimed = new Set(
    db
      .select({ keyHash: trialClaims.keyHash })
      .from(trialClaims)
      .where(or(...keys.map((key) => eq(trialClaims.keyHash, key))))
      .all()
      .map((row) => row.keyHash),
  );
  if (claimed.has(addressKey(email))) return "address";
  if (cardFingerprint && claimed.has(cardKey(cardFingerprint))) return "card";
  return null;
}

/** Records a trial given to this address and card. Call in the transaction that creates the account. */
export function claimTrial(db: DbOrTx, email: string, cardFingerprint: string | null, now: Date): void {
  const keys = [addressKey(email), ...(cardFingerprint ? [cardKey(cardFingerprint)] : [])];
  for (const keyHash of keys) db.insert(trialClaims).values({ keyHash, claimedAt: now }).onConflictDoNothing().run();
}

/**
 * Once, on the first boot with the trial_claims table: the addresses of the paying members signed up before it
 * (all of them began with a trial). Their cards are not known; from now on each trial's card is.
 */
export function claimTrialsOfEarlierMembers(db: DbOrTx, now: Date): void {
  if ((db.select({ n: count() }).from(trialClaims).get()?.n ?? 0) > 0) return;
  const members = db.select({ email: users.email }).from(users).where(eq(users.subscriptionType, "Paid")).all();
  for (const member of members) claimTrial(db, member.email, null, now);
}
