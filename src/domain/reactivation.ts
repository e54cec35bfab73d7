/** What an admin's Re-activate does to a subscription, decided from the payment provider's view of it now. */

export type ReactivationStep = "start-new" | "resume" | "undo-cancellation";

export interface ProviderSubscriptionState {
  /** The provider's own status: trialing, active, past_due, canceled, ... */
  status: string;
  paused: boolean;
  cancelAtPeriodEnd: boolean;
}

/** Stripe's statuses a subscription never leaves. */
const ENDED_STATUSES = new Set(["canceled", "incomplete_expired"]);

/**
 * An ended subscription accepts no changes at all (Stripe refuses the update), so it is replaced by a new one,
 * whatever our copy of it still says. One that has not ended has its pause lifted and its pending cancellation
 * undone, whichever of the two apply. Nothing to do: an empty list.
 *
 * The provider's status decides, not the period end: while Stripe still calls a subscription active it can be
 * updated, and starting a second one in those seconds would leave the customer with two.
 */
export function reactivationSteps(subscription: ProviderSubscriptionState): ReactivationStep[] {
  if (ENDED_STATUSES.has(subscription.status)) return ["start-new"];
  const steps: ReactivationStep[] = [];
  if (subscription.paused) steps.push("resume");
  if (subscription.cancelAtPeriodEnd) steps.push("undo-cancellation");
  return steps;
}

const MESSAGES: Record<ReactivationStep, string> = {
  "start-new": "The old subscription had ended, so a new one was started (no trial) on the card on file.",
  resume: "Billing resumed on the existing subscription.",
  "undo-cancellation": "The pending cancellation was undone; the subscription will renew.",
};

/** What the admin is told was done. */
export const reactivationMessage = (steps: ReactivationStep[]) => steps.map((step) => MESSAGES[step]).join(" ");
