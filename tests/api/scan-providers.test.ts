/** Whole scans with the real SerpApi and Travelpayouts clients, answered by their recorded responses. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { deals, fareObservations, fareScans } from "../../db/schema.ts";
import { createCachedWithFreshConfirmation } from "../../src/server/fares/sources/cached-with-fresh-confirmation.ts";
import { createFareSource } from "../../src/server/fares/sources/create-fare-source.ts";
import type { FareQuote } from "../../src/server/fares/sources/fare-source.ts";
import { storeObservations } from "../../src/server/fares/judge/observations.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { createSerpApiFareSource } from "../../src/server/fares/sources/serpapi.ts";
import { createTravelpayoutsFareSource } from "../../src/server/fares/sources/travelpayouts.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const quiet = { log: () => {} };
const QUOTA_USED_UP = "SerpApi: monthly search quota used up (0 searches left)";

const fixture = async (provider: string, name: string) =>
  (await Bun.file(new URL(`../fixtures/${provider}/${name}.json`, import.meta.url)).json()) as Record<string, unknown>;

/** The account answer SerpApi gives this test: searches left, or a refused key. */
let account: "account" | "used-up" | "invalid-key-error" = "account";
const requests: URL[] = [];
let server: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  const answers = {
    account: await fixture("serpapi", "account"),
    "used-up": { ...(await fixture("serpapi", "account")), plan_searches_left: 0, total_searches_left: 0 },
    "invalid-key-error": await fixture("serpapi", "invalid-key-error"),
    flights: await fixture("serpapi", "round-trip-lhr"),
    explore: await fixture("serpapi-explore", "nyc-usd-explore-destinations"),
    month: await fixture("travelpayouts", "month-2027-01"),
    exactLhr: await fixture("travelpayouts", "exact-lhr"),
    empty: await fixture("travelpayouts", "empty"),
  };
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      requests.push(url);
      const params = url.searchParams;
      if (url.pathname === "/account") return Response.json(answers[account], { status: account === "invalid-key-error" ? 401 : 200 });
      if (url.pathname === "/search.json" && params.get("engine") === "google_travel_explore") return Response.json(answers.explore);
      if (url.pathname === "/search.json") {
        // SerpApi echoes the request in search_parameters; the recorded answer stands for any route, its flights
        // landing where the search asked.
        const arrival = params.get("arrival_id");
        const echoed = {
          ...(answers.flights.search_parameters as object),
          arrival_id: arrival,
          outbound_date: params.get("outbound_date"),
          return_date: params.get("return_date"),
        };
        const landing = (options: { flights: { arrival_airport: { id: string } }[] }[]) =>
          options.map((option) => ({
            ...option,
            flights: option.flights.map((flight, i) =>
              i === option.flights.length - 1 ? { ...flight, arrival_airport: { ...flight.arrival_airport, id: arrival } } : flight,
            ),
          }));
        return Response.json({ ...answers.flights, best_flights: landing(answers.flights.best_flights as never), search_parameters: echoed });
      }
      if (params.get("destination") === "LHR") return Response.json(answers.exactLhr);
      return Response.json(params.get("departure_at") === "2027-01" ? answers.month : answers.empty);
    },
  });
});
afterAll(() => server.stop(true));

const base = () => `http://127.0.0.1:${server.port}`;

const serpapi = () => createSerpApiFareSource({ apiKey: "secret-key", schedule: "0 */6 * * *", baseUrl: base() });
const travelpayouts = () => createTravelpayoutsFareSource({ token: "good-token", baseUrl: base() });
const both = () => createCachedWithFreshConfirmation(travelpayouts(), serpapi());

/** 80 days of Travelpayouts' cached LHR January week-long round trips between $820 and $980 (median about $900). */
function lhrHistory(t: TestApp, source = "travelpayouts") {
  const now = t.clock.now().getTime();
  const quote = (i: number): FareQuote => ({
    origin: "RDU",
    destination: "LHR",
    tripType: "round_trip",
    cabin: "economy",
    nonstop: false,
    departDate: `2027-01-${String(1 + (i % 17)).padStart(2, "0")}`,
    returnDate: `2027-01-${String(8 + (i % 17)).padStart(2, "0")}`,
    price: 820 + ((i * 37) % 161),
    airline: "British Airways",
    durationMinutes: 705,
    providerTypicalLow: null,
    providerTypicalHigh: null,
    source,
    cached: source === "travelpayouts",
  });
  const past = Array.from({ length: 80 }, (_, i) => ({ quote: quote(i), observedAt: new Date(now - (i + 1) * DAY) }));
  t.db.transaction(() => storeObservations(t.db, past));
}

const serpApiSearches = () => requests.filter((url) => url.pathname === "/search.json");
const scanRows = (t: TestApp) => t.db.select().from(fareScans).all();
const lhrObservations = (t: TestApp) =>
  t.db
    .select()
    .from(fareObservations)
    .all()
    .filter((o) => o.destination === "LHR" && o.departDate === "2027-01-19" && o.returnDate === "2027-01-26")
    .map((o) => [o.source, o.price]);

