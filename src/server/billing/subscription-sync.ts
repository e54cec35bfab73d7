import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import type { SubscriptionSnapshot } from "./billing.ts";
import { localStatus } from "./subscription-status.ts";

/** The columns of a user that mirror their provider subscription. */
export function subscriptionColumns(snapshot: SubscriptionSnapshot) {
  return {
    stripeCustomerId: snapshot.customerId,
    stripeSubscriptionId: snapshot.id,
    subscriptionStatus: localStatus(snapshot),
    planType: snapshot.planType ?? undefined,
    trialEndsAt: snapshot.status === "trialing" ? snapshot.trialEnd : null,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    ...(snapshot.card ? { cardBrand: snapshot.card.brand, cardLast4: snapshot.card.last4 } : {}),
  };
}

/** Writes the provider's current view of a subscription onto the user who owns it. */
export function applySubscriptionSnapshot(db: DbOrTx, userId: number, snapshot: SubscriptionSnapshot, now: Date): void {
  db.update(users)
    .set({ ...subscriptionColumns(snapshot), updatedAt: now })
    .where(eq(users.id, userId))
    .run();
}
