import { describe, expect, test } from "bun:test";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { dayNumber, rduToday } from "../../src/domain/calendar.ts";
import { DEAL_RULES } from "../../src/domain/deal-rules.ts";
import { judgeQuotes } from "../../src/server/fares/judge/judge-quotes.ts";
import type { DiscoveryRequest } from "../../src/server/fares/sources/fare-source.ts";
import { routeKey, PriceHistory } from "../../src/server/fares/judge/observations.ts";
import { planSearches, tripDatePairs } from "../../src/server/fares/sweep/scan-plan.ts";
import { createSimulatedFareSource } from "../../src/server/fares/sources/simulated.ts";
import { simulatedFare } from "../../src/server/fares/sources/simulated-market.ts";
import { levelNow } from "../../src/server/fares/judge/route-level.ts";
import { baseLevel, buildRouteModel, rangeAround } from "../../src/server/fares/judge/typical-range.ts";

const now = new Date("2026-11-22T15:00:00Z");
const searches = planSearches({ today: rduToday(now), destinations: DESTINATIONS.map((d) => d.code), rechecks: [], lastObserved: new Map() });

describe("the simulated market", () => {
  test("gives the same quotes for the same route, dates and moment", async () => {
    const a = await createSimulatedFareSource().search({ now, searches });
    const b = await createSimulatedFareSource().search({ now: new Date(now), searches });
    expect(a.quotes).toEqual(b.quotes);
    expect(a.quotes).toHaveLength(searches.length);
  });

  test("moves between scans, as a market does", async () => {
    const later = new Date(now.getTime() + 6 * 3_600_000);
    const a = await createSimulatedFareSource().search({ now, searches });
    const b = await createSimulatedFareSource().search({ now: later, searches });
    const changed = a.quotes.filter((quote, i) => quote.price !== b.quotes[i]!.price).length;
    expect(changed).toBeGreaterThan(searches.length / 2);
  });

  test("prices routes plausibly: short hops cheaper than cross-country, Europe dearer still, summer dearer than winter", () => {
    const median = (destination: string, departDate: string, returnDate: string) => {
      const prices = Array.from(
        { length: 40 },
        (_, i) => simulatedFare({ destination, departDate, returnDate, cabin: "economy", purpose: "discover" }, new Date(now.getTime() + i * 3_600_000))!.price,
      ).sort((x, y) => x - y);
      return prices[20]!;
    };
    const clt = median("CLT", "2027-02-05", "2027-02-07");
    const lax = median("LAX", "2027-02-05", "2027-02-07");
    const lhrWinter = median("LHR", "2027-02-05", "2027-02-12");
    const lhrSummer = median("LHR", "2027-07-02", "2027-07-09");
    expect(clt).toBeGreaterThan(80);
    expect(clt).toBeLessThan(260);
    expect(lax).toBeGreaterThan(250);
    expect(lax).toBeLessThan(600);
    expect(lhrWinter).toBeGreaterThan(500);
    expect(lhrSummer).toBeGreaterThan(lhrWinter * 1.25);
    expect(lhrSummer).toBeLessThan(1800);
  });

  test("mixes nonstop and connecting itineraries on the catalogue's airlines", async () => {
    const { quotes } = await createSimulatedFareSource().search({ now, searches });
    const nonstopShare = quotes.filter((q) => q.nonstop).length / quotes.length;
    expect(nonstopShare).toBeGreaterThan(0.55);
    expect(nonstopShare).toBeLessThan(0.95);
    for (const quote of quotes.filter((q) => q.nonstop)) {
      expect(DESTINATIONS.find((d) => d.code === quote.destination)!.airlines).toContain(quote.airline);
    }
  });

  test("offers a year of past observations, deterministically, with realistic typical ranges", () => {
    const source = createSimulatedFareSource({ historyDays: 365 });
    const today = rduToday(now);
    const history = new PriceHistory(today);
    let count = 0;
    for (const { quote, observedAt } of source.pastObservations!(now)) {
      expect(observedAt.getTime()).toBeLessThan(now.getTime());
      history.add(routeKey(quote), {
        departDate: quote.departDate,
        returnDate: quote.returnDate ?? "",
        price: quote.price,
        day: dayNumber(rduToday(observedAt)),
      });
      count++;
    }
    expect(count).toBe(81 * 365 * 3);
    const model = buildRouteModel(history.of("RDU-ORD|round_trip|economy"), today)!;
    const base = baseLevel(model, { departDate: "2027-03-12", returnDate: "2027-03-14", price: 0 }, today)!;
    expect(base.days).toBeGreaterThanOrEqual(DEAL_RULES.minObservationDays);
    const range = rangeAround(base.log + levelNow(model, [], null).level, model.spread, base.days, base.kind);
    expect(range.low).toBeLessThan(range.median);
    expect(range.high).toBeGreaterThan(range.median);
    expect((range.high - range.low) / range.median).toBeGreaterThan(0.06);
    expect((range.high - range.low) / range.median).toBeLessThan(0.5);
  }, 60_000);

  test("has genuine deals, but rarely: a few per scan, not noise everywhere", async () => {
    const source = createSimulatedFareSource({ historyDays: 365 });
    const today = rduToday(now);
    const history = new PriceHistory(today);
    for (const { quote, observedAt } of source.pastObservations!(now)) {
      history.add(routeKey(quote), {
        departDate: quote.departDate,
        returnDate: quote.returnDate ?? "",
        price: quote.price,
        day: dayNumber(rduToday(observedAt)),
      });
    }
    const dealsPerScan: number[] = [];
    for (let scan = 0; scan < 8; scan++) {
      const { quotes } = await source.search({ now: new Date(now.getTime() + scan * 6 * 3_600_000), searches });
      dealsPerScan.push(judgeQuotes(quotes, history, today).judged.filter((item) => item.judgement?.isDeal).length);
    }
    const total = dealsPerScan.reduce((a, b) => a + b, 0);
    expect(Math.min(...dealsPerScan)).toBeGreaterThanOrEqual(1);
    expect(total / (8 * searches.length)).toBeLessThan(0.02);
  }, 60_000);
});