describe("SerpApi with its monthly quota used up", () => {
  test("the scan is recorded as failed, naming SerpApi and the quota, and /healthz keeps the last real success", async () => {
    const t = createTestApp();
    account = "account";
    const fares = serpapi();
    const first = await runScan({ ...t.deps, fares }, quiet);
    expect(first).toMatchObject({ source: "serpapi", status: "succeeded", errors: [] });
    const succeededAt = t.clock.now().toISOString();

    t.clock.advance(6 * HOUR);
    account = "used-up";
    requests.length = 0;
    const lines: string[] = [];
    const exhausted = await runScan({ ...t.deps, fares }, { log: (line) => lines.push(line) });

    expect(exhausted).toMatchObject({ status: "failed", searches: 0, quotes: 0, quotaLeft: 0, errors: [QUOTA_USED_UP] });
    expect(serpApiSearches()).toEqual([]);
    expect(scanRows(t).at(-1)).toMatchObject({ status: "failed", errors: [QUOTA_USED_UP], quotaLeft: 0 });
    expect(lines.join("\n")).toContain("serpapi failed");
    const health = await json(await t.request("GET", "/healthz"));
    expect(health).toMatchObject({ lastSuccessfulScanAt: succeededAt, lastSuccessfulScanAgeSeconds: 6 * 3600 });
  });
});

describe("Travelpayouts and SerpApi together", () => {
  test("either real FARE_SOURCE with both credentials gets both; one credential gets that source alone", () => {
    const create = (fareSource: "simulated" | "serpapi" | "travelpayouts", serpapiKey: string | null, travelpayoutsToken: string | null) =>
      createFareSource({ fareSource, serpapiKey, travelpayoutsToken, serpapiExploreAreas: {}, scanSchedule: "0 */6 * * *", fareBudget: null });
    for (const name of ["serpapi", "travelpayouts"] as const) {
      expect(create(name, "k", "t")).toMatchObject({ name: "travelpayouts+serpapi", historySource: "travelpayouts" });
    }
    expect(create("serpapi", "k", null).name).toBe("serpapi");
    expect(create("travelpayouts", null, "t").name).toBe("travelpayouts");
    expect(create("simulated", "k", "t").name).toBe("simulated");
  });

  test("Travelpayouts proposes the cheap dates and one fresh SerpApi search confirms the candidate", async () => {
    const t = createTestApp();
    lhrHistory(t);
    account = "account";
    requests.length = 0;
    const summary = await runScan({ ...t.deps, fares: both() }, quiet);

    expect(summary).toMatchObject({ source: "travelpayouts+serpapi", status: "succeeded", newDeals: 1, quotaLeft: 1240, errors: [] });
    // Only LHR has a typical range, so it is the one candidate and the one SerpApi search.
    expect(
      serpApiSearches().map((url) => [url.searchParams.get("arrival_id"), url.searchParams.get("outbound_date"), url.searchParams.get("return_date")]),
    ).toEqual([["LHR", "2027-01-19", "2027-01-26"]]);
    const [deal] = t.db.select().from(deals).all();
    expect(deal).toMatchObject({ destination: "LHR", departDate: "2027-01-19", returnDate: "2027-01-26", price: 612, source: "serpapi", airline: "American" });
  });

  for (const [why, answer, error] of [
    ["its quota is used up", "used-up", QUOTA_USED_UP],
    [
      "it refuses the key",
      "invalid-key-error",
      "SerpApi account check failed: Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key",
    ],
  ] as const) {
    test(`when SerpApi cannot search (${why}), the scan falls back to the cached price, kept marked cached and never a new deal`, async () => {
      const t = createTestApp();
      lhrHistory(t);
      account = answer;
      requests.length = 0;
      const summary = await runScan({ ...t.deps, fares: both() }, quiet);

      expect(summary).toMatchObject({ status: "succeeded", newDeals: 0 });
      expect(summary.errors).toEqual([`travelpayouts prices stay cached and unconfirmed: ${error}`, `confirming LHR 2027-01-19: ${error}`]);
      expect(serpApiSearches()).toEqual([]);
      expect(t.db.select().from(deals).all()).toEqual([]);
      expect(lhrObservations(t)).toEqual([["travelpayouts", 498]]);
    });
  }

  test("a live deal re-checked while SerpApi is out of searches stays alive at the cached price, marked Travelpayouts', with no new alert", async () => {
    const t = createTestApp();
    lhrHistory(t);
    const live = insertDeal(t, { destination: "LHR", departDate: "2027-01-19", returnDate: "2027-01-26", price: 612, source: "serpapi", fannedOutVersion: 1 });
    t.clock.advance(6 * HOUR);
    account = "used-up";
    const summary = await runScan({ ...t.deps, fares: both() }, quiet);

    expect(summary).toMatchObject({ status: "succeeded", newDeals: 0, realerted: 0, expired: 0 });
    const [deal] = t.db.select().from(deals).all();
    expect(deal).toMatchObject({ id: live.id, isActive: true, price: 486, source: "travelpayouts", alertVersion: 1, lastSeenAt: t.clock.now() });
  });
});

describe("Travelpayouts alone", () => {
  test("a cached candidate is not 'confirmed' by asking the same cache again, so it never becomes a deal", async () => {
    const t = createTestApp();
    lhrHistory(t);
    requests.length = 0;
    const summary = await runScan({ ...t.deps, fares: travelpayouts() }, quiet);

    expect(summary).toMatchObject({ source: "travelpayouts", status: "succeeded", newDeals: 0, errors: [] });
    expect(requests.some((url) => url.searchParams.get("destination") === "LHR")).toBe(false);
    expect(t.db.select().from(deals).all()).toEqual([]);
    expect(lhrObservations(t)).toEqual([["travelpayouts", 498]]);
  });
});
