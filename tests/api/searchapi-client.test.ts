/**
 * The real SearchApi.io client (src/server/fares/sources/searchapi.ts) against a local SearchApi-shaped server
 * (tests/support/searchapi-server.ts): its discovery sweep over every area with no operator setting, its date grid
 * and exact-date Explore, pacing by the credits /api/v1/me states, and its failures (a refused key, credits used up,
 * a 5xx, a timeout), which read as the SerpApi source's do under SearchApi's name.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { createFareSource } from "../../src/server/fares/sources/create-fare-source.ts";
import { discoveryAreaOf, DISCOVERY_AREAS } from "../../src/domain/discovery-areas.ts";
import type { DiscoveryRequest, FareSearch } from "../../src/server/fares/sources/fare-source.ts";
import { searchesThisTick, ticksLeftInMonth } from "../../src/server/fares/sweep/quota-pacing.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { createSearchApiFareSource } from "../../src/server/fares/sources/searchapi.ts";
import { AREA_BOXES } from "../../src/server/fares/sources/searchapi-explore.ts";
import { SEARCHAPI_TEST_KEY, SearchApiServer, type SearchApiExploreQuestion, type SearchApiServerOptions } from "../support/searchapi-server.ts";
import type { FlightsQuestion, ScriptedExploreRow, ScriptedFlight } from "../support/serpapi-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const HOUR = 3_600_000;
const SCHEDULE = "0 */6 * * *";
const quiet = { log: () => {} };

const flatMarket = (question: FlightsQuestion): ScriptedFlight => ({
  price: 200 + (question.destination.charCodeAt(0) % 10),
  airline: "American",
  flightNumber: "AA 1234",
  nonstop: true,
  durationMinutes: 120,
  typicalRange: [250, 400],
});

/** Explore over the catalogue: every destination of the area whose box was asked, $300, a month out. */
const networkExplore = (question: SearchApiExploreQuestion): ScriptedExploreRow[] => {
  const area = Object.entries(AREA_BOXES).find(([, box]) => JSON.stringify(box) === JSON.stringify(question.box))?.[0];
  const depart = new Date(question.at.getTime() + 30 * 24 * HOUR).toISOString().slice(0, 10);
  const back = new Date(question.at.getTime() + 37 * 24 * HOUR).toISOString().slice(0, 10);
  return DESTINATIONS.filter((d) => discoveryAreaOf(d.code) === area).map((d) => ({
    destination: d.code,
    departDate: depart,
    returnDate: back,
    price: 300,
    airline: "American",
    airlineCode: "AA",
    stops: 0,
    durationMinutes: 150,
  }));
};

let servers: SearchApiServer[] = [];
afterEach(() => {
  for (const server of servers) server.stop();
  servers = [];
});

function setUp(options: SearchApiServerOptions = {}, timeoutMs?: number) {
  const t: TestApp = createTestApp();
  const searchapi = new SearchApiServer({ now: () => t.clock.now(), flights: flatMarket, explore: networkExplore, ...options });
  servers.push(searchapi);
  const fares = createSearchApiFareSource({ apiKey: SEARCHAPI_TEST_KEY, schedule: SCHEDULE, baseUrl: searchapi.url, timeoutMs });
  return { t, searchapi, fares };
}

const search = (destination: string, departDate: string, returnDate: string | null): FareSearch => ({
  destination,
  departDate,
  returnDate,
  cabin: "economy",
  purpose: "discover",
});

describe("FARE_SOURCE=searchapi scans with the real client", () => {
  test("a scan discovers every area's box with Explore and confirms with Google Flights, within its share; the account and the scan agree", async () => {
    const { t, searchapi, fares } = setUp({ monthlyAllowance: 10_000, remainingCredits: 1240 });
    const share = searchesThisTick(1240, ticksLeftInMonth(SCHEDULE, t.clock.now()));

    const summary = await runScan({ ...t.deps, fares }, quiet);

    expect(summary).toMatchObject({ source: "searchapi", status: "succeeded", searches: share, quotaLeft: 1240 - share, errors: [] });
    expect(searchapi.count("charged")).toBe(share);
    expect(searchapi.remainingCredits).toBe(1240 - share);
    const explore = searchapi.searches.filter((s) => s.engine === "google_travel_explore");
    expect(explore.length).toBe(summary.discovery!.discoverySearches);
    // Every area is searched with no setting: the Caribbean, Central America and Bermuda too.
    const boxes = new Set(explore.map((s) => s.params.arrival_id));
    for (const area of DISCOVERY_AREAS) expect(boxes).toContain(JSON.stringify(AREA_BOXES[area]));
    // The key goes in the Authorization header, never in a URL.
    expect(searchapi.searches.every((s) => s.params.api_key === undefined && s.params.currency === "USD")).toBe(true);
    expect(searchapi.accountChecks).toBe(1);
  });

  test("createFareSource builds it from FARE_SOURCE=searchapi and SEARCHAPI_API_KEY", () => {
    const fares = createFareSource({
      fareSource: "searchapi",
      serpapiKey: null,
      searchapiKey: "k",
      serpapiExploreAreas: {},
      travelpayoutsToken: null,
      scanSchedule: SCHEDULE,
      fareBudget: 5000,
    });
    expect([fares.name, fares.sweep, fares.discoveryAreas]).toEqual(["searchapi", "discovery", DISCOVERY_AREAS]);
  });

  test("FARE_BUDGET caps the month by the account's current_month_usage: never more than the budget, whatever the plan", async () => {
    const { t, searchapi } = setUp({ monthlyAllowance: 35_000 });
    const fares = createSearchApiFareSource({ apiKey: SEARCHAPI_TEST_KEY, schedule: SCHEDULE, baseUrl: searchapi.url, monthlyBudget: 40 });
    for (let scan = 0; scan < 8; scan++) {
      await runScan({ ...t.deps, fares }, quiet);
      t.clock.advance(6 * HOUR);
    }
    expect(searchapi.count("charged")).toBeLessThanOrEqual(40);
    expect(searchapi.count("charged")).toBeGreaterThan(0);
  });
});

