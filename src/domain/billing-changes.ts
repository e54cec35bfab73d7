/**
 * Which billing event a change of a member's subscription is, and the confirmation that tells them (decision 107).
 * Read from our copy before and after the change, so the same event is recognised the same way whichever way it
 * reached us: the member's own click, an admin's, or a Stripe webhook.
 */
import type { PlanType } from "./api/common.ts";
import { cancellationDone, longDay } from "./cancellation.ts";
import { formatPlanPrice, PLANS } from "./plans.ts";

/** The columns of a member that mirror their provider subscription. */
export interface BillingState {
  subscriptionId: string | null;
  /** GoRDU's status: Active, Paused, Cancelled, Past Due, … */
  status: string;
  planType: PlanType | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** When a pause ends by itself; null or absent for no pause or one with no end. */
  pausedUntil?: Date | null;
  card: { brand: string; last4: string } | null;
}

export type BillingChange =
  /** Cancelled: to end at the period's end (a trial, a month), or ended at once (a paid year, an admin's cancel). */
  | "cancelled"
  /** A new subscription replaced one that had ended (rejoining, an admin's re-activation): paid today. */
  | "restarted"
  /** A pending cancellation undone, or a pause lifted: the same subscription carries on, nothing charged today. */
  | "continued"
  | "paused"
  /** The same subscription moved to the other plan (made in Stripe's dashboard). */
  | "plan-changed";

/**
 * The one event a change is, or null when it is none the member needs told: a signup (there was no subscription; the
 * welcome email says it), a cancellation taking effect as announced, a renewal, a card update.
 */
export function billingChange(before: BillingState, after: BillingState): BillingChange | null {
  if (!before.subscriptionId || !after.subscriptionId) return null;
  if (after.subscriptionId !== before.subscriptionId) return after.status === "Active" ? "restarted" : null;
  if (after.status === "Cancelled") return before.status !== "Cancelled" && !before.cancelAtPeriodEnd ? "cancelled" : null;
  if (after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd) return "cancelled";
  if (after.status === "Active" && (before.status === "Paused" || (before.cancelAtPeriodEnd && !after.cancelAtPeriodEnd))) return "continued";
  if (after.status === "Paused" && before.status !== "Paused") return "paused";
  if (before.planType && after.planType && before.planType !== after.planType) return "plan-changed";
  return null;
}

/** A confirmation as plain words: the email template lays them out. `facts` are label/value rows (plan, amounts, card). */
export interface BillingConfirmation {
  subject: string;
  heading: string;
  paragraphs: string[];
  facts: { label: string; value: string }[];
}

const cardName = (card: BillingState["card"]) => (card ? `${card.brand.toUpperCase()} •••• ${card.last4}` : null);

