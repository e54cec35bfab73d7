import { PLANS } from "../../domain/plans.ts";
import type { User } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { log } from "../log.ts";
import { awaitsFirstPayment, rewardReferralPayment } from "./referral-rewards.ts";

/**
 * Test billing sends no invoice.paid: its equivalent is a subscription seen active, which it is only once a charge
 * of the plan's price was taken (a trial ended with a card, or a plan paid at once). Called where test billing's
 * time moves a member on (currentSubscription) and after a signup paid today; repeating it is harmless.
 */
export async function rewardTestBillingCharge(deps: Deps, friend: User): Promise<void> {
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
