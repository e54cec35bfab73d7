/**
 * A month of hourly scans with the real SerpApi client against the local SerpApi-shaped server (issue 15's "done
 * means"): the scanner discovers with Travel Explore, confirms with fresh Google Flights searches, paces by the
 * searches left and never spends more than FARE_BUDGET. The test's clock steps scan by scan; nothing sleeps.
 */
import { afterAll, expect, test } from "bun:test";
import { deals, fareScans } from "../../db/schema.ts";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { discoveryAreaOf } from "../../src/domain/discovery-areas.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { createSerpApiFareSource } from "../../src/server/fares/sources/serpapi.ts";
import { SERPAPI_TEST_KEY, SerpApiServer, type ExploreQuestion, type FlightsQuestion, type ScriptedExploreRow } from "../support/serpapi-server.ts";
import { createTestApp } from "../support/test-app.ts";

const HOUR = 3_600_000;
const HOURLY = "0 * * * *";
const BUDGET = 2000;
const MONTH_START = Date.parse("2026-12-01T00:00:00Z");
const HOURS_IN_DECEMBER = 31 * 24;

/** One planted sale: LAS, one January weekend, half price for three days from December 10. */
const SALE = {
  destination: "LAS",
  departDate: "2027-01-15",
  returnDate: "2027-01-17",
  from: Date.parse("2026-12-10T00:00:00Z"),
  until: Date.parse("2026-12-13T00:00:00Z"),
};
const basePrice = (code: string) => 220 + ((code.charCodeAt(0) * 7 + code.charCodeAt(2)) % 180);
const onSale = (destination: string, departDate: string, at: Date) =>
  destination === SALE.destination && departDate === SALE.departDate && at.getTime() >= SALE.from && at.getTime() < SALE.until;
const price = (destination: string, departDate: string, at: Date) => Math.round(basePrice(destination) * (onSale(destination, departDate, at) ? 0.5 : 1));

/** Outside the sale every route's cheapest trip is a February weekend or week at its usual price. */
function explore(question: ExploreQuestion): ScriptedExploreRow[] {
  if (question.areaId !== null) return [];
  const weekend = question.tripKind === "weekend";
  return DESTINATIONS.filter((d) => discoveryAreaOf(d.code) === "north-america").map((d) => {
    const sale = weekend && d.code === SALE.destination && (question.month === null || question.month === 1) && onSale(d.code, SALE.departDate, question.at);
    const departDate = sale ? SALE.departDate : weekend ? "2027-02-05" : "2027-02-06";
    const returnDate = sale ? SALE.returnDate : weekend ? "2027-02-07" : "2027-02-13";
    return {
      destination: d.code,
      departDate,
      returnDate,
      price: price(d.code, departDate, question.at),
      airline: "American",
      airlineCode: "AA",
      stops: 0,
      durationMinutes: 200,
    };
  });
}

function flights(question: FlightsQuestion) {
  const usual = basePrice(question.destination);
  const day = Math.floor(question.at.getTime() / (24 * HOUR)) * 24 * 3600;
  return {
    price: price(question.destination, question.departDate, question.at),
    airline: "American",
    flightNumber: "AA 1234",
    nonstop: true,
    durationMinutes: 200,
    typicalRange: [Math.round(usual * 0.9), Math.round(usual * 1.2)] as [number, number],
    priceHistory: Array.from({ length: 60 }, (_, i): [number, number] => [day - (60 - i) * 24 * 3600, usual]),
  };
}

const t = createTestApp();
t.clock.set(new Date(MONTH_START));
const serpapi = new SerpApiServer({ now: () => t.clock.now(), searchesPerMonth: 5000, explore, flights });
afterAll(() => serpapi.stop());
const fares = createSerpApiFareSource({ apiKey: SERPAPI_TEST_KEY, schedule: HOURLY, baseUrl: serpapi.url, monthlyBudget: BUDGET });

test("a month of hourly scans on a 5,000-search plan with FARE_BUDGET=2000: Explore finds the sale, Google Flights confirms it, and the month spends its budget and no more", async () => {
  const summaries = [];
  for (let hour = 0; hour < HOURS_IN_DECEMBER; hour++) {
    t.clock.set(new Date(MONTH_START + hour * HOUR));
    summaries.push(await runScan({ ...t.deps, fares }, { log: () => {} }));
  }

  const charged = serpapi.count("charged");
  expect(charged).toBeLessThanOrEqual(BUDGET);
  expect(charged).toBeGreaterThanOrEqual(BUDGET * 0.97);
  expect(serpapi.count("refused")).toBe(0);
  expect(summaries.every((s) => s.status === "succeeded")).toBe(true);
  expect(summaries.reduce((sum, s) => sum + s.searches, 0)).toBe(charged);
  // The recorded scans add up to what SerpApi counted, discovery and confirmation apart.
  const rows = t.db.select().from(fareScans).all();
  expect(rows.reduce((sum, r) => sum + r.discoverySearches, 0)).toBe(serpapi.count("charged", "google_travel_explore"));
  expect(rows.reduce((sum, r) => sum + r.confirmSearches, 0)).toBe(serpapi.count("charged", "google_flights"));
  // Every sweep looks at North America: no hour went by without a discovery.
  expect(rows.every((r) => r.discoverySearches >= 1)).toBe(true);
  // Discovery never skips SerpApi's cache; a confirmation always does.
  for (const search of serpapi.searches) expect(search.params.no_cache).toBe(search.engine === "google_flights" ? "true" : undefined);

  // The sale is alerted within the hour it started, at its confirmed price, and Explore's other prices were not deals.
  const sale = t.db.select().from(deals).all();
  expect(sale).toHaveLength(1);
  expect(sale[0]).toMatchObject({
    destination: "LAS",
    departDate: SALE.departDate,
    returnDate: SALE.returnDate,
    lastAlertedPrice: Math.round(basePrice("LAS") * 0.5),
  });
  expect(sale[0]).toMatchObject({ isActive: false, alertVersion: 1 });
  expect(sale[0]!.firstFoundAt.getTime() - SALE.from).toBeLessThan(HOUR);
  expect(rows.reduce((sum, r) => sum + r.candidatesConfirmed, 0)).toBeGreaterThanOrEqual(1);

  // January: the plan is whole again and the next scan spends again.
  t.clock.set(new Date(MONTH_START + HOURS_IN_DECEMBER * HOUR));
  const january = await runScan({ ...t.deps, fares }, { log: () => {} });
  expect(january.searches).toBeGreaterThan(0);
  expect(january.quotaLeft).toBe(BUDGET - january.searches);
}, 300_000);
