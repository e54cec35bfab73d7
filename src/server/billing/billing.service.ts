import { eq } from "drizzle-orm";
import { users } from "../../../db/schema.ts";
import { hasDealAccess } from "../../domain/access.ts";
import type { SubscriptionInfo } from "../../domain/api/billing.ts";
import { rejoinKind } from "../../domain/rejoin.ts";
import type { User } from "../auth/users.ts";
import { findUserById } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { withProvider } from "./provider-errors.ts";
import { applySubscriptionSnapshot } from "./subscription-sync.ts";

export const CANCELLED_MONTHLY = "You'll continue to have access until the end of your billing period.";
export const CANCELLED_ANNUAL = "Your annual plan is cancelled and, as our Terms say, your access has ended.";

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
  };
}

/**
 * Webhooks keep the local copy current; once a period has ended, a renewal or a cancellation is due, so
 * the provider is asked again (test billing sends no webhooks, so this is how time moves it forward).
 */
export async function currentSubscription(deps: Deps, user: User): Promise<User> {
  const now = deps.clock.now();
  const due = user.currentPeriodEnd !== null && user.currentPeriodEnd.getTime() <= now.getTime();
  if (!user.stripeSubscriptionId || !due || user.subscriptionStatus === "Cancelled") return user;
  const snapshot = await withProvider(() => deps.billing.getSubscription(user.stripeSubscriptionId!));
  applySubscriptionSnapshot(deps.db, user.id, snapshot, now);
  return findUserById(deps.db, user.id)!;
}

function requireSubscription(user: User): string {
  if (!user.stripeSubscriptionId || user.subscriptionStatus === "Cancelled") throw badRequest("You don't have an active subscription to change.");
  return user.stripeSubscriptionId;
}

/** Monthly: cancel at period end, access continues. Annual: per the Terms, access ends now. */
export async function cancelOwnSubscription(deps: Deps, user: User): Promise<{ user: User; message: string }> {
  const subscriptionId = requireSubscription(user);
  const annual = user.planType === "annual";
  const snapshot = await withProvider(() => (annual ? deps.billing.cancelNow(subscriptionId) : deps.billing.cancelAtPeriodEnd(subscriptionId)));
  applySubscriptionSnapshot(deps.db, user.id, snapshot, deps.clock.now());
  return { user: findUserById(deps.db, user.id)!, message: annual ? CANCELLED_ANNUAL : CANCELLED_MONTHLY };
}

export async function createPaymentUpdateIntent(deps: Deps, user: User): Promise<{ clientSecret: string }> {
  if (!user.stripeCustomerId) throw badRequest("There is no card on file for this account to update.");
  const intent = await withProvider(() => deps.billing.createPaymentUpdateIntent(user.stripeCustomerId!));
  return { clientSecret: intent.clientSecret };
}

/**
 * After the card form confirmed (the Billing dialog, or a new card on the Rejoin card): the new card becomes
 * the default for the customer and for a subscription that has not ended.
 */
const INVALID_CARD_UPDATE = "This card update is not valid. Please try again.";

export async function completePaymentUpdate(deps: Deps, user: User, clientSecret: string): Promise<User> {
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
