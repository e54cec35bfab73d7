/**
 * What hourly discovery sweeps keep (docs/decisions/145): a Travel Explore window's cheapest pick is no price history
 * (the cheapest of dozens of trips sits far below what a trip usually costs), so it is kept apart for the booked-trip
 * fare watch, at its first price of the day; an exact-date Explore answer prices its one trip whatever it costs, so it is
 * kept as the day's first price of that trip (decision 082).
 */
import { afterAll, expect, test } from "bun:test";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { discoveryAreaOf } from "../../src/domain/discovery-areas.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { createSerpApiFareSource } from "../../src/server/fares/sources/serpapi.ts";
import { SERPAPI_TEST_KEY, SerpApiServer, type ExploreQuestion, type ScriptedExploreRow } from "../support/serpapi-server.ts";
import { createTestApp } from "../support/test-app.ts";

const HOUR = 3_600_000;
/** 06:00 UTC: 01:00 in Raleigh, so the three scans below fall on one RDU day. */
const DAY_START = Date.parse("2026-12-01T06:00:00Z");
/** The hour's price of every North American route's window pick: 300, then 260 an hour later, then 280. */
const PRICE_BY_HOUR = [300, 260, 280];
/** What an exact-date search prices each route's trip at, every hour: 410, 400, 420. */
const EXACT_PRICE_BY_HOUR = [410, 400, 420];

const northAmerica = DESTINATIONS.filter((d) => discoveryAreaOf(d.code) === "north-america");
const row = (destination: string, departDate: string, returnDate: string, price: number): ScriptedExploreRow => ({
  destination,
  departDate,
  returnDate,
  price,
  airline: "American",
  airlineCode: "AA",
  stops: 0,
  durationMinutes: 200,
});

function explore(question: ExploreQuestion): ScriptedExploreRow[] {
  if (question.areaId !== null || question.arrivalId !== null) return [];
  const hour = Math.round((question.at.getTime() - DAY_START) / HOUR) % 24;
  if (question.dates) {
    const { departDate, returnDate } = question.dates;
    return northAmerica.map((d) => row(d.code, departDate, returnDate, EXACT_PRICE_BY_HOUR[hour]!));
  }
  if (question.tripKind !== "weekend") return [];
  return northAmerica.map((d) => row(d.code, "2027-02-05", "2027-02-07", PRICE_BY_HOUR[hour]!));
}

const t = createTestApp();
const serpapi = new SerpApiServer({ now: () => t.clock.now(), searchesPerMonth: 5000, explore, flights: () => null });
afterAll(() => serpapi.stop());
const fares = createSerpApiFareSource({ apiKey: SERPAPI_TEST_KEY, schedule: "0 * * * *", baseUrl: serpapi.url, monthlyBudget: 5000 });

test("a window's cheapest pick is kept apart at the day's first price; an exact-date answer is price history", async () => {
  for (const hour of PRICE_BY_HOUR.keys()) {
    t.clock.set(new Date(DAY_START + hour * HOUR));
    const summary = await runScan({ ...t.deps, fares }, { log: () => {} });
    expect(summary.status).toBe("succeeded");
  }
  const pickedTrip = "destination = 'LAS' AND depart_date = '2027-02-05' AND return_date = '2027-02-07'";
  expect(t.db.$client.query(`SELECT price FROM fare_observations WHERE ${pickedTrip}`).all()).toEqual([]);
  expect(t.db.$client.query(`SELECT price, observed_day FROM explore_picks WHERE ${pickedTrip}`).all()).toEqual([{ price: 300, observed_day: "2026-12-01" }]);

  // The completeness pass searched one exact date pair an hour: each kept as its trip's first price of the day.
  const exact = t.db.$client.query("SELECT depart_date, price FROM fare_observations WHERE destination = 'LAS' ORDER BY observed_at").all() as {
    depart_date: string;
    price: number;
  }[];
  expect(exact.length).toBeGreaterThan(0);
  expect(exact[0]!.price).toBe(EXACT_PRICE_BY_HOUR[0]!);
  expect(exact.every((observation) => EXACT_PRICE_BY_HOUR.includes(observation.price))).toBe(true);
});