describe("the date grid and exact-date Explore", () => {
  test("one search prices every pair of two date ranges, marks the lowest, and comes out of the scan's share", async () => {
    const { t, searchapi, fares } = setUp({
      calendarCell: (q) => (q.departDate === "2027-01-09" ? null : 300 + Number(q.returnDate!.slice(8)) - Number(q.departDate.slice(8))),
    });
    const now = t.clock.now();
    const before = (await fares.allowance(now)).spent;
    const grid = await fares.dateGrid(
      { destination: "LHR", departFrom: "2027-01-08", departTo: "2027-01-21", returnFrom: "2027-01-15", returnTo: "2027-01-28", nonstopOnly: false },
      now,
    );
    // 14 × 14 pairs asked; the 21 that return before they leave are not listed (the real probe: 168 rows of 196).
    expect(grid.rawRows).toBe(175);
    expect(grid.skipped).toBe(14);
    expect(grid.cells).toHaveLength(161);
    expect(grid.cells.filter((cell) => cell.lowest).every((cell) => cell.price === Math.min(...grid.cells.map((c) => c.price)))).toBe(true);
    expect((await fares.allowance(now)).spent).toBe(before + 1);
    expect(searchapi.searches[0]!.params).toMatchObject({
      engine: "google_flights_calendar",
      departure_id: "RDU",
      arrival_id: "LHR",
      outbound_date_start: "2027-01-08",
      outbound_date_end: "2027-01-21",
      return_date_start: "2027-01-15",
      return_date_end: "2027-01-28",
      flight_type: "round_trip",
      currency: "USD",
    });
  });

  test("a grid of more than 200 pairs is refused before anything is sent or spent", async () => {
    const { t, searchapi, fares } = setUp();
    const asked = fares.dateGrid(
      { destination: "LHR", departFrom: "2027-01-01", departTo: "2027-01-15", returnFrom: "2027-01-16", returnTo: "2027-01-29", nonstopOnly: false },
      t.clock.now(),
    );
    await expect(asked).rejects.toThrow("SearchApi: a date grid holds 1 to 200 cells, this one 210");
    expect(searchapi.searches).toEqual([]);
  });

  test("exact-date Explore sends the trip's dates as a time_period range", async () => {
    const { t, searchapi, fares } = setUp();
    const request: DiscoveryRequest = { now: t.clock.now(), tripKind: "week", month: null, area: "caribbean", nonstopOnly: false };
    const result = await fares.discoverOn(request, { departDate: "2027-02-05", returnDate: "2027-02-12" });
    expect(result.rows.map((row) => row.destination).sort()).toEqual(["MBJ", "PUJ", "SJU"]);
    expect(searchapi.searches[0]!.params).toMatchObject({ time_period: "2027-02-05..2027-02-12", arrival_id: JSON.stringify(AREA_BOXES.caribbean) });
  });

  test("discover() with a request's exact dates (the sweep's completeness pass) sends them as a time_period range", async () => {
    const { t, searchapi, fares } = setUp();
    const dates = { departDate: "2027-02-05", returnDate: "2027-02-07" };
    await fares.discover({ now: t.clock.now(), tripKind: "weekend", month: null, area: "caribbean", dates, nonstopOnly: false });
    expect(searchapi.searches[0]!.params.time_period).toBe("2027-02-05..2027-02-07");
  });

  test("named windows: a weekend or a week, in a month or in the next six months", async () => {
    const { t, searchapi, fares } = setUp();
    const now = t.clock.now();
    await fares.discover({ now, tripKind: "weekend", month: 3, area: "europe", nonstopOnly: false });
    await fares.discover({ now, tripKind: "week", month: null, area: "europe", nonstopOnly: true });
    expect(searchapi.searches.map((s) => [s.params.time_period, s.params.stops])).toEqual([
      ["weekend_in_march", "any"],
      ["one_week_trip_in_the_next_six_months", "nonstop"],
    ]);
  });
});

