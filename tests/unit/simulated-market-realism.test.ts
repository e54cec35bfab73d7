import { describe, expect, test } from "bun:test";
import { addDays, DAY_MS, dayNumber } from "../../src/domain/calendar.ts";
import type { FareSearch } from "../../src/server/fares/sources/fare-source.ts";
import { tripDatePairs } from "../../src/server/fares/sweep/scan-plan.ts";
import { advanceFactor, holidayFactor, tripFactor } from "../../src/server/fares/sources/simulated-calendar.ts";
import { markdownOf, MIN_FARE, MISTAKE_WINDOW_MS, mistakeFareOn, ordinaryFare, simulatedFare } from "../../src/server/fares/sources/simulated-market.ts";
import { simulatedRoutes } from "../../src/server/fares/sources/simulated-routes.ts";

const HOUR = 3_600_000;
const search = (destination: string, departDate: string, returnDate: string | null): FareSearch => ({
  destination,
  departDate,
  returnDate,
  cabin: "economy",
  purpose: "discover",
});
const at = (day: string, hour = 17) => new Date(dayNumber(day) * DAY_MS + hour * HOUR);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** log(price / ordinary fare) of the nonstop quotes with no sale or mistake fare: the market's noise alone. */
function noiseSample(): number[] {
  const deviations: number[] = [];
  for (let moment = 0; moment < 24; moment++) {
    const day = addDays("2027-01-03", moment * 15);
    const now = at(day, moment % 24);
    for (const pair of tripDatePairs(day)) {
      for (const code of simulatedRoutes()) {
        const quote = simulatedFare(search(code, pair.departDate, pair.returnDate), now)!;
        if (!quote.nonstop || markdownOf(code, pair.departDate, now)) continue;
        deviations.push(Math.log(quote.price / ordinaryFare(search(code, pair.departDate, pair.returnDate), now)!));
      }
    }
  }
  return deviations;
}

describe("the simulated market's noise", () => {
  const deviations = noiseSample();
  const share = (test: (d: number) => boolean) => deviations.filter(test).length / deviations.length;

  test("has no floor: fares fall below the old floor (ordinary fare × 0.86) about as often as they rise as far above it", () => {
    expect(deviations.length).toBeGreaterThan(20_000);
    const below = share((d) => d < Math.log(0.86));
    const above = share((d) => d > -Math.log(0.86));
    expect(below).toBeGreaterThan(0.01);
    expect(below / above).toBeGreaterThan(0.6);
    expect(below / above).toBeLessThan(1.6);
  });

  test("is symmetric in log price around the ordinary fare, a few % wide, and never piles up at an edge", () => {
    const center = median(deviations);
    expect(Math.abs(center)).toBeLessThan(0.01);
    const spread = median(deviations.map((d) => Math.abs(d - center))) / 0.6745;
    expect(spread).toBeGreaterThan(0.05);
    expect(spread).toBeLessThan(0.09);
    const lowest = Math.min(...deviations);
    expect(share((d) => d <= lowest + 0.002)).toBeLessThan(0.001);
  });

  test("the price guard practically never binds: no quote of 60 days of the scan grid sits at it", () => {
    let atGuard = 0;
    for (let day = 0; day < 60; day++) {
      const today = addDays("2027-03-01", day);
      for (const pair of tripDatePairs(today)) {
        for (const code of simulatedRoutes()) if (simulatedFare(search(code, pair.departDate, pair.returnDate), at(today))!.price <= MIN_FARE) atGuard++;
      }
    }
    expect(atGuard).toBe(0);
  });
});

describe("the simulated market's mistake fares", () => {
  const mistakesBetween = (from: string, days: number) => {
    let count = 0;
    for (let t = at(from, 0).getTime(); t < at(from, 0).getTime() + days * DAY_MS; t += MISTAKE_WINDOW_MS) {
      for (const code of simulatedRoutes()) if (mistakeFareOn(code, new Date(t))) count++;
    }
    return count;
  };

  test("are rare: a few a month across the whole network (about 3 expected; 1–8 in a month, 15–60 in a year)", () => {
    expect(mistakesBetween("2027-03-01", 31)).toBeGreaterThanOrEqual(1);
    expect(mistakesBetween("2027-03-01", 31)).toBeLessThanOrEqual(8);
    const year = mistakesBetween("2027-01-01", 365);
    expect(year).toBeGreaterThanOrEqual(15);
    expect(year).toBeLessThanOrEqual(60);
  });

  test("cut one route's fares for one departure month 50–62 % for six hours", () => {
    let found: { code: string; at: Date } | null = null;
    for (let t = at("2027-01-01", 0).getTime(); !found; t += MISTAKE_WINDOW_MS) {
      for (const code of simulatedRoutes()) if (!found && mistakeFareOn(code, new Date(t))) found = { code, at: new Date(t) };
    }
    const mistake = mistakeFareOn(found.code, found.at)!;
    expect(mistake.factor).toBeGreaterThanOrEqual(0.38);
    expect(mistake.factor).toBeLessThanOrEqual(0.5);
    expect(markdownOf(found.code, `${mistake.month}-15`, found.at)).toBe("mistake fare");
    expect(mistakeFareOn(found.code, new Date(found.at.getTime() + MISTAKE_WINDOW_MS))).toBeNull();
  });
});