export function billingConfirmation(change: BillingChange, before: BillingState, after: BillingState, now: Date, timeZone: string): BillingConfirmation {
  const plan = PLANS[after.planType ?? before.planType ?? "monthly"];
  const planName = plan.name.toLowerCase();
  const card = cardName(after.card ?? before.card);
  const day = (date: Date) => longDay(date, timeZone);
  const today = day(now);
  const planFact = { label: "Plan", value: `${plan.name} · ${formatPlanPrice(plan)}` };
  const cardFact = card ? [{ label: "Card", value: card }] : [];
  const comeBack = "You can rejoin whenever you like from your dashboard.";

  switch (change) {
    case "cancelled": {
      if (after.status === "Cancelled") {
        const wasTrial = before.trialEndsAt !== null;
        const paidTo = before.currentPeriodEnd && before.currentPeriodEnd > now ? day(before.currentPeriodEnd) : null;
        const refund = wasTrial
          ? "Nothing was charged during your free trial, and nothing will be."
          : `You won't be charged again. As our Terms say, no refund is given for the rest of the period you paid for${paidTo ? ` (to ${paidTo})` : ""}.`;
        return {
          subject: "Your GoRDU membership has ended",
          heading: "Your membership has ended",
          paragraphs: [
            `Your ${wasTrial ? "free trial" : `${planName} plan`} was cancelled and ended on ${today}, so flight deals and alerts have stopped.`,
            refund,
            comeBack,
          ],
          facts: [planFact, { label: "Ended", value: today }, { label: "Charged today", value: "$0" }, ...cardFact],
        };
      }
      const subscription = { planType: plan.type, status: after.status, trialEndsAt: after.trialEndsAt, currentPeriodEnd: after.currentPeriodEnd };
      const end = after.trialEndsAt ?? after.currentPeriodEnd;
      return {
        subject: "Your GoRDU cancellation is confirmed",
        heading: "Your cancellation is confirmed",
        paragraphs: [
          cancellationDone(subscription, timeZone),
          end ? `Changed your mind? Rejoin from your dashboard before ${day(end)} and your plan carries on.` : comeBack,
        ],
        facts: [
          planFact,
          { label: after.trialEndsAt ? "Free trial ends" : "Access until", value: end ? day(end) : "the end of your billing period" },
          { label: "Next payment", value: "None" },
          ...cardFact,
        ],
      };
    }
    case "restarted": {
      const switched = before.planType && before.planType !== plan.type ? ` You switched from the ${before.planType} plan to the ${planName} plan.` : "";
      const renews = after.currentPeriodEnd ? day(after.currentPeriodEnd) : null;
      return {
        subject: `Your GoRDU receipt: ${formatPlanPrice(plan)}`,
        heading: "Welcome back",
        paragraphs: [
          `Your ${planName} plan is active again. We charged $${plan.price} to ${card ?? "your card on file"} today, ${today}.${switched}`,
          renews ? `It renews on ${renews} at ${formatPlanPrice(plan)} unless you cancel before then.` : "It renews automatically unless you cancel.",
        ],
        facts: [
          planFact,
          { label: "Charged today", value: `$${plan.price}` },
          ...cardFact,
          ...(renews ? [{ label: "Next payment", value: `$${plan.price} on ${renews}` }] : []),
        ],
      };
    }
    case "continued": {
      const next = after.trialEndsAt ?? after.currentPeriodEnd;
      // Resumed before the pause's end: the renewal moved back by the days not used (decision 138).
      const movedBack = before.status === "Paused" && before.currentPeriodEnd && next && next.getTime() < before.currentPeriodEnd.getTime();
      const nextLine = after.trialEndsAt
        ? `Your free trial continues until ${day(after.trialEndsAt)}; then your plan starts at ${formatPlanPrice(plan)}.`
        : next
          ? `Your next payment, $${plan.price}, is on ${day(next)}${movedBack ? `: you came back early, so your renewal moved back from ${day(before.currentPeriodEnd!)} by the days of the pause you didn't use` : ""}.`
          : "Your plan renews automatically.";
      return {
        subject: "Your GoRDU membership continues",
        heading: "Your membership continues",
        paragraphs: [`Welcome back! Your ${planName} plan carries on, and nothing is charged today.`, nextLine],
        facts: [
          planFact,
          { label: "Charged today", value: "$0" },
          ...(next ? [{ label: "Next payment", value: `$${plan.price} on ${day(next)}` }] : []),
          ...cardFact,
        ],
      };
    }
    case "paused": {
      const until = after.pausedUntil ? day(after.pausedUntil) : null;
      // A member's own pause moves the renewal by its length (decision 138); an admin's has no end and moves nothing.
      const was = before.currentPeriodEnd;
      const renews = after.currentPeriodEnd;
      const moved = until && was && renews && renews.getTime() > was.getTime();
      return {
        subject: "Your GoRDU membership is paused",
        heading: "Your membership is paused",
        paragraphs: [
          `Your ${planName} plan was paused on ${today}. While it is paused nothing is charged, and flight deals and alerts stop.`,
          ...(moved
            ? [
                `Your renewal moves from ${day(was)} to ${day(renews)}: the time you pause is added on, so you keep all the time you paid for and nothing is charged before then.`,
              ]
            : []),
          until
            ? `It resumes by itself on ${until}, and we'll email you the day before. To come back sooner, choose Resume now on your dashboard; your renewal then moves back by the days you didn't use.`
            : comeBack,
        ],
        facts: [
          planFact,
          { label: "Paused", value: today },
          ...(until ? [{ label: "Resumes", value: until }] : []),
          { label: "Next payment", value: moved ? `$${plan.price} on ${day(renews)}` : until ? `At your first renewal after ${until}` : "None while paused" },
          ...cardFact,
        ],
      };
    }
    case "plan-changed": {
      const from = before.planType ? PLANS[before.planType] : null;
      const renews = after.currentPeriodEnd ? day(after.currentPeriodEnd) : null;
      return {
        subject: `Your GoRDU plan is now ${planName}`,
        heading: `Your plan is now ${planName}`,
        paragraphs: [
          `Your plan changed${from ? ` from ${from.name.toLowerCase()} (${formatPlanPrice(from)})` : ""} to ${planName} (${formatPlanPrice(plan)}).`,
          renews ? `From your next renewal, on ${renews}, you pay ${formatPlanPrice(plan)}.` : `You now pay ${formatPlanPrice(plan)}.`,
        ],
        facts: [planFact, ...(renews ? [{ label: "Next payment", value: `$${plan.price} on ${renews}` }] : []), ...cardFact],
      };
    }
  }
}
