import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { deals } from "../../db/schema.ts";
import { GRID_SCAN_EVERY_HOURS } from "../../src/server/config.ts";
import { createSimulatedFareSource } from "../../src/server/fares/sources/simulated.ts";
import { markdownOf } from "../../src/server/fares/sources/simulated-market.ts";
import { scanFares } from "../../src/server/jobs.ts";
import { scanWithSecondLook } from "../support/second-look.ts";
import { createTestApp } from "../support/test-app.ts";

const HOUR = 3_600_000;
const quiet = { log: () => {} };

test("a fresh install's first day on the default simulated market: a handful of deals, many of them sales, no flood of mistake fares", async () => {
  // The default source as `npm start` makes it: a year of history written by the boot scan.
  const t = createTestApp({}, { fares: createSimulatedFareSource() });
  const boot = await scanFares(t.deps, quiet);
  expect(boot.newDeals).toBeGreaterThanOrEqual(3);
  expect(boot.newDeals).toBeLessThanOrEqual(15);

  // The default schedule: every 3 hours on the hour (UTC), eight scans make the first day.
  t.clock.set(new Date("2026-11-22T18:00:00Z"));
  for (let scan = 0; scan < 24 / GRID_SCAN_EVERY_HOURS; scan++) {
    await scanFares(t.deps, quiet);
    t.clock.advance(GRID_SCAN_EVERY_HOURS * HOUR);
  }
  const found = t.db.select().from(deals).all();
  expect(found.length).toBeGreaterThanOrEqual(5);
  expect(found.length).toBeLessThanOrEqual(30);
  expect(found.filter((deal) => deal.tier === "exceptional").length).toBeLessThanOrEqual(2);
  const fromSales = found.filter((deal) => markdownOf(deal.destination, deal.departDate, deal.lastAlertedAt) === "sale").length;
  expect(fromSales).toBeGreaterThanOrEqual(found.length / 3);
  expect(t.db.select().from(deals).where(eq(deals.isActive, true)).all().length).toBeGreaterThanOrEqual(3);
}, 60_000);

test("a fresh install in May: a weekend just outside this December's Christmas peak is not priced as in it (no flood)", async () => {
  // 17 December 2027 is a Friday, the day before the peak; a year before, the same Friday (the 18th) was in it.
  const t = createTestApp({}, { fares: createSimulatedFareSource() });
  t.clock.set(new Date("2027-05-05T20:45:00Z"));
  const scanAsTheJobsDo = () => scanWithSecondLook(t.clock, (options) => scanFares(t.deps, { ...quiet, ...options }));
  await scanAsTheJobsDo();
  for (let hour = 0; hour < 24; hour += GRID_SCAN_EVERY_HOURS) {
    t.clock.set(new Date(Date.parse("2027-05-06T00:00:00Z") + hour * HOUR));
    await scanAsTheJobsDo();
  }
  const found = t.db.select().from(deals).all();
  expect(found.length).toBeGreaterThanOrEqual(1);
  expect(found.length).toBeLessThanOrEqual(15);
  expect(found.filter((deal) => deal.departDate === "2027-12-17")).toEqual([]);
  const cut = found.filter((deal) => markdownOf(deal.destination, deal.departDate, deal.lastAlertedAt) !== null).length;
  expect(cut).toBeGreaterThanOrEqual((found.length * 2) / 3);
}, 60_000);

test("a fresh install answers requests while it judges the market's past hours: the event loop turns between them", async () => {
  const market = createSimulatedFareSource();
  let timerFired = true;
  let searches = 0;
  let searchesWithoutATurn = 0;
  const watched = {
    ...market,
    search: async (request: Parameters<typeof market.search>[0]) => {
      searches++;
      if (!timerFired) searchesWithoutATurn++;
      timerFired = false;
      setTimeout(() => (timerFired = true), 0);
      return market.search(request);
    },
  };
  const t = createTestApp({}, { fares: watched });
  const boot = await scanFares(t.deps, quiet);
  expect(boot.status).toBe("succeeded");
  // Three past hours and the boot scan itself, a timer's turn before each search after the first.
  expect(searches).toBe(4);
  expect(searchesWithoutATurn).toBe(0);
}, 60_000);
