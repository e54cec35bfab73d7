import type { SubscriptionSnapshot } from "./billing.ts";

type StatusView = Pick<SubscriptionSnapshot, "status" | "paused"> & Partial<Pick<SubscriptionSnapshot, "memberPauseEndsAt">>;

/** A member's own pause (decision 138) is still running: the renewal it moved is ahead and its own end has not come. */
export const memberPauseRunning = (snapshot: StatusView, now: Date): boolean =>
  snapshot.status === "trialing" && snapshot.memberPauseEndsAt != null && now.getTime() < snapshot.memberPauseEndsAt.getTime();

/** Paused now, by an admin's pause_collection or by a member's own pause. */
export const pausedAt = (snapshot: StatusView, now: Date): boolean => snapshot.paused || memberPauseRunning(snapshot, now);

/**
 * The provider's status as GoRDU shows it (the subscriptions issue's mapping). Stripe calls a subscription whose
 * renewal a member's pause moved "trialing"; GoRDU shows it Paused until the pause's end and Active after it.
 */
export function localStatus(snapshot: StatusView, now: Date): string {
  if (pausedAt(snapshot, now) || snapshot.status === "paused") return "Paused";
  switch (snapshot.status) {
    case "trialing":
    case "active":
      return "Active";
    case "canceled":
    case "incomplete_expired":
      return "Cancelled";
    case "past_due":
      return "Past Due";
    case "unpaid":
      return "Unpaid";
    case "incomplete":
      return "Incomplete";
    default:
      return snapshot.status;
  }
}

/** When a free trial ends; null when there is none: a renewal moved by a pause is "trialing" at Stripe but was paid for. */
export const freeTrialEnd = (snapshot: Pick<SubscriptionSnapshot, "status" | "trialEnd" | "memberPauseEndsAt">): Date | null =>
  snapshot.status === "trialing" && snapshot.memberPauseEndsAt === null ? snapshot.trialEnd : null;

/**
 * When the pause running now ends by itself; null for none or one with no end. A pause_collection decides first: an
 * admin's open-ended pause laid over a member's must not end, nor be lifted by the member, when the member's would.
 */
export function pauseEnd(snapshot: SubscriptionSnapshot, now: Date): Date | null {
  if (snapshot.paused) return snapshot.resumesAt;
  return memberPauseRunning(snapshot, now) ? snapshot.memberPauseEndsAt : null;
}
