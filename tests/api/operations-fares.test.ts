/**
 * The Operations tab's fare searches (issue 15): searches spent and left this month, routes seen in the last 6 and
 * 24 hours and the routes not seen in 24 hours or never (issue 43), candidates confirmed or found not real, the last discovery's rows, and the budget plan of a SerpApi
 * install — after real scans against the local SerpApi-shaped server.
 */
import { describeOutcome } from "../../src/server/fares/sweep/replay-outcomes.ts";
import { afterEach, expect, test } from "bun:test";
import { rduToday } from "../../src/domain/calendar.ts";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { discoveryAreaOf } from "../../src/domain/discovery-areas.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { createSerpApiFareSource } from "../../src/server/fares/sources/serpapi.ts";
import {
  SERPAPI_TEST_KEY,
  SerpApiServer,
  type ExploreQuestion,
  type FlightsQuestion,
  type ScriptedExploreRow,
  type ScriptedFlight,
} from "../support/serpapi-server.ts";
import { createTestApp, json } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

const HOUR = 3_600_000;
const quiet = { log: () => {} };

let server: SerpApiServer | null = null;
afterEach(() => server?.stop());

/**
 * No SERPAPI_EXPLORE_AREAS: North America, Europe (which answers nothing here) and the routes no area covers, each by
 * its own airport. LAS is cheap in Explore but dear on a fresh search.
 */
const explore = (question: ExploreQuestion): ScriptedExploreRow[] =>
  question.areaId !== null
    ? []
    : DESTINATIONS.filter((d) => (question.arrivalId ? d.code === question.arrivalId : discoveryAreaOf(d.code) === "north-america")).map((d) => ({
        destination: d.code,
        departDate: "2027-01-15",
        returnDate: question.tripKind === "weekend" ? "2027-01-17" : "2027-01-22",
        price: d.code === "LAS" ? 120 : 300,
        airline: "American",
        airlineCode: "AA",
        stops: 0,
        durationMinutes: 200,
      }));

/** Google's answer: $300 (or the price given for a destination), its typical range, and 60 days of price history at $300. */
const googleAnswer =
  (prices: Record<string, { price: number; history: number }> = {}) =>
  (question: FlightsQuestion): ScriptedFlight => ({
    price: prices[question.destination]?.price ?? 300,
    airline: "American",
    flightNumber: "AA 1",
    nonstop: true,
    durationMinutes: 200,
    typicalRange: [280, 360],
    priceHistory: Array.from({ length: 60 }, (_, i): [number, number] => [
      Math.floor(question.at.getTime() / 1000) - (60 - i) * 86_400,
      prices[question.destination]?.history ?? 300,
    ]),
  });

async function adminView(env: Record<string, string>, flights = googleAnswer()) {
  const t = createTestApp({ FARE_SOURCE: "serpapi", SERPAPI_KEY: SERPAPI_TEST_KEY, ...env });
  const serpapi = new SerpApiServer({ now: () => t.clock.now(), searchesPerMonth: 5000, explore, flights });
  server = serpapi;
  const fares = createSerpApiFareSource({
    apiKey: SERPAPI_TEST_KEY,
    schedule: t.config.scanSchedule,
    baseUrl: serpapi.url,
    monthlyBudget: t.config.fareBudget,
  });
  t.deps.fares = fares;
  const admin = await createUser(t, { isAdmin: true, email: "boss@gordu.example", subscriptionType: "Free", planType: null });
  const cookie = await signIn(t, admin.email);
  return { t, serpapi, fares, operations: async () => (await json(await t.request("GET", "/api/admin/operations", { cookie }))).fares };
}

