import { describe, expect, test } from "bun:test";
import {
  DATE_RANGE_MESSAGES,
  EMPTY_FILTER,
  filterBannerText,
  filterByRegion,
  filterDeals,
  isFilterActive,
  sortDeals,
  validateDateRange,
  type DealFilter,
} from "../../src/domain/deal-filter";
import type { DealLike } from "../../src/domain/deals";

const NOW = new Date(2025, 2, 1, 9, 0); // Sat, Mar 1 2025, 09:00 local

interface TestDeal extends DealLike {
  id: string;
}

function deal(id: string, fields: DealLike = {}): TestDeal {
  return { id, ...fields };
}

function filter(fields: Partial<DealFilter>): DealFilter {
  return { ...EMPTY_FILTER, ...fields };
}

function ids(deals: TestDeal[]): string[] {
  return deals.map((d) => d.id);
}

describe("EMPTY_FILTER and isFilterActive", () => {
  test("the empty filter is not active", () => {
    expect(isFilterActive(EMPTY_FILTER)).toBe(false);
  });

  test("a blank destination does not make the filter active", () => {
    expect(isFilterActive(filter({ destination: "  " }))).toBe(false);
  });

  test("any chosen criterion makes the filter active", () => {
    expect(isFilterActive(filter({ destination: "LHR" }))).toBe(true);
    expect(isFilterActive(filter({ begin: new Date(2025, 2, 3) }))).toBe(true);
    expect(isFilterActive(filter({ end: new Date(2025, 2, 3) }))).toBe(true);
    expect(isFilterActive(filter({ anyDates: true }))).toBe(true);
    expect(isFilterActive(filter({ nonstopOnly: true }))).toBe(true);
  });
});

describe("filterDeals by destination", () => {
  const deals = [deal("lhr", { destination: "LHR" }), deal("lax", { destination: "LAX" }), deal("none")];

  test("keeps every deal when no destination is chosen", () => {
    expect(ids(filterDeals(deals, EMPTY_FILTER, NOW))).toEqual(["lhr", "lax", "none"]);
  });

  test("keeps only deals whose destination equals the chosen code", () => {
    expect(ids(filterDeals(deals, filter({ destination: "LHR" }), NOW))).toEqual(["lhr"]);
  });

  test("compares codes trimmed and uppercased", () => {
    expect(ids(filterDeals([deal("x", { destination: " lhr " })], filter({ destination: "Lhr" }), NOW))).toEqual(["x"]);
  });

  test("does not match on a prefix or partial code", () => {
    expect(filterDeals(deals, filter({ destination: "LH" }), NOW)).toEqual([]);
  });
});

