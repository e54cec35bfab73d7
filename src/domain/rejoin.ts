/** Who may rejoin on their own, and how: the dashboard's Rejoin card shows it, POST /api/rejoin does it. */
import type { RejoinKind } from "./api/billing.ts";

/**
 * new-subscription: the old subscription ended, so a new one starts on the same customer (chosen plan, paid
 * today, no second free trial). keep-subscription: the old one is still running (paused, or cancelled but not
 * yet at its period end), so rejoining lifts the pause or undoes the cancellation; nothing is charged today.
 */
export type { RejoinKind };

export interface RejoinFields {
  subscriptionStatus: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** A payment-provider customer to bill: without one there is no card on file and nothing to restart. */
  stripeCustomerId: string | null;
}

/**
 * From our copy of the subscription; the server checks the provider's own view again before it changes
 * anything. Past-due and unpaid members update their card instead; active members have nothing to rejoin.
 */
export function rejoinKind(fields: RejoinFields, now: Date): RejoinKind | null {
  if (!fields.stripeCustomerId) return null;
  switch (fields.subscriptionStatus) {
    case "Cancelled":
      return "new-subscription";
    case "Paused":
      return "keep-subscription";
    case "Active": {
      if (!fields.cancelAtPeriodEnd) return null;
      const ended = fields.currentPeriodEnd !== null && fields.currentPeriodEnd.getTime() <= now.getTime();
      return ended ? "new-subscription" : "keep-subscription";
    }
    default:
      return null;
  }
}
