import { and, eq, isNull, lt } from "drizzle-orm";
import { pendingSignups } from "../../../db/schema.ts";
import type { Deps } from "../deps.ts";

/**
 * Signups nobody finished within a day: their trialing subscription is cancelled at the provider (it would
 * cancel itself at trial end anyway, for lack of a card) and the local row goes.
 */
export async function purgeAbandonedSignups(deps: Deps): Promise<void> {
  const abandoned = deps.db
    .select()
    .from(pendingSignups)
    .where(and(lt(pendingSignups.expiresAt, deps.clock.now()), isNull(pendingSignups.completedUserId)))
    .all();
  for (const signup of abandoned) {
    if (signup.stripeSubscriptionId) {
      try {
        await deps.billing.cancelNow(signup.stripeSubscriptionId);
      } catch (error) {
        console.error(`[billing] could not cancel the abandoned signup ${signup.id}; will retry`, error);
        continue;
      }
    }
    deps.db.delete(pendingSignups).where(eq(pendingSignups.id, signup.id)).run();
  }
  deps.db.delete(pendingSignups).where(lt(pendingSignups.expiresAt, deps.clock.now())).run();
}