describe("filterDeals by dates", () => {
  const begin = new Date(2025, 2, 10);
  const end = new Date(2025, 2, 15);
  const range = filter({ begin, end });

  test("includes a deal that ends on the begin day", () => {
    expect(ids(filterDeals([deal("a", { travelDates: "Wed, Mar 5 - Mon, Mar 10" })], range, NOW))).toEqual(["a"]);
  });

  test("excludes a deal that ends the day before the begin day", () => {
    expect(filterDeals([deal("a", { travelDates: "Wed, Mar 5 - Sun, Mar 9" })], range, NOW)).toEqual([]);
  });

  test("includes a deal that starts on the end day", () => {
    expect(ids(filterDeals([deal("a", { travelDates: "Sat, Mar 15 - Sat, Mar 22" })], range, NOW))).toEqual(["a"]);
  });

  test("includes a deal starting on the end day even when the end date carries a time", () => {
    const endAtMidnight = filter({ begin, end: new Date(2025, 2, 15, 0, 0) });
    const endLate = filter({ begin, end: new Date(2025, 2, 15, 23, 59) });
    const starting = [deal("a", { travelDates: "Mar 15-20, 2025" })];
    expect(ids(filterDeals(starting, endAtMidnight, NOW))).toEqual(["a"]);
    expect(ids(filterDeals(starting, endLate, NOW))).toEqual(["a"]);
  });

  test("includes a deal ending on the begin day even when the begin date carries a time", () => {
    const lateBegin = filter({ begin: new Date(2025, 2, 10, 18, 0), end });
    expect(ids(filterDeals([deal("a", { travelDates: "Mar 5-10, 2025" })], lateBegin, NOW))).toEqual(["a"]);
  });

  test("excludes a deal that starts the day after the end day", () => {
    expect(filterDeals([deal("a", { travelDates: "Mar 16-20, 2025" })], range, NOW)).toEqual([]);
  });

  test("includes a deal that covers the whole chosen range", () => {
    expect(ids(filterDeals([deal("a", { travelDates: "Mar 1 - Apr 1, 2025" })], range, NOW))).toEqual(["a"]);
  });

  test("treats a one-way deal as a single day", () => {
    const deals = [
      deal("inside", { travelDates: "Mar 12, 2025" }),
      deal("before", { travelDates: "Mar 9, 2025" }),
      deal("after", { travelDates: "Mar 16, 2025" }),
    ];
    expect(ids(filterDeals(deals, range, NOW))).toEqual(["inside"]);
  });

  test("with only a begin date keeps deals that do not end before it", () => {
    const deals = [deal("early", { travelDates: "Mar 2-9, 2025" }), deal("late", { travelDates: "Dec 1-5, 2025" })];
    expect(ids(filterDeals(deals, filter({ begin }), NOW))).toEqual(["late"]);
  });

  test("with only an end date keeps deals that do not start after it", () => {
    const deals = [deal("early", { travelDates: "Mar 2-9, 2025" }), deal("late", { travelDates: "Dec 1-5, 2025" })];
    expect(ids(filterDeals(deals, filter({ end }), NOW))).toEqual(["early"]);
  });

  test("uses year rollover so a deal crossing New Year overlaps a January range", () => {
    const january = filter({ begin: new Date(2026, 0, 2), end: new Date(2026, 0, 5) });
    const deals = [deal("newyear", { travelDates: "Sun, Dec 28 - Sat, Jan 3" })];
    expect(ids(filterDeals(deals, january, NOW))).toEqual(["newyear"]);
  });

  test("excludes a deal with unparseable dates when a range is chosen", () => {
    const deals = [deal("ok", { travelDates: "Mar 12, 2025" }), deal("bad", { travelDates: "Flexible" }), deal("missing")];
    expect(ids(filterDeals(deals, range, NOW))).toEqual(["ok"]);
  });

  test("keeps a deal with unparseable dates when no range is chosen", () => {
    const deals = [deal("bad", { travelDates: "Flexible" }), deal("missing")];
    expect(ids(filterDeals(deals, EMPTY_FILTER, NOW))).toEqual(["bad", "missing"]);
  });

  test("uses the structured dates, with their year, over the yearless text", () => {
    // Seen on Mar 1 2025, 'Fri, Jan 8 - Sun, Jan 10' alone would read as January 2025.
    const january2026 = filter({ begin: new Date(2026, 0, 7), end: new Date(2026, 0, 9) });
    const deals = [deal("next-jan", { travelDates: "Thu, Jan 8 - Sat, Jan 10", departDate: "2026-01-08", returnDate: "2026-01-10" })];
    expect(ids(filterDeals(deals, january2026, NOW))).toEqual(["next-jan"]);
    expect(ids(filterDeals(deals, filter({ begin: new Date(2025, 0, 7), end: new Date(2025, 0, 9) }), NOW))).toEqual([]);
  });

  test("ignores the dates entirely when any dates is checked", () => {
    const anyDates = filter({ begin, end, anyDates: true });
    const deals = [deal("outside", { travelDates: "Dec 1-5, 2025" }), deal("bad", { travelDates: "Flexible" })];
    expect(ids(filterDeals(deals, anyDates, NOW))).toEqual(["outside", "bad"]);
  });
});

describe("filterDeals by nonstop and combined criteria", () => {
  const deals = [
    deal("yes", { destination: "LHR", nonstop: "Yes", travelDates: "Mar 12, 2025" }),
    deal("no", { destination: "LHR", nonstop: "No", travelDates: "Mar 12, 2025" }),
    deal("unknown", { destination: "LHR", travelDates: "Mar 12, 2025" }),
    deal("route", { destination: "CDG", route: "RDU-CDG", travelDates: "Mar 12, 2025" }),
  ];

  test("nonstop only keeps deals detected as nonstop and drops unknown ones", () => {
    expect(ids(filterDeals(deals, filter({ nonstopOnly: true }), NOW))).toEqual(["yes", "route"]);
  });

  test("all criteria must hold together", () => {
    const all = filter({ destination: "LHR", nonstopOnly: true, begin: new Date(2025, 2, 10), end: new Date(2025, 2, 15) });
    expect(ids(filterDeals(deals, all, NOW))).toEqual(["yes"]);
  });

  test("nonstop only with any dates keeps every nonstop deal, whatever its dates", () => {
    const anyDatesNonstop = filter({ begin: new Date(2025, 2, 20), end: new Date(2025, 2, 21), anyDates: true, nonstopOnly: true });
    expect(ids(filterDeals(deals, anyDatesNonstop, NOW))).toEqual(["yes", "route"]);
  });

  test("returns a new array and leaves the input untouched", () => {
    const result = filterDeals(deals, EMPTY_FILTER, NOW);
    expect(result).not.toBe(deals);
    expect(ids(deals)).toEqual(["yes", "no", "unknown", "route"]);
  });
});

