import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { billingChange, billingConfirmation, type BillingState } from "../../domain/billing-changes.ts";
import type { User } from "../auth/users.ts";
import { queueEmail } from "../mail/outbox.ts";
import { billingConfirmationEmail } from "../mail/templates/billing-emails.ts";
import type { SubscriptionSnapshot } from "./billing.ts";
import { freeTrialEnd, localStatus, pauseEnd } from "./subscription-status.ts";

/** The columns of a user that mirror their provider subscription, as they read at `now` (a member's pause ends by time). */
export function subscriptionColumns(snapshot: SubscriptionSnapshot, now: Date) {
  return {
    stripeCustomerId: snapshot.customerId,
    stripeSubscriptionId: snapshot.id,
    subscriptionStatus: localStatus(snapshot, now),
    planType: snapshot.planType ?? undefined,
    trialEndsAt: freeTrialEnd(snapshot),
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    pauseResumesAt: pauseEnd(snapshot, now),
    ...(snapshot.card ? { cardBrand: snapshot.card.brand, cardLast4: snapshot.card.last4 } : {}),
  };
}

const billingState = (user: User): BillingState => ({
  subscriptionId: user.stripeSubscriptionId,
  status: user.subscriptionStatus,
  planType: user.planType,
  trialEndsAt: user.trialEndsAt,
  currentPeriodEnd: user.currentPeriodEnd,
  cancelAtPeriodEnd: user.cancelAtPeriodEnd,
  pausedUntil: user.pauseResumesAt,
  card: user.cardBrand && user.cardLast4 ? { brand: user.cardBrand, last4: user.cardLast4 } : null,
});

export interface SavedSubscription {
  userId: number;
  snapshot: SubscriptionSnapshot;
  now: Date;
  /** The site's address, for the confirmation's dashboard link. */
  appUrl: string;
  /** Other columns written in the same step (an admin's edit, the subscription type). */
  extra?: Partial<typeof users.$inferInsert>;
}

/**
 * The one writer of the provider's view of a subscription onto the user who owns it. When the write is a billing
 * event (cancelled, restarted, continued, paused, plan changed) the member's confirmation is queued in the same
 * transaction: whichever path sees the change first (the member's request, an admin's, a Stripe webhook) sends it,
 * and every later one finds nothing changed, so each event is confirmed once (decision 107).
 */
export function saveSubscription(db: DbOrTx, { userId, snapshot, now, appUrl, extra = {} }: SavedSubscription): User {
  return db.transaction((tx) => {
    const before = tx.select().from(users).where(eq(users.id, userId)).get();
    const after = tx
      .update(users)
      .set({ ...subscriptionColumns(snapshot, now), ...extra, updatedAt: now })
      .where(eq(users.id, userId))
      .returning()
      .get();
    const change = before ? billingChange(billingState(before), billingState(after)) : null;
    if (before && change) {
      const confirmation = billingConfirmation(change, billingState(before), billingState(after), now, after.timeZone);
      // A subscription starts once; the other events have no id of their own, and the transaction keeps them single.
      const dedupeKey = change === "restarted" ? `billing-restarted:${after.stripeSubscriptionId}` : undefined;
      const email = billingConfirmationEmail(after, confirmation, `${appUrl}/dashboard`);
      queueEmail(tx, { kind: `billing-${change}`, to: after.email, dedupeKey, ...email }, now);
    }
    return after;
  });
}
