import { describe, expect, test } from "bun:test";
import { dealTravelDates, formatCalendarDate, formatTravelDates, parseTravelDates, toIsoDate } from "../../src/domain/travel-dates";

const NOW = new Date(2025, 5, 15, 14, 30); // Sun, Jun 15 2025, 14:30 local

function ymd(d: Date | null): [number, number, number] | null {
  return d === null ? null : [d.getFullYear(), d.getMonth() + 1, d.getDate()];
}

describe("parseTravelDates", () => {
  test("reads 'Day, Mon D - Day, Mon D' in the current year", () => {
    const result = parseTravelDates("Mon, Mar 3 - Fri, Mar 7", NOW);
    expect(result.parsed).toBe(true);
    expect(ymd(result.start)).toEqual([2025, 3, 3]);
    expect(ymd(result.end)).toEqual([2025, 3, 7]);
  });

  test("reads 'Day, Mon D - Day, Mon D' with a trailing year", () => {
    const result = parseTravelDates("Tue, Mar 3 - Sat, Mar 7, 2026", NOW);
    expect(ymd(result.start)).toEqual([2026, 3, 3]);
    expect(ymd(result.end)).toEqual([2026, 3, 7]);
  });

  test("reads 'Mon D-D, YYYY'", () => {
    const result = parseTravelDates("Mar 3-7, 2026", NOW);
    expect(result.parsed).toBe(true);
    expect(ymd(result.start)).toEqual([2026, 3, 3]);
    expect(ymd(result.end)).toEqual([2026, 3, 7]);
  });

  test("reads 'Mon D - Mon D, YYYY'", () => {
    const result = parseTravelDates("Mar 28 - Apr 4, 2026", NOW);
    expect(ymd(result.start)).toEqual([2026, 3, 28]);
    expect(ymd(result.end)).toEqual([2026, 4, 4]);
  });

  test("reads 'Mon D, YYYY' as one-way with no end date", () => {
    const result = parseTravelDates("Mar 3, 2026", NOW);
    expect(result.parsed).toBe(true);
    expect(ymd(result.start)).toEqual([2026, 3, 3]);
    expect(result.end).toBeNull();
  });

  test("defaults the year to the year of now when none is given", () => {
    expect(ymd(parseTravelDates("Mar 3-7", NOW).start)).toEqual([2025, 3, 3]);
    expect(ymd(parseTravelDates("Mar 28 - Apr 4", NOW).end)).toEqual([2025, 4, 4]);
    expect(ymd(parseTravelDates("Mar 3", NOW).start)).toEqual([2025, 3, 3]);
  });

  test("rolls the end over to the next year when it falls before the start", () => {
    const result = parseTravelDates("Mon, Dec 28 - Sat, Jan 3", NOW);
    expect(ymd(result.start)).toEqual([2025, 12, 28]);
    expect(ymd(result.end)).toEqual([2026, 1, 3]);
  });

  test("applies rollover after a stated year, which is the start year", () => {
    const result = parseTravelDates("Dec 28 - Jan 3, 2026", NOW);
    expect(ymd(result.start)).toEqual([2026, 12, 28]);
    expect(ymd(result.end)).toEqual([2027, 1, 3]);
  });

  test("falls back to January for an unknown month name", () => {
    const result = parseTravelDates("Foo 3 - Bar 7, 2026", NOW);
    expect(result.parsed).toBe(true);
    expect(ymd(result.start)).toEqual([2026, 1, 3]);
    expect(ymd(result.end)).toEqual([2026, 1, 7]);
  });

  test("returns today and today plus 7 days with parsed=false when nothing matches", () => {
    const result = parseTravelDates("Flexible dates", NOW);
    expect(result.parsed).toBe(false);
    expect(ymd(result.start)).toEqual([2025, 6, 15]);
    expect(ymd(result.end)).toEqual([2025, 6, 22]);
    expect(result.start.getHours()).toBe(0);
    expect(result.start.getMinutes()).toBe(0);
  });

  test("treats undefined and empty text as unparsed", () => {
    expect(parseTravelDates(undefined, NOW).parsed).toBe(false);
    expect(parseTravelDates("   ", NOW).parsed).toBe(false);
  });

  test("treats a day that does not exist in the month as unparsed", () => {
    expect(parseTravelDates("Feb 30, 2026", NOW).parsed).toBe(false);
    expect(parseTravelDates("Mar 0-7, 2026", NOW).parsed).toBe(false);
  });

  test("returns dates at local midnight", () => {
    const { start, end } = parseTravelDates("Mon, Mar 3 - Fri, Mar 7", NOW);
    expect([start.getHours(), start.getMinutes(), start.getSeconds()]).toEqual([0, 0, 0]);
    expect(end?.getHours()).toBe(0);
  });

  test("tolerates extra whitespace, en dashes and em dashes", () => {
    const spaced = parseTravelDates("  Mon,   Mar 3   -   Fri,  Mar 7  ", NOW);
    expect(ymd(spaced.start)).toEqual([2025, 3, 3]);
    expect(ymd(spaced.end)).toEqual([2025, 3, 7]);
    expect(ymd(parseTravelDates("Mar 3–7, 2026", NOW).end)).toEqual([2026, 3, 7]);
    expect(ymd(parseTravelDates("Mar 28 — Apr 4, 2026", NOW).end)).toEqual([2026, 4, 4]);
  });

  test("accepts full month names in any case", () => {
    const result = parseTravelDates("MARCH 28 - april 4, 2026", NOW);
    expect(ymd(result.start)).toEqual([2026, 3, 28]);
    expect(ymd(result.end)).toEqual([2026, 4, 4]);
    expect(ymd(parseTravelDates("monday, september 1, 2025", NOW).start)).toEqual([2025, 9, 1]);
  });

  test("reads its own formatted output back, with and without the year", () => {
    for (const today of ["2025-06-15", "2024-06-15"]) {
      const result = parseTravelDates(formatTravelDates("2025-03-03", "2025-03-07", today), NOW);
      expect(ymd(result.start)).toEqual([2025, 3, 3]);
      expect(ymd(result.end)).toEqual([2025, 3, 7]);
    }
  });
});

