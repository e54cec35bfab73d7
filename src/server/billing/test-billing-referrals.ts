import { and, eq, lte, ne } from "drizzle-orm";
import { referrals, users } from "../../../db/schema.ts";
import { PLANS } from "../../domain/plans.ts";
import type { User } from "../auth/users.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { log } from "../log.ts";
import { awaitsFirstPayment, rewardReferralPayment } from "./referral-rewards.ts";
import { saveSubscription } from "./subscription-sync.ts";

/**
 * Test billing sends no invoice.paid: its equivalent is a subscription seen active, which it is only once a charge
 * of the plan's price was taken (a trial ended with a card, or a plan paid at once). Called where test billing's
 * time moves a member on (currentSubscription), after a signup paid today, and by the five-minute job
 * (rewardEndedTestTrials); repeating it is harmless.
 */
export async function rewardTestBillingCharge(deps: BillingDeps, friend: User): Promise<void> {
  if (deps.billing.mode !== "test" || !friend.stripeSubscriptionId || !friend.stripeCustomerId) return;
  if (!awaitsFirstPayment(deps.db, friend.stripeCustomerId)) return;
  try {
    const snapshot = await deps.billing.getSubscription(friend.stripeSubscriptionId);
    if (snapshot.status !== "active" || !snapshot.planType) return;
    const charge = {
      customerId: friend.stripeCustomerId,
      amountPaidCents: PLANS[snapshot.planType].price * 100,
      cardFingerprint: snapshot.card?.fingerprint ?? null,
    };
    await rewardReferralPayment(deps, charge);
  } catch (error) {
    log.error("[referrals] could not settle a test billing referral", { user: friend.id, error });
  }
}

/**
 * The five-minute job's part in test billing (decision 135): a referred friend whose trial (or period) has ended is
 * read now, as Stripe's invoice.paid would tell us, so the member's free month comes within minutes of the friend's
 * first charge instead of whenever the friend next opens their dashboard. Only referrals still awaiting a payment.
 */
export async function rewardEndedTestTrials(deps: BillingDeps): Promise<number> {
  if (deps.billing.mode !== "test") return 0;
  const now = deps.clock.now();
  const due = deps.db
    .select({ friend: users })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(and(eq(referrals.status, "joined"), lte(users.currentPeriodEnd, now), ne(users.subscriptionStatus, "Cancelled")))
    .all();
  for (const { friend } of due) {
    if (!friend.stripeSubscriptionId) continue;
    try {
      const snapshot = await deps.billing.getSubscription(friend.stripeSubscriptionId);
      await rewardTestBillingCharge(deps, saveSubscription(deps.db, { userId: friend.id, snapshot, now, appUrl: deps.config.appUrl }));
    } catch (error) {
      log.error("[referrals] could not read a referred friend's test subscription", { user: friend.id, error });
    }
  }
  return due.length;
}