describe("failures read as the SerpApi source's do, under SearchApi's name", () => {
  test("an invalid key fails the whole scan at the account check, never naming the key", async () => {
    const { t, searchapi } = setUp();
    const fares = createSearchApiFareSource({ apiKey: "wrong-secret", schedule: SCHEDULE, baseUrl: searchapi.url });
    const failure = fares.search({ now: t.clock.now(), searches: [search("LHR", "2027-01-08", "2027-01-15")] });
    await expect(failure).rejects.toThrow("SearchApi account check failed: Invalid API key.");
    await failure.catch((error: Error) => expect(error.message).not.toContain("wrong-secret"));
    const summary = await runScan({ ...t.deps, fares }, quiet);
    expect(summary).toMatchObject({ status: "failed", searches: 0 });
    expect(searchapi.count("charged")).toBe(0);
  });

  test("no credits left: no search is sent and the scan says the quota is used up", async () => {
    const { t, searchapi, fares } = setUp({ monthlyAllowance: 10_000, remainingCredits: 0 });
    const result = await fares.search({ now: t.clock.now(), searches: [search("LHR", "2027-01-08", "2027-01-15")] });
    expect(result).toEqual({ quotes: [], searched: 0, errors: ["SearchApi: monthly search quota used up (0 searches left)"], quotaLeft: 0 });
    await expect(fares.confirm({ ...flatQuote(), cached: true }, t.clock.now())).rejects.toThrow("SearchApi: monthly search quota used up");
    expect(searchapi.searches).toEqual([]);
  });

  test("a 429 mid-scan (credits spent elsewhere) stops every later search of the scan", async () => {
    const { t, searchapi } = setUp({ monthlyAllowance: 10_000, remainingCredits: 400 });
    searchapi.failWith = {
      status: 429,
      body: '{"error":"You have used all of the searches for the month. Please upgrade your plan on SearchApi.io."}',
      count: 1,
    };
    const searches = Array.from({ length: 6 }, () => search("LHR", "2027-01-08", "2027-01-15"));
    const result = await createSearchApiFareSource({ apiKey: SEARCHAPI_TEST_KEY, schedule: SCHEDULE, baseUrl: searchapi.url, concurrency: 1 }).search({
      now: t.clock.now(),
      searches,
    });
    expect(result.searched).toBe(1);
    expect(result.errors).toEqual([
      "LHR 2027-01-08: SearchApi: You have used all of the searches for the month. Please upgrade your plan on SearchApi.io. (429)",
      "5 searches not sent: SearchApi refused further searches this scan (429)",
    ]);
    expect(searchapi.searches).toHaveLength(1);
  });

  test("a 5xx is an error of that search, the others still count", async () => {
    const { t, searchapi, fares } = setUp();
    searchapi.failWith = { status: 503, body: '{"error":"Service Unavailable"}', count: 1 };
    const result = await fares.search({ now: t.clock.now(), searches: [search("LHR", "2027-01-08", "2027-01-15")] });
    expect(result.errors).toEqual(["LHR 2027-01-08: SearchApi: Service Unavailable (503)"]);
    searchapi.failWith = { status: 502, body: "<html>Bad gateway</html>", count: 1 };
    const html = await fares.search({ now: new Date(t.clock.now().getTime() + 1), searches: [search("LHR", "2027-01-08", "2027-01-15")] });
    expect(html.errors).toEqual(["LHR 2027-01-08: SearchApi answered 502 without JSON"]);
    expect(searchapi.count("charged")).toBe(0);
  });

  test("a search that hangs times out as an error of that search", async () => {
    const { t, searchapi, fares } = setUp({}, 200);
    searchapi.failWith = { hang: true, count: 1 };
    const result = await fares.search({ now: t.clock.now(), searches: [search("LHR", "2027-01-08", "2027-01-15")] });
    expect(result.errors).toEqual(["LHR 2027-01-08: SearchApi did not answer within 0.2 s"]);
  });

  test("an unreachable server names SearchApi, not the URL", async () => {
    const fares = createSearchApiFareSource({ apiKey: "k", schedule: SCHEDULE, baseUrl: "http://127.0.0.1:9", timeoutMs: 1000 });
    await expect(fares.search({ now: new Date("2026-11-22T15:00:00Z"), searches: [] })).rejects.toThrow("SearchApi is unreachable");
  });
});

function flatQuote() {
  return {
    origin: "RDU",
    destination: "LHR",
    tripType: "round_trip" as const,
    cabin: "economy" as const,
    nonstop: true,
    departDate: "2027-01-08",
    returnDate: "2027-01-15",
    price: 300,
    airline: "American",
    durationMinutes: 120,
    providerTypicalLow: null,
    providerTypicalHigh: null,
    source: "searchapi",
    cached: false,
  };
}
