import { describe, expect, test } from "bun:test";
import { inQuietHours, instantAlertTime, localTime, nextDayAlertTime, nextDigestTime } from "../../src/domain/alert-timing.ts";

const NEW_YORK = { timeZone: "America/New_York", quietStart: 22, quietEnd: 7 };

describe("quiet hours", () => {
  test("wrap midnight (22 → 7), run within a day (13 → 15), or are off (equal hours)", () => {
    expect([21, 22, 23, 0, 6, 7].map((hour) => inQuietHours(hour, 22, 7))).toEqual([false, true, true, true, true, false]);
    expect([12, 13, 14, 15].map((hour) => inQuietHours(hour, 13, 15))).toEqual([false, true, true, false]);
    expect(inQuietHours(3, 5, 5)).toBe(false);
  });

  test("an instant alert at 11 pm in New York waits until 7 am; at 10 am it goes now", () => {
    expect(instantAlertTime(new Date("2026-11-23T04:00:00Z"), NEW_YORK).toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect(instantAlertTime(new Date("2026-11-23T08:30:00Z"), NEW_YORK).toISOString()).toBe("2026-11-23T12:00:00.000Z");
    const morning = new Date("2026-11-23T15:00:00Z");
    expect(instantAlertTime(morning, NEW_YORK)).toEqual(morning);
  });

  test("follow the subscriber's own zone and daylight saving time", () => {
    // 23:30 in Los Angeles on the night summer time ends (Nov 1, 2026): quiet until 7 am PST = 15:00 UTC.
    expect(instantAlertTime(new Date("2026-11-01T06:30:00Z"), { ...NEW_YORK, timeZone: "America/Los_Angeles" }).toISOString()).toBe("2026-11-01T15:00:00.000Z");
    // In July New York is UTC−4: 7 am is 11:00 UTC.
    expect(instantAlertTime(new Date("2026-07-10T03:00:00Z"), NEW_YORK).toISOString()).toBe("2026-07-10T11:00:00.000Z");
  });

  test("past the cap an alert waits for the next day's first hour outside quiet hours", () => {
    expect(nextDayAlertTime(new Date("2026-11-23T15:00:00Z"), NEW_YORK).toISOString()).toBe("2026-11-24T12:00:00.000Z");
  });
});

describe("digests", () => {
  test("daily: today at the chosen hour if it is still ahead, else tomorrow", () => {
    const timing = { delivery: "daily" as const, digestHour: 18, timeZone: "America/New_York" };
    expect(nextDigestTime(new Date("2026-11-23T15:00:00Z"), timing).toISOString()).toBe("2026-11-23T23:00:00.000Z");
    expect(nextDigestTime(new Date("2026-11-23T23:00:00Z"), timing).toISOString()).toBe("2026-11-24T23:00:00.000Z");
  });

  test("weekly: the next Saturday at the chosen hour", () => {
    const at = nextDigestTime(new Date("2026-11-23T15:00:00Z"), { delivery: "weekly", digestHour: 8, timeZone: "America/New_York" });
    expect(at.toISOString()).toBe("2026-11-28T13:00:00.000Z");
    expect(localTime(at, "America/New_York")).toMatchObject({ date: "2026-11-28", hour: 8, weekday: 6 });
  });
});
