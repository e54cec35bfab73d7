/**
 * The real SerpApi client against a local SerpApi-shaped server (tests/support/serpapi-server.ts) that keeps an
 * account the way SerpApi documents it: searches, Travel Explore discovery, and pacing by the searches left.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { fareScans } from "../../db/schema.ts";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { discoveryAreaOf, KNOWN_AREA_IDS } from "../../src/domain/discovery-areas.ts";
import type { DiscoveryRequest } from "../../src/server/fares/sources/fare-source.ts";
import { createCachedWithFreshConfirmation } from "../../src/server/fares/sources/cached-with-fresh-confirmation.ts";
import { searchesThisTick, ticksLeftInMonth } from "../../src/server/fares/sweep/quota-pacing.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { createSerpApiFareSource } from "../../src/server/fares/sources/serpapi.ts";
import { createTravelpayoutsFareSource } from "../../src/server/fares/sources/travelpayouts.ts";
import {
  SERPAPI_TEST_KEY,
  SerpApiServer,
  type ExploreQuestion,
  type FlightsQuestion,
  type ScriptedExploreRow,
  type ScriptedFlight,
  type SerpApiServerOptions,
} from "../support/serpapi-server.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const HOUR = 3_600_000;
const SCHEDULE = "0 */6 * * *";
const quiet = { log: () => {} };

/** A market where every route costs $200 plus a little by destination, nonstop, with Google's range. */
const flatMarket = (question: FlightsQuestion): ScriptedFlight => ({
  price: 200 + (question.destination.charCodeAt(0) % 10),
  airline: "American",
  flightNumber: "AA 1234",
  nonstop: true,
  durationMinutes: 120,
  typicalRange: [250, 400],
});

