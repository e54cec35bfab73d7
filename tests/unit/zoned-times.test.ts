/**
 * Zoned wall times (quiet hours' end, digest hours, the next morning) resolved to instants: a skipped hour goes forward
 * to the moment the clocks jump, a repeated hour is its first occurrence. Checked against an Intl-based reference
 * (tests/support/zone-reference.ts): every hour of every day of 2026–27 in the zones the settings offer, and every hour
 * of the days around each change in every zone Intl knows (all hours of all days of every zone: tests/slow).
 */
import { describe, expect, test } from "bun:test";
import { instantAlertTime, instantAt, nextDayAlertTime, nextDigestTime, OFFERED_TIME_ZONES } from "../../src/domain/alert-timing.ts";
import { datesFrom, offsetSpans, referenceInstant } from "../support/zone-reference.ts";

const FROM = Date.parse("2025-12-29T00:00:00Z");
const TO = Date.parse("2028-01-03T00:00:00Z");
const DAYS = datesFrom("2026-01-01", "2027-12-31");
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const iso = (ms: number) => new Date(ms).toISOString();

describe("a wall time in a zone", () => {
  test("a skipped hour resolves forward to when the clocks jump, a repeated hour to its first occurrence", () => {
    expect(iso(instantAt("2026-03-29", 2, "Europe/Paris").getTime())).toBe("2026-03-29T01:00:00.000Z"); // 03:00 CEST
    expect(iso(instantAt("2026-10-25", 2, "Europe/Paris").getTime())).toBe("2026-10-25T00:00:00.000Z"); // the first 02:00, CEST
    expect(iso(instantAt("2026-03-08", 2, "America/New_York").getTime())).toBe("2026-03-08T07:00:00.000Z"); // 03:00 EDT
    expect(iso(instantAt("2026-11-01", 1, "America/New_York").getTime())).toBe("2026-11-01T05:00:00.000Z"); // the first 01:00, EDT
    expect(iso(instantAt("2026-10-04", 2, "Australia/Lord_Howe").getTime())).toBe("2026-10-03T15:30:00.000Z"); // a half-hour gap: 02:30
    expect(iso(instantAt("2026-04-05", 1, "Australia/Lord_Howe").getTime())).toBe("2026-04-04T14:00:00.000Z"); // the first 01:00
    expect(iso(instantAt("2026-09-06", 0, "America/Santiago").getTime())).toBe("2026-09-06T04:00:00.000Z"); // midnight skipped: 01:00
    expect(iso(instantAt("2026-07-01", 9, "Asia/Kathmandu").getTime())).toBe("2026-07-01T03:15:00.000Z");
  });

  test("quiet hours end, and digests go, at the wall time or the moment the clocks jump past it, never an hour early", () => {
    const paris = { timeZone: "Europe/Paris", quietStart: 22, quietEnd: 2 };
    // 01:30 CET on the night summer time starts: quiet until 02:00, which is skipped, so until 03:00 CEST.
    expect(iso(instantAlertTime(new Date("2026-03-29T00:30:00Z"), paris).getTime())).toBe("2026-03-29T01:00:00.000Z");
    expect(iso(nextDigestTime(new Date("2026-03-28T23:00:00Z"), { delivery: "daily", digestHour: 2, timeZone: "Europe/Paris" }).getTime())).toBe(
      "2026-03-29T01:00:00.000Z",
    );
    expect(iso(nextDayAlertTime(new Date("2026-09-05T12:00:00Z"), { timeZone: "America/Santiago", quietStart: 0, quietEnd: 0 }).getTime())).toBe(
      "2026-09-06T04:00:00.000Z",
    );
  });

  test(`every hour of every day of 2026–27 in the zones the settings offer (${OFFERED_TIME_ZONES.length})`, () => {
    let cases = 0;
    for (const zone of OFFERED_TIME_ZONES) {
      const spans = offsetSpans(zone, FROM, TO);
      for (const date of DAYS) {
        for (const hour of HOURS) {
          const wanted = referenceInstant(spans, date, hour);
          const got = instantAt(date, hour, zone).getTime();
          if (got !== wanted) expect(`${zone} ${date} ${hour}:00 → ${iso(got)}`).toBe(`${zone} ${date} ${hour}:00 → ${iso(wanted)}`);
          cases++;
        }
      }
    }
    expect(cases).toBe(OFFERED_TIME_ZONES.length * DAYS.length * 24);
  }, 60_000);

  test("every hour of the days around each offset change of 2026–27, in every zone Intl knows", () => {
    let cases = 0;
    const zones = Intl.supportedValuesOf("timeZone");
    for (const zone of zones) {
      const spans = offsetSpans(zone, FROM, TO);
      const days = new Set<string>();
      for (const { start } of spans.slice(1)) {
        for (const shift of [-1, 0, 1]) days.add(new Date(start + shift * 86_400_000).toISOString().slice(0, 10));
      }
      for (const date of days) {
        for (const hour of HOURS) {
          const wanted = referenceInstant(spans, date, hour);
          const got = instantAt(date, hour, zone).getTime();
          if (got !== wanted) expect(`${zone} ${date} ${hour}:00 → ${iso(got)}`).toBe(`${zone} ${date} ${hour}:00 → ${iso(wanted)}`);
          cases++;
        }
      }
    }
    expect(zones.length).toBeGreaterThan(400);
    expect(cases).toBeGreaterThan(10_000);
  }, 60_000);
});
