/**
 * Every zone Intl knows, every hour of every day of 2026–27 (about 7.8 million wall times): each resolves to the
 * instant the Intl-based reference gives (tests/support/zone-reference.ts). The unit tier checks the offered zones in
 * full and the days around each change elsewhere; this is the whole grid, for the slow tier.
 */
import { expect, test } from "bun:test";
import { instantAt } from "../../src/domain/alert-timing.ts";
import { datesFrom, offsetSpans, referenceInstant } from "../support/zone-reference.ts";

const FROM = Date.parse("2025-12-29T00:00:00Z");
const TO = Date.parse("2028-01-03T00:00:00Z");
const DAYS = datesFrom("2026-01-01", "2027-12-31");

test("every zone × day × hour of 2026–27 resolves as the reference does (gaps forward, overlaps first)", () => {
  const wrong: string[] = [];
  let cases = 0;
  for (const zone of Intl.supportedValuesOf("timeZone")) {
    const spans = offsetSpans(zone, FROM, TO);
    for (const date of DAYS) {
      for (let hour = 0; hour < 24; hour++) {
        const wanted = referenceInstant(spans, date, hour);
        const got = instantAt(date, hour, zone).getTime();
        if (got !== wanted && wrong.length < 20)
          wrong.push(`${zone} ${date} ${hour}:00 → ${new Date(got).toISOString()}, not ${new Date(wanted).toISOString()}`);
        cases++;
      }
    }
  }
  expect(wrong).toEqual([]);
  expect(cases).toBeGreaterThan(7_000_000);
}, 900_000);
