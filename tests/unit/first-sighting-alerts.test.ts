/** Which drops alert at their first sighting, without a hold (decision 140). */
import { describe, expect, test } from "bun:test";
import { alertsOnFirstSighting, DEAL_RULES } from "../../src/domain/deal-rules.ts";

describe("a first alert without a hold", () => {
  test("a drop on dates never alerted, 28 % or more below our typical price, alerts at once", () => {
    expect(DEAL_RULES.clearDropShareBelow).toBe(0.28);
    for (const shareBelow of [0.28, 0.35, 0.5, 0.9]) expect(alertsOnFirstSighting({ datesAlertedBefore: false, shareBelow })).toBe(true);
  });

  test("a marginal drop (a deal, but less than 28 % below) waits for its hold", () => {
    for (const shareBelow of [0.2, 0.25, 0.2799]) expect(alertsOnFirstSighting({ datesAlertedBefore: false, shareBelow })).toBe(false);
  });

  test("on dates alerted before (a new episode, a further fall) even a deep drop holds: that is where duplicates come from", () => {
    for (const shareBelow of [0.28, 0.5]) expect(alertsOnFirstSighting({ datesAlertedBefore: true, shareBelow })).toBe(false);
  });
});
