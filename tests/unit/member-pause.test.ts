import { describe, expect, test } from "bun:test";
import {
  isPauseMonths,
  nextPauseAllowedAt,
  pauseAvailability,
  pauseEndingReminder,
  type PauseCandidate,
  pauseEndsAt,
  pauseReminderDue,
  renewalAfterEarlyResume,
  renewalAfterPause,
  renewalMoveNotice,
} from "../../src/domain/member-pause.ts";
import { longDay } from "../../src/domain/cancellation.ts";

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

describe("who may pause (decisions 133 and 138)", () => {
  test("an active paying member who never paused may, on a monthly or an annual plan", () => {
    expect(pauseAvailability(payingMember(), NOW)).toEqual({ ok: true });
    expect(pauseAvailability(payingMember({ planType: "annual" }), NOW)).toEqual({ ok: true });
  });

  test.each([
    ["no-subscription", { stripeSubscriptionId: null }],
    ["no-subscription", { subscriptionStatus: "Cancelled" }],
    ["already-paused", { subscriptionStatus: "Paused" }],
    ["not-active", { subscriptionStatus: "Past Due" }],
    ["free", { subscriptionType: "Free" }],
    ["trial", { trialEndsAt: new Date(NOW.getTime() + HOUR) }],
    ["trial", { trialEndsAt: new Date(NOW.getTime() + HOUR), planType: "annual" }],
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
    // 08:00 in Raleigh both times: summer time there in March 2026, not yet on March 10, 2027
    expect(nextPauseAllowedAt(pausedAt)).toEqual(new Date("2027-03-10T13:00:00Z"));
    const answer = pauseAvailability(payingMember({ memberPausedAt: pausedAt }), NOW);
    expect(answer).toEqual({
      ok: false,
      reason: "paused-recently",
      message: "You can pause once every 12 months. Your next pause can start on March 10, 2027.",
    });
    const aMomentBefore = new Date("2027-03-10T12:59:59Z");
    expect(pauseAvailability(payingMember({ memberPausedAt: pausedAt }), aMomentBefore).ok).toBe(false);
    expect(pauseAvailability(payingMember({ memberPausedAt: pausedAt }), new Date("2027-03-10T13:00:00Z")).ok).toBe(true);
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

describe("the renewal a pause moves (decision 138)", () => {
  test("by the pause's calendar months, the same time of day on the airport's clock: a year paid to January 10 renews April 10 after 3 months", () => {
    const renewsAt = new Date("2027-01-10T09:30:00Z");
    expect(renewalAfterPause(renewsAt, 1)).toEqual(new Date("2027-02-10T09:30:00Z"));
    expect(renewalAfterPause(renewsAt, 3)).toEqual(new Date("2027-04-10T08:30:00Z")); // 04:30 in Raleigh, now summer time
    expect(renewalAfterPause(new Date("2026-11-30T09:30:00Z"), 3)).toEqual(new Date("2027-02-28T09:30:00Z"));
  });

  test("the pause dialog says it before the member confirms, on their calendar", () => {
    const renewsAt = new Date("2027-01-10T03:00:00Z"); // still January 9 in New York
    expect(renewalMoveNotice(renewsAt, 2, "America/New_York")).toBe(
      "Your renewal moves from January 9, 2027 to March 9, 2027. Nothing is charged before then.",
    );
  });

  test("resuming early moves it back by exactly the unused part; at or after the end, not at all", () => {
    const moved = new Date("2027-04-10T09:30:00Z");
    const ends = pauseEndsAt(NOW, 3); // 2027-02-22T15:00Z
    const tenDaysIn = new Date(NOW.getTime() + 10 * DAY);
    expect(renewalAfterEarlyResume(moved, ends, tenDaysIn)).toEqual(new Date(moved.getTime() - (ends.getTime() - tenDaysIn.getTime())));
    expect(renewalAfterEarlyResume(moved, ends, ends)).toEqual(moved);
    expect(renewalAfterEarlyResume(moved, ends, new Date(ends.getTime() + DAY))).toEqual(moved);
  });

  test("never into the past: a pause begun a day before a renewal and ended at once renews a day later", () => {
    const pausedAt = new Date("2026-11-29T12:00:00Z");
    const moved = renewalAfterPause(new Date("2026-11-30T12:00:00Z"), 3); // February 28: 90 days on
    const ends = pauseEndsAt(pausedAt, 3); // February 28 too, but 91 days on
    expect(renewalAfterEarlyResume(moved, ends, pausedAt)).toEqual(new Date(pausedAt.getTime() + DAY));
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
    const renewsAt = new Date("2027-03-01T15:00:00Z");
    const words = pauseEndingReminder({ planType: "annual", resumesAt: late, renewsAt, timeZone: "America/New_York" });
    expect(words.subject).toBe("Your GoRDU pause ends tomorrow");
    expect(words.paragraphs[0]).toContain("December 21, 2026");
    expect(words.paragraphs[1]).toBe("Your next payment is on March 1, 2027: the months you paused were added on, so you keep all the time you paid for.");
    expect(words.facts).toContainEqual({ label: "Resumes", value: "December 21, 2026" });
    expect(words.facts).toContainEqual({ label: "Next payment", value: "$72 on March 1, 2027" });
  });
});

describe("calendar months on the airport's calendar", () => {
  test("an evening of November 28 in Raleigh (already November 29 in UTC) plus three months ends on February 28 there", () => {
    const eveningInRaleigh = new Date("2026-11-29T04:30:00Z");
    expect(longDay(pauseEndsAt(eveningInRaleigh, 1), "America/New_York")).toBe("December 28, 2026");
    expect(longDay(pauseEndsAt(eveningInRaleigh, 3), "America/New_York")).toBe("February 28, 2027");
  });
});