describe("the scan plan", () => {
  test("covers all 81 destinations with weekend and week-long round trips two weeks to eight months out", () => {
    const pairs = tripDatePairs("2026-11-22");
    expect(pairs.length).toBeGreaterThanOrEqual(20);
    expect(pairs.length).toBeLessThanOrEqual(30);
    expect(pairs[0]!.departDate >= "2026-12-06").toBe(true);
    expect(pairs.at(-1)!.departDate <= "2027-07-20").toBe(true);
    const nights = new Set(pairs.map((p) => (Date.parse(p.returnDate) - Date.parse(p.departDate)) / 86_400_000));
    expect([...nights].sort()).toEqual([2, 7]);
    expect(new Set(searches.map((s) => s.destination)).size).toBe(81);
    expect(searches).toHaveLength(81 * pairs.length);
  });

  test("asks about the same dates on consecutive days, so daily minimums build up per date pair", () => {
    const today = new Set(tripDatePairs("2026-11-22").map((p) => p.departDate));
    const tomorrow = tripDatePairs("2026-11-23").map((p) => p.departDate);
    expect(tomorrow.filter((d) => today.has(d)).length).toBeGreaterThanOrEqual(tomorrow.length - 1);
  });

  test("puts re-checks first, then spreads the grid across routes, stalest first", () => {
    const recheck = { destination: "LHR", departDate: "2027-01-13", returnDate: "2027-01-20", cabin: "economy" as const, purpose: "recheck" as const };
    const plan = planSearches({
      today: "2026-11-22",
      destinations: ["ATL", "BOS", "LHR"],
      rechecks: [recheck],
      lastObserved: new Map([
        ["ATL", 5],
        ["BOS", 1],
      ]),
    });
    expect(plan[0]).toBe(recheck);
    expect(plan.slice(1, 4).map((s) => s.destination)).toEqual(["LHR", "BOS", "ATL"]);
  });
});

describe("the simulated market's discovery, like Travel Explore", () => {
  const fares = createSimulatedFareSource();
  const discover = (fields: Partial<DiscoveryRequest> = {}) =>
    fares.discover!({ now, tripKind: "weekend", month: null, area: "europe", nonstopOnly: false, ...fields });
  const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

  test("answers the cheapest weekend of the next six months to each destination of the area", async () => {
    const { rows, rawRows, searched } = await discover();
    expect(rows.map((row) => row.destination).sort()).toEqual(["CDG", "FRA", "KEF", "LHR"]);
    expect([rawRows, searched]).toEqual([4, 1]);
    const weekends = tripDatePairs(rduToday(now)).filter((pair) => weekday(pair.departDate) === 5 && pair.departDate <= "2027-05-24");
    for (const row of rows) {
      expect([weekday(row.departDate), weekday(row.returnDate)]).toEqual([5, 0]);
      for (const pair of weekends) {
        expect(row.price).toBeLessThanOrEqual(simulatedFare({ destination: row.destination, ...pair, cabin: "economy", purpose: "discover" }, now)!.price);
      }
    }
    expect(await discover()).toEqual({ rows, rawRows, skipped: { noPrice: 0, noAirport: 0, noDates: 0 }, searched, quotaLeft: null });
  });

  test("a month, a week-long trip and nonstop only narrow it as asked", async () => {
    const february = await discover({ month: 2, tripKind: "week", nonstopOnly: true });
    expect(february.rows.length).toBeGreaterThan(0);
    for (const row of february.rows) {
      expect(row.departDate.slice(5, 7)).toBe("02");
      expect([weekday(row.departDate), weekday(row.returnDate)]).toEqual([6, 6]);
      expect(row.stops).toBe(0);
    }
  });

  test("North America covers every domestic destination, Canada and Mexico", async () => {
    const { rows } = await discover({ area: "north-america" });
    const expected = DESTINATIONS.filter((d) => d.region === "domestic" || ["YUL", "YVR", "YYC", "YYZ", "MEX"].includes(d.code)).map((d) => d.code);
    expect(rows.map((row) => row.destination).sort()).toEqual(expected.sort());
  });
});
