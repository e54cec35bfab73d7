import { describe, expect, test } from "bun:test";
import {
  isPauseMonths,
  nextPauseAllowedAt,
  pauseAvailability,
  pauseEndingReminder,
  type PauseCandidate,
  pauseEndsAt,
  pauseReminderDue,
} from "../../src/domain/member-pause.ts";

const NOW = new Date("2026-11-22T15:00:00Z");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const payingMember = (fields: Partial<PauseCandidate> = {}): PauseCandidate => ({
  stripeSubscriptionId: "sub_1",
  subscriptionType: "Paid",
  planType: "monthly",
  subscriptionStatus: "Active",
  trialEndsAt: null,
  cancelAtPeriodEnd: false,
  memberPausedAt: null,
  timeZone: "America/New_York",
  ...fields,
});

describe("who may pause (decision 133)", () => {
  test("an active paying member who never paused may", () => {
    expect(pauseAvailability(payingMember(), NOW)).toEqual({ ok: true });
  });

  test.each([
    ["no-subscription", { stripeSubscriptionId: null }],
    ["no-subscription", { subscriptionStatus: "Cancelled" }],
    ["already-paused", { subscriptionStatus: "Paused" }],
    ["not-active", { subscriptionStatus: "Past Due" }],
    ["free", { subscriptionType: "Free" }],
    ["annual", { planType: "annual" }],
    ["annual", { planType: null }],
    ["trial", { trialEndsAt: new Date(NOW.getTime() + HOUR) }],
    ["cancelling", { cancelAtPeriodEnd: true }],
  ] as const)("refused (%s) for %o", (reason, fields) => {
    const answer = pauseAvailability(payingMember(fields), NOW);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.reason).toBe(reason);
  });

  test("a trial that has ended by now is no obstacle: the member pays", () => {
    expect(pauseAvailability(payingMember({ trialEndsAt: new Date(NOW.getTime() - HOUR) }), NOW).ok).toBe(true);
  });

  test("once in twelve months: refused until twelve calendar months after the last pause started, naming that day", () => {
    const pausedAt = new Date("2026-03-10T12:00:00Z");
    expect(nextPauseAllowedAt(pausedAt)).toEqual(new Date("2027-03-10T12:00:00Z"));
    const answer = pauseAvailability(payingMember({ memberPausedAt: pausedAt }), NOW);
    expect(answer).toEqual({
      ok: false,
      reason: "paused-recently",
      message: "You can pause once every 12 months. Your next pause can start on March 10, 2027.",
    });
    const aMomentBefore = new Date("2027-03-10T11:59:59Z");
    expect(pauseAvailability(payingMember({ memberPausedAt: pausedAt }), aMomentBefore).ok).toBe(false);
    expect(pauseAvailability(payingMember({ memberPausedAt: pausedAt }), new Date("2027-03-10T12:00:00Z")).ok).toBe(true);
  });
});

describe("how long a pause lasts", () => {
  test("1, 2 or 3 months only", () => {
    expect([0, 1, 2, 3, 4, 12, -1, 1.5].filter(isPauseMonths)).toEqual([1, 2, 3]);
  });

  test("calendar months on, the same time of day; January 31 + 1 month is the last day of February", () => {
    expect(pauseEndsAt(NOW, 1)).toEqual(new Date("2026-12-22T15:00:00Z"));
    expect(pauseEndsAt(NOW, 3)).toEqual(new Date("2027-02-22T15:00:00Z"));
    expect(pauseEndsAt(new Date("2027-01-31T10:00:00Z"), 1)).toEqual(new Date("2027-02-28T10:00:00Z"));
  });
});

describe("the day-before email", () => {
  const resumesAt = new Date("2026-12-22T15:00:00Z");

  test("due within the last day before the resume, not earlier and not after", () => {
    expect(pauseReminderDue(resumesAt, new Date(resumesAt.getTime() - DAY - 1))).toBe(false);
    expect(pauseReminderDue(resumesAt, new Date(resumesAt.getTime() - DAY))).toBe(true);
    expect(pauseReminderDue(resumesAt, new Date(resumesAt.getTime() - HOUR))).toBe(true);
    expect(pauseReminderDue(resumesAt, resumesAt)).toBe(false);
  });

  test("names the resume day on the member's calendar", () => {
    const late = new Date("2026-12-22T02:00:00Z"); // still December 21 in New York
    const words = pauseEndingReminder({ planType: "monthly", resumesAt: late, timeZone: "America/New_York" });
    expect(words.subject).toBe("Your GoRDU pause ends tomorrow");
    expect(words.paragraphs[0]).toContain("December 21, 2026");
    expect(words.facts).toContainEqual({ label: "Resumes", value: "December 21, 2026" });
  });
});