describe("validateDateRange", () => {
  test("accepts no dates, today, and a range in order", () => {
    expect(validateDateRange(null, null, NOW)).toBeNull();
    expect(validateDateRange(new Date(2025, 2, 1), null, NOW)).toBeNull();
    expect(validateDateRange(new Date(2025, 2, 3), new Date(2025, 2, 7), NOW)).toBeNull();
  });

  test("accepts begin and end on the same day", () => {
    expect(validateDateRange(new Date(2025, 2, 3), new Date(2025, 2, 3, 12), NOW)).toBeNull();
  });

  test("rejects a begin date before today", () => {
    expect(validateDateRange(new Date(2025, 1, 28), null, NOW)).toBe(DATE_RANGE_MESSAGES.beginInPast);
    expect(DATE_RANGE_MESSAGES.beginInPast).toBe("Begin date cannot be in the past.");
  });

  test("rejects a begin date after the end date", () => {
    expect(validateDateRange(new Date(2025, 2, 8), new Date(2025, 2, 7), NOW)).toBe("Begin date cannot be after the end date.");
  });

  test("reports an end date before the begin date on the end picker", () => {
    expect(validateDateRange(new Date(2025, 2, 8), new Date(2025, 2, 7), NOW, "end")).toBe("End date cannot be before the begin date.");
  });

  test("accepts an end date alone", () => {
    expect(validateDateRange(null, new Date(2025, 2, 7), NOW)).toBeNull();
  });
});

describe("filterBannerText", () => {
  test("starts with the result count", () => {
    expect(filterBannerText(3, EMPTY_FILTER)).toBe("Showing 3 filtered results");
  });

  test("adds the destination", () => {
    expect(filterBannerText(2, filter({ destination: "lhr" }))).toBe("Showing 2 filtered results to LHR");
  });

  test("adds a full date range as MMM dd", () => {
    const f = filter({ begin: new Date(2025, 2, 3), end: new Date(2025, 2, 10) });
    expect(filterBannerText(1, f)).toBe("Showing 1 filtered results from Mar 03 to Mar 10");
  });

  test("adds only from or until when one side of the range is chosen", () => {
    expect(filterBannerText(1, filter({ begin: new Date(2025, 2, 3) }))).toBe("Showing 1 filtered results from Mar 03");
    expect(filterBannerText(1, filter({ end: new Date(2025, 2, 10) }))).toBe("Showing 1 filtered results until Mar 10");
  });

  test("adds nonstop only", () => {
    expect(filterBannerText(0, filter({ nonstopOnly: true }))).toBe("Showing 0 filtered results (nonstop only)");
  });

  test("adds any dates and leaves out the ignored date range", () => {
    const f = filter({ begin: new Date(2025, 2, 3), end: new Date(2025, 2, 10), anyDates: true });
    expect(filterBannerText(4, f)).toBe("Showing 4 filtered results (any dates)");
  });

  test("adds nonstop only, then any dates, leaving out the ignored date range", () => {
    const f = filter({ begin: new Date(2025, 2, 3), end: new Date(2025, 2, 10), anyDates: true, nonstopOnly: true });
    expect(filterBannerText(24, f)).toBe("Showing 24 filtered results (nonstop only) (any dates)");
  });

  test("combines all suffixes in order", () => {
    const f = filter({ destination: "CDG", begin: new Date(2025, 2, 3), end: new Date(2025, 2, 10), nonstopOnly: true });
    expect(filterBannerText(5, f)).toBe("Showing 5 filtered results to CDG from Mar 03 to Mar 10 (nonstop only)");
  });
});

describe("filterByRegion", () => {
  const international = new Set(["LHR", "CDG"]);
  const isInternational = (code: string) => international.has(code);
  const deals = [deal("lhr", { destination: "LHR" }), deal("lax", { destination: "LAX" }), deal("cdg", { destination: " cdg " })];

  test("all keeps every deal in a new array", () => {
    const result = filterByRegion(deals, "all", isInternational);
    expect(ids(result)).toEqual(["lhr", "lax", "cdg"]);
    expect(result).not.toBe(deals);
  });

  test("international keeps deals whose normalized code is international", () => {
    expect(ids(filterByRegion(deals, "international", isInternational))).toEqual(["lhr", "cdg"]);
  });

  test("domestic keeps the rest", () => {
    expect(ids(filterByRegion(deals, "domestic", isInternational))).toEqual(["lax"]);
  });
});

