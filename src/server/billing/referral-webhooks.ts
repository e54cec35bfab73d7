import type Stripe from "stripe";
import type { BillingDeps } from "./billing-deps.ts";
import { awaitsFirstPayment, rewardReferralPayment } from "./referral-rewards.ts";

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * A paid invoice may be a referred friend's first charge (decision 135). A trial's $0 invoice is not; the card is
 * the one on the subscription the invoice paid, as the provider has it now.
 */
export async function rewardPaidInvoice(deps: BillingDeps, invoice: Stripe.Invoice, subscriptionId: string | null): Promise<void> {
  const customerId = idOf(invoice.customer);
  if (!customerId || !(invoice.amount_paid > 0) || !awaitsFirstPayment(deps.db, customerId)) return;
  const card = subscriptionId ? (await deps.billing.getSubscription(subscriptionId)).card : null;
  await rewardReferralPayment(deps, { customerId, amountPaidCents: invoice.amount_paid, cardFingerprint: card?.fingerprint ?? null });
}