/** Travel Explore over the catalogue: every destination of the asked area (or the one asked airport), $300 round trip, a month out. */
const networkExplore = (question: ExploreQuestion): ScriptedExploreRow[] => {
  const area = question.areaId === null ? "north-america" : (Object.entries(KNOWN_AREA_IDS).find(([, id]) => id === question.areaId)?.[0] ?? "none");
  const nights = question.tripKind === "weekend" ? 2 : 7;
  const depart = new Date(question.at.getTime() + 30 * 24 * HOUR).toISOString().slice(0, 10);
  const back = new Date(question.at.getTime() + (30 + nights) * 24 * HOUR).toISOString().slice(0, 10);
  return DESTINATIONS.filter((d) => (question.arrivalId ? d.code === question.arrivalId : discoveryAreaOf(d.code) === area)).map((d) => ({
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

let servers: SerpApiServer[] = [];
afterEach(() => {
  for (const server of servers) server.stop();
  servers = [];
});

function setUp(options: SerpApiServerOptions = {}): { t: TestApp; serpapi: SerpApiServer; fares: ReturnType<typeof createSerpApiFareSource> } {
  const t = createTestApp();
  const serpapi = new SerpApiServer({ now: () => t.clock.now(), flights: flatMarket, ...options });
  servers.push(serpapi);
  const fares = createSerpApiFareSource({ apiKey: SERPAPI_TEST_KEY, schedule: SCHEDULE, baseUrl: serpapi.url });
  return { t, serpapi, fares };
}

describe("scans with the real client", () => {
  test("a scan discovers with Travel Explore and spends the rest of its share on fresh Google Flights searches; the account and the scan agree", async () => {
    const { t, serpapi, fares } = setUp({ searchesPerMonth: 5000, planSearchesLeft: 1240, explore: networkExplore });
    const share = searchesThisTick(1240, ticksLeftInMonth(SCHEDULE, t.clock.now()));
    expect(share).toBe(36);

    const summary = await runScan({ ...t.deps, fares }, quiet);

    // A quarter (9) held for fresh searches: no candidate can be judged yet (no history), so they price routes for
    // Google's typical range; 27 distinct Explore searches: North America weekend and week, then the rotation.
    expect(summary).toMatchObject({ source: "serpapi", status: "succeeded", searches: share, quotaLeft: 1240 - share, errors: [] });
    expect(summary.discovery).toMatchObject({ discoverySearches: 27, confirmSearches: 9 });
    expect(serpapi.count("charged", "google_travel_explore")).toBe(27);
    expect(serpapi.count("charged", "google_flights")).toBe(9);
    expect(serpapi.totalSearchesLeft).toBe(1240 - share);
    const explore = serpapi.searches.filter((search) => search.engine === "google_travel_explore");
    const flights = serpapi.searches.filter((search) => search.engine === "google_flights");
    expect(explore.every((search) => search.params.no_cache === undefined)).toBe(true);
    expect(flights.every((search) => search.params.no_cache === "true")).toBe(true);
    expect(serpapi.searches.every((search) => search.params.currency === "USD")).toBe(true);
    // Each search of North America answers its 72 catalogue airports, each of Europe its 4, each of one airport (a
    // route no area covers: the Caribbean, Central America, Bermuda) its 1; all 81 routes are priced.
    const europe = explore.filter((search) => search.params.arrival_area_id === "/m/02j9z").length;
    const alone = explore.filter((search) => search.params.arrival_id !== undefined).length;
    expect(alone).toBeGreaterThanOrEqual(5);
    expect(t.db.select().from(fareScans).get()).toMatchObject({
      searches: share,
      discoverySearches: 27,
      confirmSearches: 9,
      discoveryRows: (27 - europe - alone) * 72 + europe * 4 + alone,
      routes: 81,
    });
    expect(new Set(explore.map((search) => JSON.stringify(search.params))).size).toBe(27);
  });

  test("a plan at 0 with extra credits keeps scanning on the credits (total_searches_left)", async () => {
    const { t, serpapi, fares } = setUp({ searchesPerMonth: 5000, planSearchesLeft: 0, extraCredits: 500, explore: networkExplore });
    const share = searchesThisTick(500, ticksLeftInMonth(SCHEDULE, t.clock.now()));

    const summary = await runScan({ ...t.deps, fares }, quiet);

    expect(share).toBeGreaterThan(0);
    expect(summary).toMatchObject({ status: "succeeded", searches: share, quotaLeft: 500 - share, errors: [] });
    expect([serpapi.planSearchesLeft, serpapi.extraCredits]).toEqual([0, 500 - share]);
  });

  test("scan after scan, each spends the searches left ÷ the scans left in the month, re-reading the account each time", async () => {
    const { t, serpapi, fares } = setUp({ searchesPerMonth: 5000, planSearchesLeft: 400, explore: networkExplore });
    for (let scan = 0; scan < 4; scan++) {
      const left = serpapi.totalSearchesLeft;
      const expected = searchesThisTick(left, ticksLeftInMonth(SCHEDULE, t.clock.now()));
      const before = serpapi.count();
      const summary = await runScan({ ...t.deps, fares }, quiet);
      expect(serpapi.count() - before).toBe(expected);
      expect(summary.quotaLeft).toBe(left - expected);
      t.clock.advance(6 * HOUR);
    }
    expect(serpapi.searches.filter((search) => search.outcome !== "charged")).toEqual([]);
  });

  test("when the searches run out between the account check and the sweep, SerpApi's 429 stops the scan: nothing more is sent", async () => {
    const { t, serpapi, fares } = setUp({ searchesPerMonth: 5000, planSearchesLeft: 1240, explore: networkExplore });
    await fares.allowance(t.clock.now());
    serpapi.spendElsewhere(1240);

    const summary = await runScan({ ...t.deps, fares }, quiet);

    expect(serpapi.searches.map((search) => search.outcome)).toEqual(["refused"]);
    expect(summary.status).toBe("failed");
    expect(summary.searches).toBe(0);
    expect(summary.errors).toEqual(["discovering north-america weekend next six months: SerpApi: Your account has run out of searches. (429)"]);
  });
});

describe("discovery with Travel Explore", () => {
  const weekend = (now: Date, fields: Partial<DiscoveryRequest> = {}): DiscoveryRequest => ({
    now,
    tripKind: "weekend",
    month: null,
    area: "north-america",
    nonstopOnly: false,
    ...fields,
  });
  const exploreMarket = () => [
    {
      destination: "LAS",
      departDate: "2026-12-04",
      returnDate: "2026-12-06",
      price: 189,
      airline: "Spirit",
      airlineCode: "NK",
      stops: 0,
      durationMinutes: 290,
    },
    {
      destination: "YYZ",
      departDate: "2026-12-11",
      returnDate: "2026-12-13",
      price: 236,
      airline: "Air Canada",
      airlineCode: "AC",
      stops: 0,
      durationMinutes: 105,
    },
  ];

  test("one search answers the cheapest trip per destination; a repeat within the hour comes from SerpApi's cache and costs nothing", async () => {
    const { t, serpapi, fares } = setUp({ planSearchesLeft: 1240, explore: exploreMarket });

    const first = await fares.discover(weekend(t.clock.now()));
    expect(first).toEqual({
      rows: exploreMarket().map((row) => ({ ...row })),
      rawRows: 2,
      skipped: { noPrice: 0, noAirport: 0, noDates: 0 },
      searched: 1,
      quotaLeft: 1239,
    });
    expect(serpapi.searches[0]!.params).toEqual({
      engine: "google_travel_explore",
      departure_id: "RDU",
      type: "1",
      travel_duration: "1",
      month: "0",
      stops: "0",
      currency: "USD",
      gl: "us",
      hl: "en",
      api_key: SERPAPI_TEST_KEY,
    });

    t.clock.advance(HOUR / 2);
    await fares.discover(weekend(t.clock.now()));
    expect([serpapi.count("charged"), serpapi.count("cached"), serpapi.totalSearchesLeft]).toEqual([1, 1, 1239]);

    t.clock.advance(HOUR);
    await fares.discover(weekend(t.clock.now()));
    expect([serpapi.count("charged"), serpapi.count("cached"), serpapi.totalSearchesLeft]).toEqual([2, 1, 1238]);
  });

  test("an area is searched by its arrival_area_id; an area with none set is refused before anything is spent", async () => {
    const t0 = setUp({ planSearchesLeft: 1240 });
    await t0.fares.discover(weekend(t0.t.clock.now(), { area: "europe", tripKind: "week", month: 3, nonstopOnly: true }));
    expect(t0.serpapi.searches[0]!.params).toMatchObject({ arrival_area_id: "/m/02j9z", travel_duration: "2", month: "3", stops: "1" });

    await expect(t0.fares.discover(weekend(t0.t.clock.now(), { area: "caribbean" }))).rejects.toThrow(
      "SerpApi: no arrival_area_id is set for caribbean (SERPAPI_EXPLORE_AREAS)",
    );
    expect(t0.serpapi.searches).toHaveLength(1);

    const configured = createSerpApiFareSource({
      apiKey: SERPAPI_TEST_KEY,
      schedule: SCHEDULE,
      baseUrl: t0.serpapi.url,
      exploreAreaIds: { caribbean: "/m/0local" },
    });
    await configured.discover(weekend(t0.t.clock.now(), { area: "caribbean" }));
    expect(t0.serpapi.searches[1]!.params.arrival_area_id).toBe("/m/0local");
  });

  test("Travelpayouts with SerpApi discovers through SerpApi", async () => {
    const { t, serpapi } = setUp({ planSearchesLeft: 1240, explore: exploreMarket });
    const fresh = createSerpApiFareSource({ apiKey: SERPAPI_TEST_KEY, schedule: SCHEDULE, baseUrl: serpapi.url, exploreAreaIds: { atlantic: "/m/0local" } });
    const fares = createCachedWithFreshConfirmation(createTravelpayoutsFareSource({ token: "unused", baseUrl: "http://127.0.0.1:9" }), fresh);
    expect((await fares.discover!(weekend(t.clock.now(), { area: "atlantic" }))).rows).toHaveLength(2);
    expect(serpapi.searches.map((search) => search.params.arrival_area_id)).toEqual(["/m/0local"]);
  });

  test("discovery spends the same per-scan share as searches and stops when it is spent", async () => {
    const { t, serpapi, fares } = setUp({ planSearchesLeft: 34, explore: exploreMarket });
    const now = t.clock.now();
    expect((await fares.allowance(now)).share).toBe(1);
    await fares.discover(weekend(now));
    await expect(fares.discover(weekend(now, { tripKind: "week" }))).rejects.toThrow(
      "SerpApi: this scan's share of the monthly quota is spent (33 searches left this month)",
    );
    expect(serpapi.count("charged")).toBe(1);
  });

  test("after a 429 nothing more is sent in that scan: not a search, a confirmation or a discovery", async () => {
    const { t, serpapi, fares } = setUp({ planSearchesLeft: 1240, explore: exploreMarket });
    const now = t.clock.now();
    await fares.allowance(now);
    serpapi.spendElsewhere(1240);
    await expect(fares.discover(weekend(now))).rejects.toThrow("SerpApi: Your account has run out of searches. (429)");

    const later = await fares.search({
      now,
      searches: [{ destination: "LAS", departDate: "2026-12-04", returnDate: "2026-12-06", cabin: "economy", purpose: "discover" }],
    });
    expect(later).toEqual({ quotes: [], searched: 0, errors: ["SerpApi refused further searches this scan (429)"], quotaLeft: 1239 });
    await expect(fares.discover(weekend(now, { tripKind: "week" }))).rejects.toThrow("SerpApi refused further searches this scan (429)");
    expect(serpapi.searches.map((search) => search.outcome)).toEqual(["refused"]);
  });

  test("with no searches left discovery says so and sends nothing", async () => {
    const { t, serpapi, fares } = setUp({ planSearchesLeft: 0 });
    await expect(fares.discover(weekend(t.clock.now()))).rejects.toThrow("SerpApi: monthly search quota used up (0 searches left)");
    expect(serpapi.searches).toEqual([]);
  });
});

describe("the local SerpApi server keeps the account as SerpApi does", () => {
  test("searches come from the plan first, then extra credits; the plan is whole again next month, the credits are not", async () => {
    const { t, serpapi } = setUp({ searchesPerMonth: 100, planSearchesLeft: 1, extraCredits: 5 });
    const account = async () => (await fetch(`${serpapi.url}/account?api_key=${SERPAPI_TEST_KEY}`)).json();
    const search = (destination: string) =>
      fetch(
        `${serpapi.url}/search.json?engine=google_flights&departure_id=RDU&arrival_id=${destination}&outbound_date=2026-12-04&type=2&api_key=${SERPAPI_TEST_KEY}`,
      );
    await search("LAS");
    await search("DEN");
    expect(await account()).toMatchObject({ plan_searches_left: 0, extra_credits: 4, total_searches_left: 4, this_month_usage: 2 });
    t.clock.set(new Date("2026-12-01T00:00:00Z"));
    expect(await account()).toMatchObject({ plan_searches_left: 100, extra_credits: 4, total_searches_left: 104, this_month_usage: 0 });
  });

  test("no_cache=true is always charged; a wrong key is 401; spent searches are 429 while cached answers are still served", async () => {
    const { serpapi } = setUp({ planSearchesLeft: 2 });
    const url = (destination: string, extra = "", key = SERPAPI_TEST_KEY) =>
      `${serpapi.url}/search.json?engine=google_flights&departure_id=RDU&arrival_id=${destination}&outbound_date=2026-12-04&type=2${extra}&api_key=${key}`;
    expect((await fetch(url("LAS"))).status).toBe(200);
    expect((await fetch(url("LAS", "&no_cache=true"))).status).toBe(200);
    expect((await fetch(url("LAS", "", "wrong"))).status).toBe(401);
    const spent = await fetch(url("DEN"));
    expect([spent.status, await spent.json()]).toEqual([429, { error: "Your account has run out of searches." }]);
    expect((await fetch(url("LAS"))).status).toBe(200);
    expect(serpapi.searches.map((search) => search.outcome)).toEqual(["charged", "charged", "unauthorized", "refused", "cached"]);
  });
});
