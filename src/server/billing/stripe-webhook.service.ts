import { format } from "date-fns";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { pendingSignups, stripeEvents, users } from "../../../db/schema.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { queueEmail } from "../mail/outbox.ts";
import { paymentFailedEmail, trialEndingEmail } from "../mail/templates/billing-emails.ts";
import type { SubscriptionSnapshot } from "./billing.ts";
import type { KeyedLock } from "./keyed-lock.ts";
import { reverseReferralOnRefund } from "./referral-rewards.ts";
import { rewardPaidInvoice } from "./referral-webhooks.ts";
import { finishSignup } from "./signup.service.ts";
import { localStatus } from "./subscription-status.ts";
import { saveSubscription } from "./subscription-sync.ts";
import { TrialUsedError } from "./trial-claims.ts";
import { log } from "../log.ts";

type User = typeof users.$inferSelect;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The subscription an invoice belongs to, wherever this API version puts it. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(legacy) ?? idOf(invoice.parent?.subscription_details?.subscription);
}

/**
 * The user this subscription belongs to now. The customer alone is not enough: after a rejoin or an admin
 * re-activation the customer has a newer subscription, and a late event about the old one must not replace it.
 * A live subscription of a customer whose recorded one has ended is theirs, though: a rejoin whose answer
 * never reached our database (the event arrived first, or the process stopped in between).
 */
function ownerOf(deps: BillingDeps, snapshot: SubscriptionSnapshot): User | undefined {
  const bySubscription = deps.db.select().from(users).where(eq(users.stripeSubscriptionId, snapshot.id)).get();
  if (bySubscription) return bySubscription;
  const byCustomer = deps.db.select().from(users).where(eq(users.stripeCustomerId, snapshot.customerId)).get();
  if (!byCustomer) return undefined;
  if (!byCustomer.stripeSubscriptionId) return byCustomer;
  const replacesEnded = byCustomer.subscriptionStatus === "Cancelled" && localStatus(snapshot, deps.clock.now()) !== "Cancelled";
  return replacesEnded ? byCustomer : undefined;
}

/**
 * Never trusts the order events arrive in: it asks Stripe for the subscription as it is now and writes
 * that onto its owner. Returns the owner, if there is one.
 */
async function syncSubscription(deps: BillingDeps, subscriptionId: string): Promise<User | undefined> {
  const snapshot = await deps.billing.getSubscription(subscriptionId);
  const owner = ownerOf(deps, snapshot);
  return owner ? saveSubscription(deps.db, { userId: owner.id, snapshot, now: deps.clock.now(), appUrl: deps.config.appUrl }) : undefined;
}

/**
 * A signup whose browser never came back still becomes an account (with a welcome email to set a password), if its
 * address was confirmed and its trial is not refused.
 */
async function finishSignupFor(deps: BillingDeps, where: { setupIntentId: string } | { checkoutSessionId: string }) {
  const pending =
    "setupIntentId" in where
      ? deps.db.select().from(pendingSignups).where(eq(pendingSignups.setupIntentId, where.setupIntentId)).get()
      : deps.db.select().from(pendingSignups).where(eq(pendingSignups.checkoutSessionId, where.checkoutSessionId)).get();
  if (!pending || pending.completedUserId) return;
  let subscriptionId = pending.stripeSubscriptionId;
  let customerId = pending.stripeCustomerId;
  if ("checkoutSessionId" in where) {
    const session = await deps.billing.getCheckoutSession(where.checkoutSessionId);
    if (!session.complete) return;
    subscriptionId = session.subscriptionId;
    customerId = session.customerId;
  }
  if (!subscriptionId || !customerId) return;
  try {
    finishSignup(deps, pending, customerId, await deps.billing.getSubscription(subscriptionId));
  } catch (error) {
    // A refused trial is the browser's to settle: it cancels the trial and offers the paid plan.
    if (!(error instanceof TrialUsedError)) log.error("[stripe] could not finish a signup from a webhook", { signup: pending.id, error });
  }
}

async function applyEvent(deps: BillingDeps, event: Stripe.Event): Promise<void> {
  const now = deps.clock.now();
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      await syncSubscription(deps, event.data.object.id);
      return;
    case "customer.subscription.trial_will_end": {
      const owner = await syncSubscription(deps, event.data.object.id);
      const trialEnd = event.data.object.trial_end;
      // A member who cancelled their trial was told it ends with nothing charged; "continues automatically" would be wrong.
      // A renewal moved by a pause is a "trial" only to Stripe (decision 138): the member has no free trial to be told of.
      if (owner && trialEnd && owner.trialEndsAt && !owner.cancelAtPeriodEnd) {
        const email = trialEndingEmail(owner, format(new Date(trialEnd * 1000), "EEEE, MMMM d"), `${deps.config.appUrl}/dashboard`);
        queueEmail(deps.db, { kind: "trial-ending", to: owner.email, dedupeKey: `stripe:${event.id}`, ...email }, now);
      }
      return;
    }
    // Stripe sends invoice.payment_succeeded beside invoice.paid for a paid invoice; either one syncs its subscription.
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (subscriptionId) await syncSubscription(deps, subscriptionId);
      await rewardPaidInvoice(deps, invoice, subscriptionId);
      return;
    }
    case "charge.refunded": {
      // Only a full refund undoes a referral's payment; a partial one (a goodwill refund) leaves it paid.
      const charge = event.data.object;
      const customerId = idOf(charge.customer);
      if (customerId && charge.refunded) await reverseReferralOnRefund(deps, customerId);
      return;
    }
    case "invoice.payment_failed": {
      const subscriptionId = invoiceSubscriptionId(event.data.object);
      const owner = subscriptionId ? await syncSubscription(deps, subscriptionId) : undefined;
      if (owner) {
        const email = paymentFailedEmail(owner, `${deps.config.appUrl}/dashboard`);
        queueEmail(deps.db, { kind: "payment-failed", to: owner.email, dedupeKey: `stripe:${event.id}`, ...email }, now);
      }
      return;
    }
    case "setup_intent.succeeded": {
      const intent = event.data.object;
      const customerId = idOf(intent.customer);
      if (intent.metadata?.purpose === "payment_update" && customerId) {
        const owner = deps.db.select().from(users).where(eq(users.stripeCustomerId, customerId)).get();
        if (!owner) return;
        const card = await deps.billing.setDefaultPaymentMethod({ customerId, subscriptionId: owner.stripeSubscriptionId, setupIntentId: intent.id });
        if (card) deps.db.update(users).set({ cardBrand: card.brand, cardLast4: card.last4, updatedAt: now }).where(eq(users.id, owner.id)).run();
        return;
      }
      await finishSignupFor(deps, { setupIntentId: intent.id });
      return;
    }
    case "checkout.session.completed":
      await finishSignupFor(deps, { checkoutSessionId: event.data.object.id });
      return;
  }
}

/**
 * Applies each event once. Two identical deliveries at the same moment wait for each other; a failure
 * leaves the event unprocessed, so Stripe's retry applies it later.
 */
export async function handleStripeEvent(deps: BillingDeps, lock: KeyedLock, event: Stripe.Event): Promise<"applied" | "duplicate"> {
  return lock.run(`stripe-event:${event.id}`, async () => {
    const seen = deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)).get();
    if (seen?.processedAt) return "duplicate";
    if (!seen) deps.db.insert(stripeEvents).values({ id: event.id, type: event.type, receivedAt: deps.clock.now() }).run();
    await applyEvent(deps, event);
    deps.db.update(stripeEvents).set({ processedAt: deps.clock.now() }).where(eq(stripeEvents.id, event.id)).run();
    return "applied";
  });
}
