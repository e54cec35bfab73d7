import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { pendingSignups } from "../../../db/schema.ts";
import type { BillingDeps } from "./billing-deps.ts";
import type { Billing } from "./billing.ts";
import type { PendingSignup } from "./pending-signups.ts";
import { log } from "../log.ts";

/**
 * Makes an unfinished signup impossible to charge, before its local row goes (nothing could finish it
 * afterwards): its trialing subscription is cancelled and its Checkout Session expired, or, if the session
 * was already paid, the subscription it created is cancelled. One already cancelled (a refused trial) is left
 * as it is: Stripe answers a second cancellation with an error. Throws if the provider fails; keep the row then.
 */
export async function withdrawSignup(billing: Billing, signup: PendingSignup): Promise<void> {
  let subscriptionId = signup.stripeSubscriptionId;
  if (signup.checkoutSessionId) subscriptionId ??= (await billing.expireCheckoutSession(signup.checkoutSessionId)).subscriptionId;
  if (!subscriptionId) return;
  const { status } = await billing.getSubscription(subscriptionId);
  if (status !== "canceled" && status !== "incomplete_expired") await billing.cancelNow(subscriptionId);
}

/**
 * Signups nobody finished within a day are withdrawn at the provider (a trial would cancel itself at its end
 * anyway, for lack of a card, but a paid Checkout would not) and their rows go; finished ones' rows go too.
 */
export async function purgeAbandonedSignups(deps: BillingDeps): Promise<void> {
  const abandoned = deps.db
    .select()
    .from(pendingSignups)
    .where(and(lt(pendingSignups.expiresAt, deps.clock.now()), isNull(pendingSignups.completedUserId)))
    .all();
  for (const signup of abandoned) {
    try {
      await withdrawSignup(deps.billing, signup);
    } catch (error) {
      log.error("[billing] could not withdraw an abandoned signup; will retry", { signup: signup.id, error });
      continue;
    }
    deps.db.delete(pendingSignups).where(eq(pendingSignups.id, signup.id)).run();
  }
  deps.db
    .delete(pendingSignups)
    .where(and(lt(pendingSignups.expiresAt, deps.clock.now()), isNotNull(pendingSignups.completedUserId)))
    .run();
}