test("after a day of hourly SerpApi scans: searches spent and left, coverage, a candidate found not real, the last discovery, and the plan", async () => {
  const { t, serpapi, fares, operations } = await adminView({ FARE_BUDGET: "3000" });
  expect(t.config.scanSchedule).toBe("0 * * * *");
  // The first fresh search of a route brings Google's price history ($300); from then on Explore's $120 to LAS looks
  // like a deal, and each fresh search finds $300: the candidate is not real.
  for (let hour = 0; hour < 24; hour++) {
    await runScan({ ...t.deps, fares }, quiet);
    t.clock.advance(HOUR);
  }
  t.clock.advance(-HOUR);

  const view = await operations();
  expect(view).toMatchObject({
    source: "serpapi",
    paid: true,
    searchesThisMonth: serpapi.count("charged"),
    searchesLeft: 3000 - serpapi.count("charged"),
    catalogueRoutes: 81,
    // Without SERPAPI_EXPLORE_AREAS: North America, and the Caribbean, Central America and Bermuda by their own airports;
    // Europe answers nothing here, so its routes are listed as never seen.
    routesObserved6h: 77,
    routesObserved24h: 77,
    routesUnseen24h: [],
    routesNeverSeen: ["CDG", "FRA", "KEF", "LHR"],
    lastDiscovery: { at: t.clock.now().toISOString() },
  });
  expect(view.lastDiscovery.rawRows).toBeGreaterThanOrEqual(72);
  expect(view.candidatesRejected).toBeGreaterThanOrEqual(1);
  expect(view.candidatesConfirmed).toBe(0);
  expect(view.plan).toMatchObject({
    budget: 3000,
    budgetFrom: "FARE_BUDGET",
    quota: 5000,
    // The account's plan is SerpApi's 5,000 searches: $75 a month by the price list.
    dollarsPerMonth: 75,
    schedule: "0 * * * *",
    sweepsPerMonth: 720,
    searchesPerSweep: 4,
    routesSearchedAlone: ["BDA", "MBJ", "PTY", "PUJ", "SJU"],
    routesLeftOut: [],
    warnings: [],
  });
  // 3,000 a month is below every budget the replay measured: Operations says so rather than guess.
  expect(view.plan?.buys).toBe(describeOutcome("serpapi", 3000));
  expect(view.plan?.buys).toStartWith("not measured: the replay measured SerpApi at 5,000");

  // A day with no scan: every route seen before is listed as not seen in the last 24 hours.
  t.clock.advance(25 * HOUR);
  const later = await operations();
  expect(later.routesUnseen24h).toHaveLength(77);
  expect(later.routesUnseen24h).toContain("BDA");
  expect(later.routesNeverSeen).toEqual(["CDG", "FRA", "KEF", "LHR"]);
}, 30_000);

test("a confirmed fare below our typical price but no lower than its own dates' last month is counted as found not real, and no deal", async () => {
  // A ready world: LAS's trips cost $300 on each of the last 30 days, so our own typical price for them is $300.
  const prices: Record<string, { price: number; history: number }> = {};
  const { t, fares, operations } = await adminView({ FARE_BUDGET: "3000" }, googleAnswer(prices));
  await runScan({ ...t.deps, fares }, quiet);
  const today = rduToday(t.clock.now());
  const copyTodaysLasTripsTo = t.db.$client.query(
    `INSERT INTO fare_observations (origin, destination, trip_type, cabin, nonstop, depart_date, return_date, price, airline, source, observed_day, observed_at)
     SELECT origin, destination, trip_type, cabin, nonstop, depart_date, return_date, 300, airline, source, $day, $at
     FROM fare_observations WHERE destination = 'LAS' AND observed_day = $today`,
  );
  for (let day = 1; day <= 30; day++) {
    const at = t.clock.now().getTime() - day * 24 * HOUR;
    expect(copyTodaysLasTripsTo.run({ day: rduToday(new Date(at)), at, today }).changes).toBeGreaterThan(0);
  }
  // Now LAS is $120 on a fresh search too, but its dates have cost $125 every day of the last two months (decision 141).
  prices.LAS = { price: 120, history: 125 };
  for (let hour = 0; hour < 6; hour++) {
    t.clock.advance(HOUR);
    await runScan({ ...t.deps, fares }, quiet);
  }
  const view = await operations();
  expect(view.candidatesConfirmed).toBe(0);
  expect(view.candidatesRejected).toBeGreaterThanOrEqual(1);
  expect(t.db.$client.query("SELECT count(*) AS n FROM deals").get()).toEqual({ n: 0 });
}, 30_000);

test("a schedule the budget cannot pay for is named, with what it can pay for", async () => {
  const { t, fares, operations } = await adminView({ FARE_BUDGET: "1000", SCAN_SCHEDULE: "*/10 * * * *" });
  await runScan({ ...t.deps, fares }, quiet);
  const { plan } = await operations();
  expect(plan).toMatchObject({ sweepsPerMonth: 4320, searchesPerSweep: 0 });
  expect(plan.warnings).toEqual([
    "SCAN_SCHEDULE cannot be afforded: 4320 sweeps a month leave 0 searches each, and a sweep needs 3 (North America weekend and week-long, one confirmation). 1000 searches a month pay for 333 sweeps: one every 3 hours.",
  ]);
});

test("the simulated market has no budget and still shows what it covers", async () => {
  const t = createTestApp();
  const admin = await createUser(t, { isAdmin: true, email: "boss@gordu.example", subscriptionType: "Free", planType: null });
  const cookie = await signIn(t, admin.email);
  await runScan(t.deps, quiet);
  const { fares } = await json(await t.request("GET", "/api/admin/operations", { cookie }));
  expect(fares).toMatchObject({
    source: "simulated",
    paid: false,
    plan: null,
    searchesLeft: null,
    routesObserved6h: 81,
    routesObserved24h: 81,
    lastDiscovery: null,
  });
  expect(fares.searchesThisMonth).toBeGreaterThan(1500);
}, 30_000);
