import { and, count, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { referralRewardClaims, referrals, users } from "../../../db/schema.ts";
import { canonicalMailbox } from "../../domain/mailbox.ts";
import { freeMonthCents, type ReferralParty, rewardForPayment } from "../../domain/referrals.ts";
import { hashToken } from "../auth/tokens.ts";
import type { User } from "../auth/users.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { queueEmail } from "../mail/outbox.ts";
import { freeMonthEarnedEmail } from "../mail/templates/referral-emails.ts";
import { log } from "../log.ts";

/**
 * The free month a referral earns (decision 135), given when the friend's first charge is paid: Stripe's
 * invoice.paid, or test billing's equivalent (rewardTestBillingCharge). Every step is safe to repeat: Stripe retries
 * webhooks and sends invoice.paid beside invoice.payment_succeeded, and a reward is claimed in one transaction
 * before the provider is asked for the credit, under an idempotency key of its own.
 */

const addressKey = (email: string) => hashToken(`referral-address:${canonicalMailbox(email)}`);
const cardKey = (fingerprint: string) => hashToken(`referral-card:${fingerprint}`);

const findUser = (db: DbOrTx, id: number) => db.select().from(users).where(eq(users.id, id)).get();

function claimed(db: DbOrTx, keys: string[]): Set<string> {
  if (keys.length === 0) return new Set();
  return new Set(
    db
      .select({ keyHash: referralRewardClaims.keyHash })
      .from(referralRewardClaims)
      .where(inArray(referralRewardClaims.keyHash, keys))
      .all()
      .map((row) => row.keyHash),
  );
}

/** The card on the member's subscription as the provider has it; null when they have none or it has ended. */
async function memberCardFingerprint(deps: BillingDeps, member: User): Promise<string | null> {
  if (!member.stripeSubscriptionId) return null;
  return (await deps.billing.getSubscription(member.stripeSubscriptionId)).card?.fingerprint ?? null;
}

export interface PaidCharge {
  /** The friend's billing customer. */
  customerId: string;
  amountPaidCents: number;
  /** The card the friend paid with (the provider's fingerprint), null when unknown. */
  cardFingerprint: string | null;
}

type Claim = { referralId: number; member: User; cents: number };

/** Decides and, when it is a reward, claims it (status, person and card), all in one transaction. */
function claimReward(deps: BillingDeps, friend: User, memberCard: string | null, charge: PaidCharge): Claim | null {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => {
    const referral = tx.select().from(referrals).where(eq(referrals.referredUserId, friend.id)).get();
    if (referral?.status !== "joined") return null;
    const member = findUser(tx, referral.referrerUserId);
    if (!member) return null;
    const keys = { address: addressKey(friend.email), card: charge.cardFingerprint ? cardKey(charge.cardFingerprint) : null };
    const taken = claimed(tx, [keys.address, ...(keys.card ? [keys.card] : [])]);
    const memberParty: ReferralParty = { userId: member.id, email: member.email, cardFingerprint: memberCard };
    const friendParty: ReferralParty = { userId: friend.id, email: friend.email, cardFingerprint: charge.cardFingerprint };
    const decision = rewardForPayment(memberParty, friendParty, {
      amountPaidCents: charge.amountPaidCents,
      personRewardedBefore: taken.has(keys.address),
      cardRewardedBefore: keys.card !== null && taken.has(keys.card),
      memberBillable: member.stripeCustomerId !== null,
    });
    if (!decision.reward) {
      if (decision.because) tx.update(referrals).set({ status: "refused", refusedBecause: decision.because }).where(eq(referrals.id, referral.id)).run();
      return null;
    }
    const cents = freeMonthCents(member.planType ?? "monthly");
    for (const keyHash of [keys.address, ...(keys.card ? [keys.card] : [])]) {
      tx.insert(referralRewardClaims).values({ keyHash, referralId: referral.id, claimedAt: now }).run();
    }
    tx.update(referrals).set({ status: "rewarded", creditCents: cents, rewardedAt: now }).where(eq(referrals.id, referral.id)).run();
    return { referralId: referral.id, member, cents };
  });
}