describe("formatTravelDates: the year only when it is not this year (decision 111)", () => {
  test("this year: 'Mon, Mar 3 - Fri, Mar 7'; one way: 'Mon, Mar 3'", () => {
    expect(formatTravelDates("2025-03-03", "2025-03-07", "2025-06-15")).toBe("Mon, Mar 3 - Fri, Mar 7");
    expect(formatTravelDates("2025-03-03", null, "2025-06-15")).toBe("Mon, Mar 3");
    expect(formatTravelDates("2025-03-03", "", "2025-06-15")).toBe("Mon, Mar 3");
  });

  test("another year: once, at the end; a one-way trip too", () => {
    expect(formatTravelDates("2027-04-09", "2027-04-11", "2026-11-28")).toBe("Fri, Apr 9 - Sun, Apr 11, 2027");
    expect(formatTravelDates("2027-04-09", null, "2026-11-28")).toBe("Fri, Apr 9, 2027");
    expect(formatTravelDates("2025-12-05", "2025-12-07", "2026-01-02")).toBe("Fri, Dec 5 - Sun, Dec 7, 2025");
  });

  test("across two years: each date with its own", () => {
    expect(formatTravelDates("2026-12-30", "2027-01-02", "2026-11-28")).toBe("Wed, Dec 30, 2026 - Sat, Jan 2, 2027");
    expect(formatTravelDates("2026-12-30", "2027-01-02", "2027-01-01")).toBe("Wed, Dec 30, 2026 - Sat, Jan 2, 2027");
  });

  test("'today' decides: the same trip read on Dec 31 and on Jan 1", () => {
    expect(formatTravelDates("2027-01-08", "2027-01-10", "2026-12-31")).toBe("Fri, Jan 8 - Sun, Jan 10, 2027");
    expect(formatTravelDates("2027-01-08", "2027-01-10", "2027-01-01")).toBe("Fri, Jan 8 - Sun, Jan 10");
  });
});

describe("formatCalendarDate", () => {
  test("'Sun, Nov 29' this year, 'Sat, Jan 2, 2027' in another, 'Tue, Feb 29, 2028' on a leap day", () => {
    expect(formatCalendarDate("2026-11-29", "2026-11-28")).toBe("Sun, Nov 29");
    expect(formatCalendarDate("2027-01-02", "2026-11-28")).toBe("Sat, Jan 2, 2027");
    expect(formatCalendarDate("2028-02-29", "2026-11-28")).toBe("Tue, Feb 29, 2028");
  });
});

describe("toIsoDate", () => {
  test("formats the local calendar date as YYYY-MM-DD with zero padding", () => {
    expect(toIsoDate(new Date(2026, 0, 5))).toBe("2026-01-05");
    expect(toIsoDate(new Date(2025, 11, 31, 23, 59))).toBe("2025-12-31");
  });
});

describe("dealTravelDates", () => {
  const NOVEMBER = new Date(2026, 10, 20, 9, 0);

  test("prefers the structured ISO dates, which carry the year the text leaves out", () => {
    const dates = dealTravelDates({ travelDates: "Fri, Jan 8 - Sun, Jan 10", departDate: "2027-01-08", returnDate: "2027-01-10" }, NOVEMBER);
    expect(dates).toEqual({ start: new Date(2027, 0, 8), end: new Date(2027, 0, 10), parsed: true });
  });

  test("a missing or empty return date makes a one-way trip", () => {
    expect(dealTravelDates({ departDate: "2027-01-08", returnDate: null }, NOVEMBER).end).toBeNull();
    expect(dealTravelDates({ departDate: "2027-01-08", returnDate: "" }, NOVEMBER).end).toBeNull();
  });

  test("falls back to the text when the structured dates are missing or invalid", () => {
    const fromText = dealTravelDates({ travelDates: "Mar 3 - Mar 7, 2027", departDate: "2027-02-31" }, NOVEMBER);
    expect(fromText).toEqual({ start: new Date(2027, 2, 3), end: new Date(2027, 2, 7), parsed: true });
    expect(dealTravelDates({ travelDates: "whenever" }, NOVEMBER).parsed).toBe(false);
  });
});
