/** Times as members read them (decision 111): in their chosen zone, the zone named, the year only when it is not this year. */
import { describe, expect, test } from "bun:test";
import { formatClockTime, formatZonedTime, timeLeftText, zoneAbbreviation } from "../../src/domain/zoned-time-text.ts";

const at = (iso: string) => new Date(iso);
const NOW = at("2026-11-28T16:00:00Z");

describe("a time in the member's zone", () => {
  test("the same instant in each zone the settings offer, each named", () => {
    const instant = at("2026-11-29T11:49:00Z");
    expect(formatZonedTime(instant, "America/New_York", NOW)).toBe("Sun, Nov 29, 6:49 am EST");
    expect(formatZonedTime(instant, "America/Chicago", NOW)).toBe("Sun, Nov 29, 5:49 am CST");
    expect(formatZonedTime(instant, "America/Denver", NOW)).toBe("Sun, Nov 29, 4:49 am MST");
    expect(formatZonedTime(instant, "America/Phoenix", NOW)).toBe("Sun, Nov 29, 4:49 am MST");
    expect(formatZonedTime(instant, "America/Los_Angeles", NOW)).toBe("Sun, Nov 29, 3:49 am PST");
    expect(formatZonedTime(instant, "America/Anchorage", NOW)).toBe("Sun, Nov 29, 2:49 am AKST");
    expect(formatZonedTime(instant, "Pacific/Honolulu", NOW)).toBe("Sun, Nov 29, 1:49 am HST");
  });

  test("summer time is named as such; a zone without an English abbreviation reads as its offset", () => {
    expect(formatZonedTime(at("2026-07-04T16:05:00Z"), "America/New_York", NOW)).toBe("Sat, Jul 4, 12:05 pm EDT");
    expect(formatZonedTime(at("2026-11-29T11:49:00Z"), "Europe/Paris", NOW)).toBe("Sun, Nov 29, 12:49 pm GMT+1");
    expect(formatZonedTime(at("2026-11-29T11:49:00Z"), "Asia/Kolkata", NOW)).toBe("Sun, Nov 29, 5:19 pm GMT+5:30");
  });

  test("midnight and noon read 12 am and 12 pm; the year shows when that day is not in this year, in the zone", () => {
    expect(formatClockTime(at("2026-11-29T05:00:00Z"), "America/New_York")).toBe("12:00 am EST");
    expect(formatClockTime(at("2026-11-29T17:00:00Z"), "America/New_York")).toBe("12:00 pm EST");
    expect(formatZonedTime(at("2027-01-02T15:00:00Z"), "America/New_York", NOW)).toBe("Sat, Jan 2, 2027, 10:00 am EST");
    // 1 am UTC on Jan 1 is still New Year's Eve in New York.
    expect(formatZonedTime(at("2027-01-01T01:00:00Z"), "America/New_York", NOW)).toBe("Thu, Dec 31, 8:00 pm EST");
    expect(formatZonedTime(at("2027-01-01T01:00:00Z"), "Europe/Paris", NOW)).toBe("Fri, Jan 1, 2027, 2:00 am GMT+1");
  });

  test("on the night the clocks go back, the repeated hour is told apart by its name", () => {
    expect(zoneAbbreviation(at("2026-11-01T05:30:00Z"), "America/New_York")).toBe("EDT");
    expect(zoneAbbreviation(at("2026-11-01T06:30:00Z"), "America/New_York")).toBe("EST");
    expect(formatClockTime(at("2026-11-01T05:30:00Z"), "America/New_York")).toBe("1:30 am EDT");
    expect(formatClockTime(at("2026-11-01T06:30:00Z"), "America/New_York")).toBe("1:30 am EST");
  });
});

describe("time left, in words", () => {
  test("minutes under an hour, whole hours after", () => {
    expect(timeLeftText(20_000)).toBe("less than a minute");
    expect(timeLeftText(60_000)).toBe("1 minute");
    expect(timeLeftText(45 * 60_000)).toBe("45 minutes");
    expect(timeLeftText(60 * 60_000)).toBe("about 1 hour");
    expect(timeLeftText(2 * 3_600_000)).toBe("about 2 hours");
    expect(timeLeftText(9 * 3_600_000 + 19 * 60_000)).toBe("about 9 hours");
    expect(timeLeftText(-5_000)).toBe("less than a minute");
  });
});
