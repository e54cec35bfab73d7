import { describe, expect, test } from "bun:test";
import { addDays, dayNumber } from "../../src/domain/calendar.ts";
import { DEAL_RULES, shareOfFaresCheaperThan, tripKindOf } from "../../src/domain/deal-rules.ts";
import { judgeFare } from "../../src/server/fares/judge/detect.ts";
import { judgeQuotes } from "../../src/server/fares/judge/judge-quotes.ts";
import { PriceHistory, type Observation } from "../../src/server/fares/judge/observations.ts";
import { quote } from "../support/scripted-fares.ts";
import { levelNow } from "../../src/server/fares/judge/route-level.ts";
import { normalDraw, seededRandom } from "../../src/server/fares/sources/seeded-random.ts";
import {
  baseLevel,
  buildRouteModel,
  leadAdjustment,
  providerRange,
  rangeAround,
  routeModels,
  type RouteModel,
} from "../../src/server/fares/judge/typical-range.ts";

const HOUR = 3_600_000;
const today = "2026-11-22";
const now = new Date("2026-11-22T15:00:00Z");

/** Fridays → Sundays (weekend) and Saturdays → Saturdays (week-long) departing in 2027. */
function fridays(month: number): string[] {
  const days: string[] = [];
  for (let d = 1; d <= 28; d++) {
    const date = `2027-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 5) days.push(date);
  }
  return days;
}

/**
 * A year of daily observations: weekend trips and week-long trips in February, March and April, each kind and
 * month at its own price, with a little noise, seen on `days` distinct days 30–90 days ahead.
 */
function observations(prices: Record<string, number>, days = 60, seed = "history", distinctDays = Number.POSITIVE_INFINITY): Observation[] {
  const random = seededRandom(seed);
  const list: Observation[] = [];
  for (const month of [2, 3, 4]) {
    for (const friday of fridays(month)) {
      for (let back = 30; back < 30 + days; back++) {
        const day = Number.isFinite(distinctDays) ? dayNumber("2026-11-01") + (back % distinctDays) : dayNumber(friday) - back;
        const noise = Math.exp(0.05 * normalDraw(random));
        list.push({ departDate: friday, returnDate: addDays(friday, 2), price: Math.round(prices[`weekend|${month}`]! * noise), day });
        const saturday = addDays(friday, 1);
        list.push({ departDate: saturday, returnDate: addDays(saturday, 7), price: Math.round(prices[`week_long|${month}`]! * noise), day });
      }
    }
  }
  return list;
}

const BOS_QUOTE = quote({
  destination: "BOS",
  departDate: "2027-03-12",
  returnDate: "2027-03-14",
  price: 300,
  airline: "JetBlue",
  source: "serpapi",
  cached: true,
});

const PRICES = { "weekend|2": 300, "week_long|2": 250, "weekend|3": 300, "week_long|3": 250, "weekend|4": 400, "week_long|4": 330 };
const typicalOf = (model: RouteModel, departDate: string, returnDate: string, on = "2027-01-10") =>
  Math.exp(baseLevel(model, { departDate, returnDate, price: 0 }, on)!.log + levelNow(model, [], null).level);
/** Within 3 % of `expected`: the noise of a few hundred observations, far from a 30 % holiday peak. */
const expectNear = (actual: number, expected: number) => expect(Math.abs(actual / expected - 1)).toBeLessThan(0.03);

describe("trip kinds", () => {
  test("weekend Fri/Sat → Sun/Mon, week-long 6–8 nights, other lengths and one-way apart", () => {
    expect(tripKindOf("2027-03-12", "2027-03-14")).toBe("weekend");
    expect(tripKindOf("2027-03-13", "2027-03-15")).toBe("weekend");
    expect(tripKindOf("2027-03-13", "2027-03-20")).toBe("week_long");
    expect(tripKindOf("2027-03-10", "2027-03-18")).toBe("week_long");
    expect(tripKindOf("2027-03-10", "2027-03-12")).toBe("other");
    expect(tripKindOf("2027-03-10", null)).toBe("one_way");
  });
});

describe("typical ranges that fit the trip", () => {
  const model = buildRouteModel(observations(PRICES), "2027-01-10")!;

  test("are kept per trip kind and departure month: a weekend is not judged by week-long fares", () => {
    expect(typicalOf(model, "2027-03-12", "2027-03-14")).toBeCloseTo(300, -1);
    expect(typicalOf(model, "2027-03-13", "2027-03-20")).toBeCloseTo(250, -1);
  });

  test("follow a route's new observations at once (Google's price history of a confirmed search), other routes' models kept", () => {
    const history = new PriceHistory("2027-01-10");
    for (const observation of observations(PRICES)) {
      history.add("RDU-BOS|round_trip|economy", observation);
      history.add("RDU-LAX|round_trip|economy", { ...observation, price: observation.price * 2 });
    }
    const before = routeModels(history);
    expect(typicalOf(before.get("RDU-BOS|round_trip|economy")!, "2027-03-12", "2027-03-14")).toBeCloseTo(300, -1);
    // Days added later on which BOS's March weekends cost half: the BOS model is rebuilt with them, LAX's is not.
    for (const friday of fridays(3)) {
      for (let back = 1; back <= 120; back++)
        history.add("RDU-BOS|round_trip|economy", { departDate: friday, returnDate: addDays(friday, 2), price: 150, day: dayNumber(friday) - 200 - back });
    }
    const after = routeModels(history);
    expect(typicalOf(after.get("RDU-BOS|round_trip|economy")!, "2027-03-12", "2027-03-14")).toBeLessThan(250);
    expect(after.get("RDU-LAX|round_trip|economy")).toBe(before.get("RDU-LAX|round_trip|economy")!);
    expect(routeModels(history).get("RDU-BOS|round_trip|economy")).toBe(after.get("RDU-BOS|round_trip|economy")!);
  });

  test("read a finished day's lower price written in place, as a model built from fresh rows does", () => {
    const kept = observations(PRICES);
    buildRouteModel(kept, "2027-01-10");
    for (const observation of kept) if (observation.departDate.startsWith("2027-03")) observation.price = Math.round(observation.price / 2);
    const rebuilt = buildRouteModel(kept, "2027-01-10")!;
    const fresh = buildRouteModel(
      kept.map((observation) => ({ ...observation })),
      "2027-01-10",
    )!;
    expect(typicalOf(rebuilt, "2027-03-12", "2027-03-14")).toBeCloseTo(150, -1);
    expect(rebuilt).toEqual(fresh);
  });

  test("are interpolated to the departure date between neighbouring months (for dates without their own history)", () => {
    // Saturday → Monday weekends: never observed themselves, so only their months speak for them.
    const midMarch = typicalOf(model, "2027-03-13", "2027-03-15");
    const lateMarch = typicalOf(model, "2027-03-27", "2027-03-29");
    const earlyApril = typicalOf(model, "2027-04-03", "2027-04-05");
    expect(lateMarch).toBeGreaterThan(midMarch + 20);
    expect(lateMarch).toBeLessThan(earlyApril);
    expect(earlyApril).toBeLessThan(400);
  });

  test("move with the route's recent level, and jump to a scan's own level when the whole route falls far (a fare war), not when it rises (a spike)", () => {
    const scans = (level: number) => Array.from({ length: 20 }, (_, i) => ({ level, spread: 0.06, scannedAt: now.getTime() - (20 - i) * 6 * HOUR }));
    expect(levelNow(model, scans(0.05), null).level).toBeCloseTo(0.05, 5);
    expect(levelNow(model, scans(0.05), { level: 0.08, spread: 0.06 }).level).toBeCloseTo(0.05, 5);
    expect(levelNow(model, scans(0), { level: -0.3, spread: 0.06 }).level).toBeCloseTo(-0.3, 5);
    // A route-wide spike 30 % up: ordinary fares judged against it would look like deals.
    expect(levelNow(model, scans(0), { level: 0.3, spread: 0.06 }).level).toBeCloseTo(0, 5);
  });

  test("measure a route's level only from fair samples: a dozen Explore window picks far below typical are no fare war", () => {
    const history = new PriceHistory("2027-01-10");
    for (const observation of observations(PRICES)) history.add("RDU-BOS|round_trip|economy", observation);
    // Every weekend of February to April, each its window's cheapest: 30 % below what such a weekend usually costs.
    const picks = [2, 3, 4].flatMap((month) =>
      fridays(month).map((friday) => ({
        ...BOS_QUOTE,
        departDate: friday,
        returnDate: addDays(friday, 2),
        price: 0.7 * PRICES[`weekend|${month}` as keyof typeof PRICES],
      })),
    );
    const asLevel = judgeQuotes(picks, history, "2027-01-10").judged;
    const notLevel = judgeQuotes(picks, history, "2027-01-10", () => false).judged;
    expect(asLevel[0]!.range!.median).toBeLessThan(230);
    expect(notLevel[0]!.range!.median).toBeGreaterThan(280);
    expect(notLevel.filter((item) => item.judgement?.isDeal).length).toBeGreaterThan(0);
  });

  test("forget a fare war once it is over: its weeks neither pull the route's level down nor widen its spread", () => {
    const random = seededRandom("war");
    // 120 days of four scans a day: the route wanders ±2 % around its level, 40 of those days were a war 30 % lower.
    const scans = Array.from({ length: 480 }, (_, i) => ({
      level: (i >= 200 && i < 360 ? -0.3 : 0) + 0.02 * normalDraw(random),
      spread: 0.06,
      scannedAt: now.getTime() - (480 - i) * 6 * HOUR,
    }));
    const afterWar = levelNow(model, scans, { level: 0.01, spread: 0.06 });
    expect(afterWar.level).toBeCloseTo(0, 2);
    // Single fares around the level: the scans' own spread and the level's wander, not the war's 30 %.
    expect(afterWar.spread).toBeLessThan(0.07);
    // During the war the scan's own level judges, with the ordinary spread.
    const duringWar = levelNow(model, scans.slice(0, 300), { level: -0.31, spread: 0.06 });
    expect(duringWar.level).toBeCloseTo(-0.31, 5);
    expect(duringWar.spread).toBeLessThan(0.07);
  });

  test("follow a route that stays far above its usual level for longer than a spike lasts (the end of a fare war that was most of the 120 days)", () => {
    const random = seededRandom("two wars");
    // 120 days of four scans a day: two wars 30 % lower took 70 of them; the route has been back for `daysBack` days.
    const scans = (daysBack: number) =>
      Array.from({ length: 480 }, (_, i) => ({
        level: (i < 480 - daysBack * 4 && i >= 480 - daysBack * 4 - 280 ? -0.3 : 0) + 0.02 * normalDraw(random),
        spread: 0.06,
        scannedAt: now.getTime() - (480 - i) * 6 * HOUR,
      }));
    const thisScan = { level: 0.01, spread: 0.06 };
    // Back for 3 days, as long as a spike lasts: still the wars' level (ordinary fares are not deals against it).
    expect(levelNow(model, scans(3), thisScan).level).toBeCloseTo(-0.3, 1);
    // Back for 5 days: the route has moved, and a 25 % sale stands out against its level again.
    expect(levelNow(model, scans(5), thisScan).level).toBeCloseTo(0, 1);
    expect(levelNow(model, scans(5), null).level).toBeCloseTo(0, 1);
    // A spike of a day or three on an ordinary route is still not followed.
    const spike = Array.from({ length: 480 }, (_, i) => ({ level: i >= 468 ? 0.3 : 0, spread: 0.06, scannedAt: now.getTime() - (480 - i) * 6 * HOUR }));
    expect(levelNow(model, spike, { level: 0.3, spread: 0.06 }).level).toBeCloseTo(0, 5);
  });

  test("with no scan levels, take the route's level from 120 days of observations, or the recent days' when the whole route moved far", () => {
    // 150 days of sightings, as a sweep by discovery keeps them; the last 14 days sit `recent` (log) from the rest.
    const asOf = "2027-01-10";
    const sightings = (recent: number) => {
      const random = seededRandom(`level ${recent}`);
      const list: Observation[] = [];
      for (let back = 150; back >= 1; back--) {
        const day = dayNumber(asOf) - back;
        for (const friday of [...fridays(3), ...fridays(4)]) {
          const level = back <= DEAL_RULES.recentLevelDays ? recent : 0;
          list.push({ departDate: friday, returnDate: addDays(friday, 2), price: Math.round(300 * Math.exp(level + 0.03 * normalDraw(random))), day });
        }
      }
      return list;
    };
    // Less than 10 % for two weeks is the route's everyday wander (or sightings that were each the cheapest of their
    // window): not the level a drop is judged against.
    expect(Math.abs(buildRouteModel(sightings(-0.08), asOf)!.observedLevel)).toBeLessThan(0.01);
    // A fare war: the recent days judge.
    expect(buildRouteModel(sightings(-0.3), asOf)!.observedLevel).toBeLessThan(-0.2);
  });

  /** One December's Friday → Sunday weekends, seen 30–90 days ahead: $300, and 30 % more from the 18th on (Christmas). */
  function decemberWeekends(fridays: readonly string[], seed: string): Observation[] {
    const random = seededRandom(seed);
    const december: Observation[] = [];
    for (const friday of fridays) {
      for (let back = 30; back < 90; back++) {
        const price = (friday.slice(5) >= "12-18" ? 390 : 300) * Math.exp(0.03 * normalDraw(random));
        december.push({ departDate: friday, returnDate: addDays(friday, 2), price: Math.round(price), day: dayNumber(friday) - back });
      }
    }
    return december;
  }

  test("a holiday comes back: dates never seen before cost what the same dates cost a year before, against their month", () => {
    const model = buildRouteModel(decemberWeekends(["2025-12-05", "2025-12-12", "2025-12-19", "2025-12-26"], "christmas"), "2026-06-01")!;
    expectNear(typicalOf(model, "2026-12-04", "2026-12-06", "2026-09-01"), 300);
    expectNear(typicalOf(model, "2026-12-25", "2026-12-27", "2026-09-01"), 390);
  });

  test("a peak bound to a date moves a weekday a year: the first Friday outside it is not priced as in it", () => {
    // In 2027 the 18th is a Saturday, so Friday the 17th is ordinary although the same weekday a year before (the
    // 18th) was in the peak.
    const model = buildRouteModel(decemberWeekends(["2026-12-04", "2026-12-11", "2026-12-18", "2026-12-25"], "christmas moves"), "2027-06-01")!;
    expectNear(typicalOf(model, "2027-12-10", "2027-12-12", "2027-09-01"), 300);
    expectNear(typicalOf(model, "2027-12-17", "2027-12-19", "2027-09-01"), 300);
    expectNear(typicalOf(model, "2027-12-24", "2027-12-26", "2027-09-01"), 390);
  });

  test("a trip's shape has its own price: a Friday-to-Monday weekend never seen before is priced as Friday-to-Mondays are, not as the weekends pooled", () => {
    // Weekends from February to April 2027: Friday to Sunday at $300, Friday to Monday at $264. One March Friday is
    // never watched, so its trips are priced by their month, their shape and what their dates cost a year before.
    const random = seededRandom("shapes");
    const unwatched = "2027-03-19";
    const list: Observation[] = [];
    for (const month of [2, 3, 4]) {
      for (const friday of fridays(month).filter((date) => date !== unwatched)) {
        for (let back = 30; back < 90; back++) {
          const noise = Math.exp(0.03 * normalDraw(random));
          list.push({ departDate: friday, returnDate: addDays(friday, 2), price: Math.round(300 * noise), day: dayNumber(friday) - back });
          list.push({ departDate: friday, returnDate: addDays(friday, 3), price: Math.round(264 * noise), day: dayNumber(friday) - back });
        }
      }
    }
    const model = buildRouteModel(list, "2027-01-10")!;
    expectNear(typicalOf(model, unwatched, addDays(unwatched, 2)), 300);
    expectNear(typicalOf(model, unwatched, addDays(unwatched, 3)), 264);
  });

  test("follow the advance-purchase curve straight between its points, flat beyond its ends", () => {
    const curve = [
      { days: 20, log: 0.1 },
      { days: 40, log: 0 },
      { days: 200, log: 0.04 },
    ];
    expect(leadAdjustment(curve, 10)).toBe(0.1);
    expect(leadAdjustment(curve, 30)).toBeCloseTo(0.05, 10);
    expect(leadAdjustment(curve, 120)).toBeCloseTo(0.02, 10);
    expect(leadAdjustment(curve, 300)).toBe(0.04);
    expect(leadAdjustment([], 30)).toBe(0);
  });

  test("count distinct days of history: many rows on few days are still thin", () => {
    const fewDays = buildRouteModel(observations(PRICES, 60, "few", DEAL_RULES.minObservationDays - 1), "2027-01-10")!;
    expect(baseLevel(fewDays, { departDate: "2027-03-12", returnDate: "2027-03-14", price: 0 }, "2027-01-10")).toBeNull();
    const enough = buildRouteModel(observations(PRICES, 60, "few", DEAL_RULES.minObservationDays), "2027-01-10")!;
    expect(baseLevel(enough, { departDate: "2027-03-12", returnDate: "2027-03-14", price: 0 }, "2027-01-10")).not.toBeNull();
  });

  test("never fall back to other seasons: a month without history has no typical price of its own", () => {
    expect(baseLevel(model, { departDate: "2027-07-09", returnDate: "2027-07-11", price: 0 }, "2027-01-10")).toBeNull();
  });

  test("while thin, lean on the provider's own price history for the search, else its typical range", () => {
    const history = Array.from({ length: 30 }, (_, i) => ({ day: addDays(today, -30 + i), price: 400 + (i % 5) * 10 }));
    expect(providerRange({ typicalLow: null, typicalHigh: null, priceHistory: history }, "weekend")!.median).toBeCloseTo(420, 0);
    expect(providerRange({ typicalLow: 300, typicalHigh: 500, priceHistory: history.slice(0, 5) }, "weekend")!.median).toBeCloseTo(Math.sqrt(300 * 500), 5);
    expect(providerRange({ typicalLow: null, typicalHigh: null, priceHistory: null }, "weekend")).toBeNull();
  });
});

describe("the noise-aware rule", () => {
  const fare = (price: number, destination = "LAX") => ({ price, destination, departDate: "2027-02-12" });

  test("a calm route's 25% drop is a deal; the same drop on a route that wobbles that much is not", () => {
    const calm = rangeAround(Math.log(400), 0.06, 60, "weekend");
    const noisy = rangeAround(Math.log(400), 0.15, 60, "weekend");
    expect(judgeFare(fare(300), calm, today)).toMatchObject({ isDeal: true, tier: "good" });
    expect(judgeFare(fare(300), noisy, today)).toMatchObject({ isDeal: false, reason: "within the route's ordinary ups and downs" });
    expect(judgeFare(fare(220), noisy, today).isDeal).toBe(true);
  });

  test("international fares need 20% and $135 below typical ($150 less the typical price's margin)", () => {
    const lhr = rangeAround(Math.log(1000), 0.06, 60, "week_long");
    expect(judgeFare(fare(801, "LHR"), lhr, today)).toMatchObject({ isDeal: false, reason: "less than 20% below typical" });
    expect(judgeFare(fare(799, "LHR"), lhr, today).isDeal).toBe(true);
    const yyz = rangeAround(Math.log(500), 0.06, 60, "weekend");
    expect(judgeFare(fare(366, "YYZ"), yyz, today)).toMatchObject({ isDeal: false, reason: "saves less than $135" });
    // $140 off a $500 typical price: a fare truly $150 below, judged against an estimate 2 % low.
    expect(judgeFare(fare(360, "YYZ"), yyz, today)).toMatchObject({ isDeal: true, tier: "good" });
  });

  test("says how unusual the fare is in plain numbers", () => {
    expect(shareOfFaresCheaperThan(-2.5)).toBeCloseTo(0.9938, 3);
    expect(shareOfFaresCheaperThan(0)).toBeCloseTo(0.5, 6);
  });
});
