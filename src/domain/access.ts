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