/** The provider refused or failed: the claim is given back, so the retried event tries again. */
function releaseClaim(deps: BillingDeps, referralId: number): void {
  deps.db.transaction((tx) => {
    tx.delete(referralRewardClaims).where(eq(referralRewardClaims.referralId, referralId)).run();
    tx.update(referrals).set({ status: "joined", creditCents: null, rewardedAt: null }).where(eq(referrals.id, referralId)).run();
  });
}

/** Whether this billing customer is a referred friend who has not paid yet: only then is a charge worth a look. */
export function awaitsFirstPayment(db: DbOrTx, customerId: string): boolean {
  const open = db
    .select({ id: referrals.id })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(and(eq(users.stripeCustomerId, customerId), eq(referrals.status, "joined")))
    .get();
  return open !== undefined;
}

/** A friend's charge was paid: the member who referred them earns one free month if every rule says yes. */
export async function rewardReferralPayment(deps: BillingDeps, charge: PaidCharge): Promise<void> {
  const friend = deps.db.select().from(users).where(eq(users.stripeCustomerId, charge.customerId)).get();
  if (!friend || charge.amountPaidCents <= 0) return;
  const open = deps.db
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredUserId, friend.id), eq(referrals.status, "joined")))
    .get();
  if (!open) return;
  const member = findUser(deps.db, open.referrerUserId);
  if (!member) return;
  const claim = claimReward(deps, friend, await memberCardFingerprint(deps, member), charge);
  if (!claim) return;
  let creditId: string;
  try {
    creditId = (
      await deps.billing.adjustBalance({
        customerId: claim.member.stripeCustomerId!,
        amountCents: -claim.cents,
        description: "GoRDU free month: a friend you invited joined",
        idempotencyKey: `referral-reward-${claim.referralId}`,
      })
    ).id;
  } catch (error) {
    releaseClaim(deps, claim.referralId);
    throw error;
  }
  const now = deps.clock.now();
  deps.db.transaction((tx) => {
    tx.update(referrals).set({ creditId }).where(eq(referrals.id, claim.referralId)).run();
    const monthsEarned =
      tx
        .select({ n: count() })
        .from(referrals)
        .where(and(eq(referrals.referrerUserId, claim.member.id), eq(referrals.status, "rewarded")))
        .get()?.n ?? 1;
    const email = freeMonthEarnedEmail(claim.member, { dollars: claim.cents / 100, monthsEarned }, `${deps.config.appUrl}/dashboard`);
    queueEmail(tx, { kind: "referral-free-month", to: claim.member.email, dedupeKey: `referral-reward:${claim.referralId}`, ...email }, now);
  });
  log.info("[referrals] free month credited", { referral: claim.referralId, cents: claim.cents });
}

/**
 * The friend's charge was refunded. Before a reward, the referral is closed without one; after it, the free month
 * is taken back with a balance transaction of the same amount (the claims stay: that person and card have had
 * their one reward).
 */
export async function reverseReferralOnRefund(deps: BillingDeps, customerId: string): Promise<void> {
  const friend = deps.db.select().from(users).where(eq(users.stripeCustomerId, customerId)).get();
  if (!friend) return;
  const reversing = deps.db.transaction((tx) => {
    const referral = tx.select().from(referrals).where(eq(referrals.referredUserId, friend.id)).get();
    if (referral?.status === "joined") {
      tx.update(referrals).set({ status: "refused", refusedBecause: "refunded" }).where(eq(referrals.id, referral.id)).run();
      return null;
    }
    if (referral?.status !== "rewarded") return null;
    tx.update(referrals).set({ status: "reversed" }).where(eq(referrals.id, referral.id)).run();
    return referral;
  });
  if (!reversing) return;
  const member = findUser(deps.db, reversing.referrerUserId);
  if (!member?.stripeCustomerId || !reversing.creditCents) return;
  try {
    await deps.billing.adjustBalance({
      customerId: member.stripeCustomerId,
      amountCents: reversing.creditCents,
      description: "GoRDU free month taken back: your friend's payment was refunded",
      idempotencyKey: `referral-reversal-${reversing.id}`,
    });
  } catch (error) {
    deps.db.update(referrals).set({ status: "rewarded" }).where(eq(referrals.id, reversing.id)).run();
    throw error;
  }
}
