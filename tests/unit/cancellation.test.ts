import { describe, expect, test } from "bun:test";
import { cancellationDone, cancellationNotice, cancelsAtOnce, type CancellableSubscription } from "../../src/domain/cancellation.ts";

const NEW_YORK = "America/New_York";
/** 02:30 UTC on December 5 is still December 4 in New York: the member's own calendar decides the day named. */
const TRIAL_END = new Date("2026-12-05T02:30:00Z");
const PERIOD_END = new Date("2027-01-15T17:00:00Z");
const YEAR_END = new Date("2027-11-20T17:00:00Z");

const trial = (planType: "monthly" | "annual"): CancellableSubscription => ({
  planType,
  status: "Active",
  trialEndsAt: TRIAL_END,
  currentPeriodEnd: TRIAL_END,
});
const monthly: CancellableSubscription = { planType: "monthly", status: "Active", trialEndsAt: null, currentPeriodEnd: PERIOD_END };
const annual: CancellableSubscription = { planType: "annual", status: "Active", trialEndsAt: null, currentPeriodEnd: YEAR_END };

describe("cancelling, in each state", () => {
  test("a monthly trial runs to its end with nothing charged; the dialog says so, with the date, and what coming back costs", () => {
    expect(cancelsAtOnce(trial("monthly"))).toBe(false);
    expect(cancellationNotice(trial("monthly"), NEW_YORK)).toEqual({
      summary: "Your free trial continues until December 4, 2026, and you won't be charged.",
      details: [
        "Nothing has been charged so far. Your monthly plan won't start, so the $10 due on December 4, 2026 is never taken.",
        "Changed your mind before December 4, 2026? Rejoin from your dashboard and your trial carries on; your plan then starts on December 4, 2026 at $10/month.",
        "From December 4, 2026, coming back starts a paid plan the same day, with no second free trial: $10 for a month or $72 for a year.",
      ],
    });
    expect(cancellationDone(trial("monthly"), NEW_YORK)).toBe(
      "Your free trial continues until December 4, 2026. Nothing has been charged, and nothing will be.",
    );
  });

  test("an annual trial runs to its end too (decision 106): no word of a refund, the $72 never taken, coming back priced", () => {
    expect(cancelsAtOnce(trial("annual"))).toBe(false);
    const notice = cancellationNotice(trial("annual"), NEW_YORK);
    expect(notice.summary).toBe("Your free trial continues until December 4, 2026, and you won't be charged.");
    expect(notice.details[0]).toBe("Nothing has been charged so far. Your annual plan won't start, so the $72 due on December 4, 2026 is never taken.");
    expect(notice.details.join(" ")).not.toContain("refund");
    expect(notice.details[2]).toContain("$10 for a month or $72 for a year");
    expect(cancellationDone(trial("annual"), "Europe/Paris")).toBe(
      "Your free trial continues until December 5, 2026. Nothing has been charged, and nothing will be.",
    );
  });

  test("a paid month runs to its end: access until the period's end, no refund for it, rejoining before then charges nothing", () => {
    expect(cancelsAtOnce(monthly)).toBe(false);
    expect(cancellationNotice(monthly, NEW_YORK)).toEqual({
      summary: "You'll keep getting deals until January 15, 2027, and you won't be charged again.",
      details: [
        "As our Terms of Service say, no refund is given for the rest of a month already paid for.",
        "Changed your mind before January 15, 2027? Rejoin from your dashboard and your plan carries on, with nothing charged until January 15, 2027.",
        "From January 15, 2027, coming back starts a paid plan the same day, with no second free trial: $10 for a month or $72 for a year.",
      ],
    });
    expect(cancellationDone(monthly, NEW_YORK)).toBe(
      "You'll continue to have access until the end of your billing period, January 15, 2027, and you won't be charged again.",
    );
  });

  test("a paid year ends at once, as the Terms say, with no refund for the rest of the year it names", () => {
    expect(cancelsAtOnce(annual)).toBe(true);
    expect(cancellationNotice(annual, NEW_YORK)).toEqual({
      summary: "Your access ends immediately.",
      details: [
        "As our Terms of Service say, cancelling an annual plan ends access right away, and no refund is given for the rest of the year you paid for (to November 20, 2027).",
        "After that, coming back starts a paid plan the same day, with no second free trial: $10 for a month or $72 for a year.",
      ],
    });
    expect(cancellationDone(annual, NEW_YORK)).toBe("Your annual plan is cancelled and, as our Terms say, your access has ended.");
  });

  test("a paused or past-due subscription is told when it ends, without promising deals it does not get", () => {
    expect(cancellationNotice({ ...monthly, status: "Paused" }, NEW_YORK).summary).toBe(
      "Your subscription ends on January 15, 2027, and you won't be charged again.",
    );
    expect(cancellationNotice({ ...annual, status: "Past Due" }, NEW_YORK).summary).toBe("Your subscription ends now, and you won't be charged again.");
  });
});
