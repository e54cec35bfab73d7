// src/domain/: pure rules used by both sides or by several places: plans, destinations, airlines, deals, labels, matching, calendar, dates, filters, links, access, validation.
// No IO, no Date.now() (time is a parameter); never imports server, client or database code (biome.json).
/** Who gets deals and alerts (the subscriptions issue's rule, enforced by the deals code). */

export interface AccessFields {
  subscriptionStatus: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/**
 * An Active subscription (a trial counts, and so does an admin-granted Free account with status Active);
 * a subscription cancelled at period end keeps access until that period ends. Paused, Cancelled, Past Due
 * and everything else: no deals.
 */
export function hasDealAccess(user: AccessFields, now: Date): boolean {
  if (user.subscriptionStatus !== "Active") return false;
  if (!user.cancelAtPeriodEnd || !user.currentPeriodEnd) return true;
  return now.getTime() < user.currentPeriodEnd.getTime();
}
