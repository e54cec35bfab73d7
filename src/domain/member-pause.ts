/**
 * A member's own pause (decisions 133 and 138): 1, 2 or 3 months, at most one pause started in any twelve months, only
 * for an active paying subscription, monthly or annual (not a free trial, not an admin-granted Free account, not one
 * cancelled at period end). Alerts stop, and the plan's renewal moves by the pause's length, so the member neither loses
 * paid time nor gains free time; both come back by themselves on the chosen date, or sooner with "Resume now", which
 * moves the renewal back by the part of the pause not used.
 */
import { TZDate } from "@date-fns/tz";
import { addMonths } from "date-fns";
import { DAY_MS } from "./calendar.ts";
import type { PlanType } from "./api/common.ts";
import { longDay } from "./cancellation.ts";
import { formatPlanPrice, PLANS } from "./plans.ts";

export const PAUSE_MONTHS = [1, 2, 3] as const;
export type PauseMonths = (typeof PAUSE_MONTHS)[number];

/** How long after a pause starts the next one may start. */
export const MONTHS_BETWEEN_PAUSES = 12;

/** The day-before email goes when the resume is at most this near. */
export const PAUSE_REMINDER_LEAD_MS = DAY_MS;

/** The member's columns the rule reads. */
export interface PauseCandidate {
  stripeSubscriptionId: string | null;
  subscriptionType: string;
  planType: "monthly" | "annual" | null;
  /** GoRDU's status: Active, Paused, Cancelled, … */
  subscriptionStatus: string;
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  memberPausedAt: Date | null;
  timeZone: string;
}

export type PauseRefusal = "no-subscription" | "already-paused" | "not-active" | "free" | "trial" | "cancelling" | "paused-recently";

export type PauseAvailability = { ok: true } | { ok: false; reason: PauseRefusal; message: string };

/**
 * Calendar months counted on the airport's calendar, as members read their dates, whatever zone the process runs in
 * (counted in UTC, an evening of November 28 in Raleigh plus three months read "February 27").
 */
const monthsLater = (at: Date, months: number): Date => new Date(addMonths(new TZDate(at.getTime(), "America/New_York"), months).getTime());

/** The first moment a member who paused at `pausedAt` may pause again. */
export const nextPauseAllowedAt = (pausedAt: Date): Date => monthsLater(pausedAt, MONTHS_BETWEEN_PAUSES);

/** Whether this member may start a pause now, and if not, why, in words fit to show them. */
export function pauseAvailability(member: PauseCandidate, now: Date): PauseAvailability {
  const refuse = (reason: PauseRefusal, message: string): PauseAvailability => ({ ok: false, reason, message });
  if (!member.stripeSubscriptionId || member.subscriptionStatus === "Cancelled") return refuse("no-subscription", "You don't have a subscription to pause.");
  if (member.subscriptionStatus === "Paused") return refuse("already-paused", "Your membership is already paused.");
  if (member.subscriptionStatus !== "Active") return refuse("not-active", "Only an active membership can be paused. Please update your card first.");
  if (member.subscriptionType !== "Paid") return refuse("free", "Only a paid membership can be paused.");
  if (member.trialEndsAt && member.trialEndsAt.getTime() > now.getTime()) {
    return refuse("trial", "A free trial can't be paused. You can cancel it before it ends and nothing is charged.");
  }
  if (member.cancelAtPeriodEnd) return refuse("cancelling", "Your membership is already set to end, so there is nothing to pause.");
  if (member.memberPausedAt) {
    const next = nextPauseAllowedAt(member.memberPausedAt);
    if (now.getTime() < next.getTime()) {
      return refuse("paused-recently", `You can pause once every 12 months. Your next pause can start on ${longDay(next, member.timeZone)}.`);
    }
  }
  return { ok: true };
}

export const isPauseMonths = (months: number): months is PauseMonths => (PAUSE_MONTHS as readonly number[]).includes(months);

/** When a pause started now for `months` ends by itself: the same time of day, that many calendar months on. */
export const pauseEndsAt = (now: Date, months: PauseMonths): Date => monthsLater(now, months);

/**
 * Where a pause of `months` moves the plan's next renewal (decision 138): that many calendar months later, the same
 * time of day. The member is charged nothing until then, so the paid time the pause spans is added on, not lost.
 */
export const renewalAfterPause = (renewsAt: Date, months: PauseMonths): Date => monthsLater(renewsAt, months);

/** What the pause dialog says before the member confirms (decision 138), on their calendar. */
export const renewalMoveNotice = (renewsAt: Date, months: PauseMonths, timeZone: string): string =>
  `Your renewal moves from ${longDay(renewsAt, timeZone)} to ${longDay(renewalAfterPause(renewsAt, months), timeZone)}. Nothing is charged before then.`;

/**
 * "Resume now" before the pause's end gives back the part not used: the renewal moves back by the time from now to
 * the pause's planned end. Calendar months differ by up to 3 days (a pause from November 29 ends February 28, 91 days;
 * a renewal on November 30 moves to February 28, 90 days), so a pause that began a day before a renewal and ends at
 * once could land the renewal in the past; it is then a day from now, as Stripe needs a future date.
 */
export function renewalAfterEarlyResume(renewsAt: Date, pauseEndsAt: Date, now: Date): Date {
  const unused = Math.max(0, pauseEndsAt.getTime() - now.getTime());
  return new Date(Math.max(now.getTime() + DAY_MS, renewsAt.getTime() - unused));
}

/** The day-before email is due: the pause ends within a day and has not ended yet. */
export function pauseReminderDue(resumesAt: Date, now: Date): boolean {
  const left = resumesAt.getTime() - now.getTime();
  return left > 0 && left <= PAUSE_REMINDER_LEAD_MS;
}

/** The day-before email's words (laid out like a billing confirmation). */
export function pauseEndingReminder(input: { planType: PlanType; resumesAt: Date; renewsAt: Date | null; timeZone: string }) {
  const plan = PLANS[input.planType];
  const day = longDay(input.resumesAt, input.timeZone);
  const renewal = input.renewsAt ? longDay(input.renewsAt, input.timeZone) : null;
  return {
    subject: "Your GoRDU pause ends tomorrow",
    heading: "Your pause ends tomorrow",
    paragraphs: [
      `Your ${plan.name.toLowerCase()} plan resumes by itself on ${day}: flight deals and alerts start again.`,
      renewal
        ? `Your next payment is on ${renewal}: the months you paused were added on, so you keep all the time you paid for.`
        : "Your next payment is at your plan's next renewal.",
      "Need longer? Cancel from your dashboard before then and nothing more is charged.",
    ],
    facts: [
      { label: "Plan", value: `${plan.name} · ${formatPlanPrice(plan)}` },
      { label: "Resumes", value: day },
      { label: "Next payment", value: renewal ? `$${plan.price} on ${renewal}` : `$${plan.price} at your next renewal` },
    ],
  };
}