describe("the simulated market's calendar", () => {
  test("the advance-purchase curve is smooth: dearest on the day, falling to its lowest about two months out, rising a little beyond", () => {
    expect(advanceFactor(0)).toBeCloseTo(1.45, 5);
    expect(advanceFactor(14)).toBeCloseTo(1.13, 5);
    expect(advanceFactor(60)).toBeCloseTo(0.97, 5);
    expect(advanceFactor(240)).toBeCloseTo(1.05, 5);
    for (let days = 1; days <= 60; days++) expect(advanceFactor(days)).toBeLessThan(advanceFactor(days - 1));
    for (let days = 61; days <= 400; days++) expect(advanceFactor(days)).toBeGreaterThanOrEqual(advanceFactor(days - 1));
    for (let days = 1; days <= 400; days++) expect(Math.abs(advanceFactor(days) - advanceFactor(days - 1))).toBeLessThan(0.025);
    const trip = search("ORD", "2027-04-16", "2027-04-18");
    expect(ordinaryFare(trip, at("2027-04-06"))!).toBeGreaterThan(1.2 * ordinaryFare(trip, at("2027-02-15"))!);
  });

  test("holiday peaks follow the real calendar: Christmas to New Year, Thanksgiving week, 4 July, Memorial and Labor Day weekends", () => {
    // Thanksgiving is 26 Nov 2026 and 25 Nov 2027: the peak moves with it.
    expect(holidayFactor("2026-11-21")).toBeGreaterThan(1.15);
    expect(holidayFactor("2027-11-20")).toBeGreaterThan(1.15);
    expect(holidayFactor("2027-11-27")).toBe(1);
    expect(holidayFactor("2027-11-13")).toBe(1);
    expect(holidayFactor("2027-12-20")).toBeGreaterThan(1.2);
    expect(holidayFactor("2028-01-01")).toBeGreaterThan(1.2);
    expect(holidayFactor("2028-01-08")).toBe(1);
    // 4 July 2027 is a Sunday; Memorial Day 31 May; Labor Day 6 September: the Fridays before.
    for (const friday of ["2027-07-02", "2027-05-28", "2027-09-03"]) expect(holidayFactor(friday)).toBeGreaterThan(1.05);
    for (const ordinaryFriday of ["2027-06-25", "2027-05-21", "2027-09-10"]) expect(holidayFactor(ordinaryFriday)).toBe(1);
    const before = ordinaryFare(search("MCO", "2027-05-21", "2027-05-23"), at("2027-03-01"))!;
    const memorial = ordinaryFare(search("MCO", "2027-05-28", "2027-05-30"), at("2027-03-01"))!;
    expect(memorial / before).toBeGreaterThan(1.05);
  });

  test("a weekend away costs a few % more per trip than a week away the same week", () => {
    expect(tripFactor("2027-03-12", "2027-03-14") / tripFactor("2027-03-13", "2027-03-20")).toBeGreaterThan(1.03);
    expect(tripFactor("2027-03-12", "2027-03-14") / tripFactor("2027-03-13", "2027-03-20")).toBeLessThan(1.1);
    // Seen in the quotes themselves: weekend (Fri → Sun) over week-long (Sat → Sat) quotes of the same weeks, on
    // several routes, each pair asked two months ahead; the median ratio is the trip kinds' difference.
    const ratios: number[] = [];
    for (const code of ["BOS", "LAX", "LHR", "MCO", "ORD", "DEN"]) {
      for (let week = 0; week < 10; week++) {
        const friday = addDays("2027-03-05", 7 * week);
        const saturday = addDays(friday, 1);
        const asked = at(addDays(friday, -60));
        const weekend = simulatedFare(search(code, friday, addDays(friday, 2)), asked)!.price;
        const weekLong = simulatedFare(search(code, saturday, addDays(saturday, 7)), asked)!.price;
        ratios.push(weekend / weekLong);
      }
    }
    expect(median(ratios)).toBeGreaterThan(1.02);
    expect(median(ratios)).toBeLessThan(1.12);
  });
});
