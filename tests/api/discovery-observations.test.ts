/**
 * What hourly discovery sweeps keep as price history (docs/decisions/082): a trip Explore shows every hour is kept
 * at the day's first price, not at the lowest of two dozen sightings, so the typical price it feeds does not sink
 * below what the trip usually costs.
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
/** The hour's price of every North American route's one trip: 300, then 260 an hour later, then 280. */
const PRICE_BY_HOUR = [300, 260, 280];

function explore(question: ExploreQuestion): ScriptedExploreRow[] {
  if (question.areaId !== null || question.arrivalId !== null || question.tripKind !== "weekend") return [];
  const hour = Math.round((question.at.getTime() - DAY_START) / HOUR) % 24;
  return DESTINATIONS.filter((d) => discoveryAreaOf(d.code) === "north-america").map((d) => ({
    destination: d.code,
    departDate: "2027-02-05",
    returnDate: "2027-02-07",
    price: PRICE_BY_HOUR[hour]!,
    airline: "American",
    airlineCode: "AA",
    stops: 0,
    durationMinutes: 200,
  }));
}

const t = createTestApp();
const serpapi = new SerpApiServer({ now: () => t.clock.now(), searchesPerMonth: 5000, explore, flights: () => null });
afterAll(() => serpapi.stop());
const fares = createSerpApiFareSource({ apiKey: SERPAPI_TEST_KEY, schedule: "0 * * * *", baseUrl: serpapi.url, monthlyBudget: 5000 });

test("a trip Explore shows every hour is kept at the day's first price, not at the day's lowest sighting", async () => {
  for (const hour of PRICE_BY_HOUR.keys()) {
    t.clock.set(new Date(DAY_START + hour * HOUR));
    const summary = await runScan({ ...t.deps, fares }, { log: () => {} });
    expect(summary.status).toBe("succeeded");
  }
  const rows = t.db.$client
    .query("SELECT price, observed_day FROM fare_observations WHERE destination = 'LAS' AND depart_date = '2027-02-05' AND return_date = '2027-02-07'")
    .all();
  expect(rows).toEqual([{ price: 300, observed_day: "2026-12-01" }]);

  // The next day starts a new first price.
  t.clock.set(new Date(DAY_START + 24 * HOUR));
  await runScan({ ...t.deps, fares }, { log: () => {} });
  const nextDay = t.db.$client.query("SELECT price FROM fare_observations WHERE destination = 'LAS' AND observed_day = '2026-12-02'").all();
  expect(nextDay).toEqual([{ price: PRICE_BY_HOUR[0]! }]);
});
