import { eq } from "drizzle-orm";
import { users } from "../../../db/schema.ts";
import { hasDealAccess } from "../../domain/access.ts";
import type { SubscriptionInfo } from "../../domain/api/billing.ts";
import { cancellationDone, cancellationNotice, cancelsAtOnce } from "../../domain/cancellation.ts";
import { rejoinKind } from "../../domain/rejoin.ts";
import { pauseInfo } from "./member-pause-info.ts";
import type { User } from "../auth/users.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { badRequest } from "../http/errors.ts";
import { withProvider } from "./provider-errors.ts";
import { freeTrialEnd, localStatus } from "./subscription-status.ts";
import { saveSubscription } from "./subscription-sync.ts";
import { rewardTestBillingCharge } from "./test-billing-referrals.ts";

export function toSubscriptionInfo(user: User, now: Date): SubscriptionInfo {
  return {
    planType: user.planType,
    subscriptionType: user.subscriptionType,
    status: user.subscriptionStatus,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    card: user.cardBrand && user.cardLast4 ? { brand: user.cardBrand, last4: user.cardLast4 } : null,
    hasAccess: hasDealAccess(user, now),
    rejoin: rejoinKind(user, now),
    cancellation: canCancel(user) ? cancellationNotice(cancellable(user), user.timeZone) : null,
    pause: pauseInfo(user, now),
  };
}

/** A member can cancel a subscription that has not ended and is not already cancelled. */
const canCancel = (user: User): user is User & { planType: NonNullable<User["planType"]> } =>
  user.stripeSubscriptionId !== null && user.planType !== null && user.subscriptionStatus !== "Cancelled" && !user.cancelAtPeriodEnd;

const cancellable = (user: User & { planType: NonNullable<User["planType"]> }) => ({
  planType: user.planType,
  status: user.subscriptionStatus,
  trialEndsAt: user.trialEndsAt,
  currentPeriodEnd: user.currentPeriodEnd,
});

/**
 * Webhooks keep the local copy current; once a period has ended, a renewal or a cancellation is due, so
 * the provider is asked again (test billing sends no webhooks, so this is how time moves it forward).
 */
export async function currentSubscription(deps: BillingDeps, user: User): Promise<User> {
  const now = deps.clock.now();
  const periodEnded = user.currentPeriodEnd !== null && user.currentPeriodEnd.getTime() <= now.getTime();
  const pauseEnded = user.pauseResumesAt !== null && user.pauseResumesAt.getTime() <= now.getTime();
  const due = periodEnded || pauseEnded;
  if (!user.stripeSubscriptionId || !due || user.subscriptionStatus === "Cancelled") return user;
  const snapshot = await withProvider(() => deps.billing.getSubscription(user.stripeSubscriptionId!));
  const saved = saveSubscription(deps.db, { userId: user.id, snapshot, now, appUrl: deps.config.appUrl });
  await rewardTestBillingCharge(deps, saved);
  return saved;
}

function requireSubscription(user: User): string {
  if (!user.stripeSubscriptionId || user.subscriptionStatus === "Cancelled") throw badRequest("You don't have an active subscription to change.");
  return user.stripeSubscriptionId;
}

/**
 * Decided from the provider's view as it is now (a trial may have ended since our copy was written): a free trial and
 * a paid month run to their end and are not renewed; a paid year ends at once, as the Terms say (decision 106).
 */
export async function cancelOwnSubscription(deps: BillingDeps, user: User): Promise<{ user: User; message: string }> {
  const subscriptionId = requireSubscription(user);
  const current = await withProvider(() => deps.billing.getSubscription(subscriptionId));
  const subscription = {
    planType: current.planType ?? user.planType ?? "monthly",
    status: localStatus(current, deps.clock.now()),
    trialEndsAt: freeTrialEnd(current),
    currentPeriodEnd: current.currentPeriodEnd,
  };
  const snapshot = await withProvider(() =>
    cancelsAtOnce(subscription) ? deps.billing.cancelNow(subscriptionId) : deps.billing.cancelAtPeriodEnd(subscriptionId),
  );
  const after = saveSubscription(deps.db, { userId: user.id, snapshot, now: deps.clock.now(), appUrl: deps.config.appUrl });
  return { user: after, message: cancellationDone(subscription, user.timeZone) };
}

export async function createPaymentUpdateIntent(deps: BillingDeps, user: User): Promise<{ clientSecret: string }> {
  if (!user.stripeCustomerId) throw badRequest("There is no card on file for this account to update.");
  const intent = await withProvider(() => deps.billing.createPaymentUpdateIntent(user.stripeCustomerId!));
  return { clientSecret: intent.clientSecret };
}

/**
 * After the card form confirmed (the Billing dialog, or a new card on the Rejoin card): the new card becomes
 * the default for the customer and for a subscription that has not ended.
 */
const INVALID_CARD_UPDATE = "This card update is not valid. Please try again.";

export async function completePaymentUpdate(deps: BillingDeps, user: User, clientSecret: string): Promise<User> {
  const setupIntentId = clientSecret.split("_secret_")[0];
  if (!user.stripeCustomerId || !setupIntentId?.startsWith("seti_")) throw badRequest(INVALID_CARD_UPDATE);
  const card = await withProvider(
    () => deps.billing.setDefaultPaymentMethod({ customerId: user.stripeCustomerId!, subscriptionId: user.stripeSubscriptionId, setupIntentId }),
    INVALID_CARD_UPDATE,
  );
  if (!card) throw badRequest("Your new card hasn't been confirmed. Please try again.");
  return deps.db
    .update(users)
    .set({ cardBrand: card.brand, cardLast4: card.last4, updatedAt: deps.clock.now() })
    .where(eq(users.id, user.id))
    .returning()
    .get();
}
