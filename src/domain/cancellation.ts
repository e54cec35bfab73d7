/**
 * What cancelling does, and the words that say it: the cancel dialog (before), the toast and the confirmation email
 * (after). A free trial runs to its end; a paid month runs to its end; a paid year ends at once, as the Terms say
 * (decisions 007 and 106).
 */
import type { PlanType } from "./api/common.ts";
import { formatPlanPrice, PLANS } from "./plans.ts";

/** The member's subscription as our copy has it. `trialEndsAt` is set only while the free trial runs. */
export interface CancellableSubscription {
  planType: PlanType;
  /** GoRDU's status: Active, Paused, Past Due, Unpaid, … */
  status: string;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
}

export type CancellationCase = "trial" | "monthly" | "annual";

export function cancellationCase(subscription: Pick<CancellableSubscription, "planType" | "trialEndsAt">): CancellationCase {
  if (subscription.trialEndsAt) return "trial";
  return subscription.planType;
}

/** Only a paid year ends at once (the Terms); a trial or a paid month runs to its end and is not renewed. */
export const cancelsAtOnce = (subscription: Pick<CancellableSubscription, "planType" | "trialEndsAt">) => cancellationCase(subscription) === "annual";

/** "December 5, 2026" on the member's calendar. */
export function longDay(date: Date, timeZone: string): string {
  return date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone });
}

const COMING_BACK_PRICES = `${priceOnce("monthly")} for a month or ${priceOnce("annual")} for a year`;

function priceOnce(plan: PlanType): string {
  return `$${PLANS[plan].price}`;
}

/** What the cancel dialog says before the member confirms: the first sentence in bold, then what follows from it. */
export interface CancellationNotice {
  summary: string;
  details: string[];
}

export function cancellationNotice(subscription: CancellableSubscription, timeZone: string): CancellationNotice {
  const plan = PLANS[subscription.planType];
  const periodEnd = subscription.currentPeriodEnd;
  const end = periodEnd ? longDay(periodEnd, timeZone) : "the end of your billing period";
  const comeBack = `coming back starts a paid plan the same day, with no second free trial: ${COMING_BACK_PRICES}.`;

  if (subscription.status !== "Active") {
    const when = cancelsAtOnce(subscription) ? "now" : `on ${end}`;
    return { summary: `Your subscription ends ${when}, and you won't be charged again.`, details: [`After that, ${comeBack}`] };
  }
  switch (cancellationCase(subscription)) {
    case "trial": {
      const trialEnd = longDay(subscription.trialEndsAt!, timeZone);
      return {
        summary: `Your free trial continues until ${trialEnd}, and you won't be charged.`,
        details: [
          `Nothing has been charged so far. Your ${plan.name.toLowerCase()} plan won't start, so the ${priceOnce(plan.type)} due on ${trialEnd} is never taken.`,
          `Changed your mind before ${trialEnd}? Rejoin from your dashboard and your trial carries on; your plan then starts on ${trialEnd} at ${formatPlanPrice(plan)}.`,
          `From ${trialEnd}, ${comeBack}`,
        ],
      };
    }
    case "monthly":
      return {
        summary: `You'll keep getting deals until ${end}, and you won't be charged again.`,
        details: [
          "As our Terms of Service say, no refund is given for the rest of a month already paid for.",
          `Changed your mind before ${end}? Rejoin from your dashboard and your plan carries on, with nothing charged until ${end}.`,
          `From ${end}, ${comeBack}`,
        ],
      };
    case "annual":
      return {
        summary: "Your access ends immediately.",
        details: [
          `As our Terms of Service say, cancelling an annual plan ends access right away, and no refund is given for the rest of the year you paid for (to ${end}).`,
          `After that, ${comeBack}`,
        ],
      };
  }
}

/** What was done, once it is done: the toast after Cancel Subscription, and the first line of the confirmation email. */
export function cancellationDone(subscription: CancellableSubscription, timeZone: string): string {
  const end = subscription.currentPeriodEnd ? longDay(subscription.currentPeriodEnd, timeZone) : null;
  switch (cancellationCase(subscription)) {
    case "trial":
      return `Your free trial continues until ${longDay(subscription.trialEndsAt!, timeZone)}. Nothing has been charged, and nothing will be.`;
    case "monthly":
      return `You'll continue to have access until the end of your billing period${end ? `, ${end}` : ""}, and you won't be charged again.`;
    case "annual":
      return "Your annual plan is cancelled and, as our Terms say, your access has ended.";
  }
}