describe("sortDeals", () => {
  test("status ascending puts new deals first and descending puts them last", () => {
    const deals = [deal("old", { isNewForUser: false }), deal("new", { isNewForUser: true }), deal("unknown")];
    expect(ids(sortDeals(deals, "status", "asc", NOW))).toEqual(["new", "old", "unknown"]);
    expect(ids(sortDeals(deals, "status", "desc", NOW))).toEqual(["old", "new", "unknown"]);
  });

  test("airline sorts case-insensitively", () => {
    const deals = [deal("u", { airline: "united" }), deal("a", { airline: "American" }), deal("d", { airline: "Delta" })];
    expect(ids(sortDeals(deals, "airline", "asc", NOW))).toEqual(["a", "d", "u"]);
    expect(ids(sortDeals(deals, "airline", "desc", NOW))).toEqual(["u", "d", "a"]);
  });

  test("destination and trip type sort as text", () => {
    const deals = [deal("b", { destination: "LHR", tripType: "Roundtrip" }), deal("a", { destination: "ATL", tripType: "One-way" })];
    expect(ids(sortDeals(deals, "destination", "asc", NOW))).toEqual(["a", "b"]);
    expect(ids(sortDeals(deals, "tripType", "desc", NOW))).toEqual(["b", "a"]);
  });

  test("dates sort by the parsed start date", () => {
    const deals = [
      deal("apr", { travelDates: "Apr 1-5, 2025" }),
      deal("mar", { travelDates: "Mon, Mar 3 - Fri, Mar 7" }),
      deal("jan26", { travelDates: "Jan 2, 2026" }),
    ];
    expect(ids(sortDeals(deals, "dates", "asc", NOW))).toEqual(["mar", "apr", "jan26"]);
    expect(ids(sortDeals(deals, "dates", "desc", NOW))).toEqual(["jan26", "apr", "mar"]);
  });

  test("dates sort by the structured depart date when the deal has one", () => {
    const deals = [
      deal("jan27", { travelDates: "Fri, Jan 8 - Sun, Jan 10", departDate: "2027-01-08", returnDate: "2027-01-10" }),
      deal("dec26", { travelDates: "Wed, Dec 9 - Sat, Dec 12", departDate: "2026-12-09", returnDate: "2026-12-12" }),
    ];
    expect(ids(sortDeals(deals, "dates", "asc", NOW))).toEqual(["dec26", "jan27"]);
  });

  test("price sorts numerically, not as text", () => {
    const deals = [deal("1200", { startingPrice: "$1,200" }), deal("99", { startingPrice: "$99" }), deal("300", { startingPrice: 300 })];
    expect(ids(sortDeals(deals, "price", "asc", NOW))).toEqual(["99", "300", "1200"]);
    expect(ids(sortDeals(deals, "price", "desc", NOW))).toEqual(["1200", "300", "99"]);
  });

  test("nonstop ascending reads like the text, No before Yes; descending puts nonstop first", () => {
    const deals = [deal("yes", { stops: 0 }), deal("unknown"), deal("no", { nonstop: "No" })];
    expect(ids(sortDeals(deals, "nonstop", "asc", NOW))).toEqual(["no", "yes", "unknown"]);
    expect(ids(sortDeals(deals, "nonstop", "desc", NOW))).toEqual(["yes", "no", "unknown"]);
  });

  test("unknown values go last in both directions", () => {
    const deals = [deal("none"), deal("bad", { startingPrice: "TBD" }), deal("cheap", { startingPrice: 100 }), deal("dear", { startingPrice: 500 })];
    expect(ids(sortDeals(deals, "price", "asc", NOW))).toEqual(["cheap", "dear", "none", "bad"]);
    expect(ids(sortDeals(deals, "price", "desc", NOW))).toEqual(["dear", "cheap", "none", "bad"]);
  });

  test("blank text and unparseable dates count as unknown", () => {
    expect(ids(sortDeals([deal("blank", { airline: " " }), deal("z", { airline: "Zeta" })], "airline", "asc", NOW))).toEqual(["z", "blank"]);
    expect(ids(sortDeals([deal("bad", { travelDates: "TBD" }), deal("ok", { travelDates: "Mar 3, 2030" })], "dates", "asc", NOW))).toEqual(["ok", "bad"]);
  });

  test("is stable: equal values keep their original order in both directions", () => {
    const deals = [deal("first", { airline: "Delta" }), deal("second", { airline: "delta" }), deal("third", { airline: "DELTA" })];
    expect(ids(sortDeals(deals, "airline", "asc", NOW))).toEqual(["first", "second", "third"]);
    expect(ids(sortDeals(deals, "airline", "desc", NOW))).toEqual(["first", "second", "third"]);
  });

  test("returns a new array and leaves the input untouched", () => {
    const deals = [deal("b", { airline: "B" }), deal("a", { airline: "A" })];
    const result = sortDeals(deals, "airline", "asc", NOW);
    expect(result).not.toBe(deals);
    expect(ids(deals)).toEqual(["b", "a"]);
  });
});
