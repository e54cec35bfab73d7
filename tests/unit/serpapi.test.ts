import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FareSourceError, type FareSearch } from "../../src/server/fares/sources/fare-source.ts";
import { ticksLeftInMonth, searchesThisTick } from "../../src/server/fares/sweep/quota-pacing.ts";
import { createSerpApiFareSource } from "../../src/server/fares/sources/serpapi.ts";
import { parseGoogleFlights } from "../../src/server/fares/sources/serpapi-flights.ts";

const fixture = async (name: string) => (await Bun.file(new URL(`../fixtures/serpapi/${name}.json`, import.meta.url)).json()) as Record<string, unknown>;
const search = (destination: string, departDate: string, returnDate: string | null): FareSearch => ({
  destination,
  departDate,
  returnDate,
  cabin: "economy",
  purpose: "discover",
});

describe("parsing SerpApi Google Flights answers", () => {
  test("takes the cheapest of best_flights with Google's typical range", async () => {
    expect(parseGoogleFlights(await fixture("round-trip-lhr"), search("LHR", "2027-01-08", "2027-01-15"))).toEqual({
      origin: "RDU",
      destination: "LHR",
      tripType: "round_trip",
      cabin: "economy",
      nonstop: true,
      departDate: "2027-01-08",
      returnDate: "2027-01-15",
      price: 612,
      airline: "American",
      durationMinutes: 460,
      providerTypicalLow: 780,
      providerTypicalHigh: 1100,
      providerPriceHistory: [
        { day: "2026-09-29", price: 905 },
        { day: "2026-09-30", price: 880 },
        { day: "2026-10-01", price: 862 },
        { day: "2026-10-02", price: 640 },
        { day: "2026-10-03", price: 612 },
      ],
      source: "serpapi",
      cached: false,
    });
  });

  test("a cheapest option with a layover is not nonstop, and its airline comes from the first flight", async () => {
    const answer = await fixture("round-trip-lhr");
    answer.best_flights = (answer.best_flights as unknown[]).slice(1);
    expect(parseGoogleFlights(answer, search("LHR", "2027-01-08", "2027-01-15"))).toMatchObject({
      price: 655,
      nonstop: false,
      airline: "Delta",
      durationMinutes: 1180,
    });
  });

  test("falls back to other_flights when best_flights is missing, and price_insights may be absent", async () => {
    expect(parseGoogleFlights(await fixture("other-flights-only-den"), search("DEN", "2027-02-05", "2027-02-07"))).toMatchObject({
      destination: "DEN",
      price: 138,
      airline: "Frontier",
      nonstop: true,
      providerTypicalLow: null,
      providerTypicalHigh: null,
    });
  });

  test("a price-history stamp past the year 9999 (found by the property test) is skipped, the others kept", async () => {
    const answer = await fixture("round-trip-lhr");
    const insights = answer.price_insights as { price_history: [number, number][] };
    insights.price_history.push([253402257600, 919]);
    const history = parseGoogleFlights(answer, search("LHR", "2027-01-08", "2027-01-15"))!.providerPriceHistory!;
    expect(history.map((point) => point.day)).toEqual(["2026-09-29", "2026-09-30", "2026-10-01", "2026-10-02", "2026-10-03"]);
  });

  test("an answer without flights is no quote", async () => {
    expect(parseGoogleFlights(await fixture("empty"), search("BZN", "2027-04-16", "2027-04-18"))).toBeNull();
  });

  test("a top-level error is a failure with SerpApi's message", async () => {
    expect(() => parseGoogleFlights({ error: "x" }, search("PGD", "2027-07-09", "2027-07-11"))).toThrow(FareSourceError);
    const noResults = await fixture("no-results-error");
    expect(() => parseGoogleFlights(noResults, search("PGD", "2027-07-09", "2027-07-11"))).toThrow(
      "SerpApi: Google Flights hasn't returned any results for this query.",
    );
    const invalidKey = await fixture("invalid-key-error");
    expect(() => parseGoogleFlights(invalidKey, search("LHR", "2027-01-08", null))).toThrow("Invalid API key");
    expect(() => parseGoogleFlights("<html>", search("LHR", "2027-01-08", null))).toThrow(FareSourceError);
  });
});

describe("spending the monthly quota", () => {
  function simulateMonth(quota: number, ticks: number) {
    let left = quota;
    const spent: number[] = [];
    for (let ticksLeft = ticks; ticksLeft >= 1; ticksLeft--) {
      const now = searchesThisTick(left, ticksLeft);
      expect(now).toBeLessThanOrEqual(left);
      spent.push(now);
      left -= now;
    }
    return spent;
  }

  test("never spends more than is left, and spends it all by the month's last scan", () => {
    for (const [quota, ticks] of [
      [100, 120],
      [250, 124],
      [5000, 120],
      [7, 31],
      [0, 50],
      [1240, 34],
    ] as const) {
      const spent = simulateMonth(quota, ticks);
      expect(spent.reduce((a, b) => a + b, 0)).toBe(quota);
    }
  });

  test("spreads a small quota evenly over the month instead of bunching it", () => {
    const spent = simulateMonth(100, 120);
    expect(Math.max(...spent)).toBe(1);
    for (let quarter = 0; quarter < 4; quarter++) {
      const inQuarter = spent.slice(quarter * 30, quarter * 30 + 30).reduce((a, b) => a + b, 0);
      expect(inQuarter).toBeGreaterThanOrEqual(22);
      expect(inQuarter).toBeLessThanOrEqual(28);
    }
    let longestGap = 0;
    let gap = 0;
    for (const n of spent) {
      gap = n === 0 ? gap + 1 : 0;
      longestGap = Math.max(longestGap, gap);
    }
    expect(longestGap).toBeLessThanOrEqual(2);
  });

  test("a large quota is split into near-equal slices", () => {
    const spent = simulateMonth(5000, 120);
    expect(Math.min(...spent)).toBeGreaterThanOrEqual(41);
    expect(Math.max(...spent)).toBeLessThanOrEqual(42);
  });

  test("counts the scans left in the month from the schedule, this one included", () => {
    expect(ticksLeftInMonth("0 */6 * * *", new Date("2026-11-22T15:00:00Z"))).toBe(34);
    expect(ticksLeftInMonth("0 */6 * * *", new Date("2026-11-30T18:00:00Z"))).toBe(1);
    expect(ticksLeftInMonth("0 12 * * *", new Date("2027-02-01T12:00:00Z"))).toBe(28);
  });
});

describe("the SerpApi client against recorded answers", () => {
  const requests: URL[] = [];
  let accountFixture = "account";
  let server: ReturnType<typeof Bun.serve>;

  beforeAll(async () => {
    const answers: Record<string, unknown> = {
      LHR: await fixture("round-trip-lhr"),
      DEN: await fixture("other-flights-only-den"),
      BZN: await fixture("empty"),
      PGD: await fixture("no-results-error"),
    };
    server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        const url = new URL(request.url);
        requests.push(url);
        if (url.pathname === "/account") {
          const body = await fixture(accountFixture);
          return Response.json(body, { status: body.error ? 401 : 200 });
        }
        const destination = url.searchParams.get("arrival_id")!;
        if (destination === "SLOW") return new Promise(() => {});
        return Response.json(answers[destination] ?? { error: "unexpected" });
      },
    });
  });
  afterAll(() => server.stop(true));

  const client = (timeoutMs = 2000) =>
    createSerpApiFareSource({ apiKey: "secret-key-123", schedule: "0 */6 * * *", baseUrl: `http://127.0.0.1:${server.port}`, timeoutMs });

  test("asks Google Flights with the documented parameters and spends only this scan's share of the quota", async () => {
    requests.length = 0;
    accountFixture = "account";
    const now = new Date("2026-11-22T15:00:00Z");
    const searches = [
      search("LHR", "2027-01-08", "2027-01-15"),
      search("DEN", "2027-02-05", "2027-02-07"),
      search("BZN", "2027-04-16", "2027-04-18"),
      search("PGD", "2027-07-09", "2027-07-11"),
    ];
    const many = Array.from({ length: 60 }, (_, i) => searches[i % 4]!);
    const result = await client().search({ now, searches: many });

    const share = searchesThisTick(1240, ticksLeftInMonth("0 */6 * * *", now));
    expect(share).toBe(36);
    expect(result.searched).toBe(share);
    expect(requests.filter((url) => url.pathname === "/search.json")).toHaveLength(share);
    expect(result.quotaLeft).toBe(1240 - share);
    const first = requests.find((url) => url.searchParams.get("arrival_id") === "LHR")!;
    expect(Object.fromEntries(first.searchParams)).toEqual({
      engine: "google_flights",
      departure_id: "RDU",
      arrival_id: "LHR",
      outbound_date: "2027-01-08",
      return_date: "2027-01-15",
      type: "1",
      travel_class: "1",
      stops: "0",
      currency: "USD",
      gl: "us",
      hl: "en",
      api_key: "secret-key-123",
    });
    expect(result.quotes.map((q) => [q.destination, q.price])).toContainEqual(["LHR", 612]);
    expect(result.quotes.map((q) => [q.destination, q.price])).toContainEqual(["DEN", 138]);
    expect(result.errors.length).toBe(9);
    expect(result.errors[0]).toContain("hasn't returned any results");
  });

  const exhaustedClient = () =>
    createSerpApiFareSource({
      apiKey: "k",
      schedule: "0 */6 * * *",
      baseUrl: `http://127.0.0.1:${server.port}`,
      fetch: async (url, init) => (String(url).includes("/account") ? Response.json({ plan_searches_left: 0 }) : fetch(url, init)),
    });

  test("an exhausted quota makes no search at all and says so, naming SerpApi and the quota", async () => {
    requests.length = 0;
    const result = await exhaustedClient().search({ now: new Date("2026-11-22T15:00:00Z"), searches: [search("LHR", "2027-01-08", "2027-01-15")] });
    expect(result).toEqual({ quotes: [], searched: 0, errors: ["SerpApi: monthly search quota used up (0 searches left)"], quotaLeft: 0 });
    expect(requests).toEqual([]);
  });

  test("confirms a cached candidate with one fresh search of its exact route, dates and cabin", async () => {
    requests.length = 0;
    accountFixture = "account";
    const now = new Date("2026-11-22T15:00:00Z");
    const candidate = {
      ...parseGoogleFlights(await fixture("round-trip-lhr"), search("LHR", "2027-01-08", "2027-01-15"))!,
      price: 480,
      source: "travelpayouts",
      cached: true,
    };
    const fresh = await client().confirm(candidate, now);
    expect(fresh).toMatchObject({ destination: "LHR", departDate: "2027-01-08", returnDate: "2027-01-15", price: 612, source: "serpapi", cached: false });
    const searches = requests.filter((url) => url.pathname === "/search.json");
    expect(searches).toHaveLength(1);
    expect(Object.fromEntries(searches[0]!.searchParams)).toMatchObject({
      arrival_id: "LHR",
      outbound_date: "2027-01-08",
      return_date: "2027-01-15",
      travel_class: "1",
    });
  });

  test("confirmations spend the same per-scan share as searches, checking the account once per scan", async () => {
    requests.length = 0;
    accountFixture = "account";
    const now = new Date("2026-11-22T15:00:00Z");
    const source = client();
    const share = (await source.allowance(now)).share;
    const searches = Array.from({ length: share - 1 }, () => search("DEN", "2027-02-05", "2027-02-07"));
    expect((await source.search({ now, searches })).searched).toBe(share - 1);
    const candidate = { ...parseGoogleFlights(await fixture("other-flights-only-den"), search("DEN", "2027-02-05", "2027-02-07"))!, cached: true };
    expect(await source.confirm(candidate, now)).toMatchObject({ price: 138, cached: false });
    await expect(source.confirm(candidate, now)).rejects.toThrow("SerpApi: this scan's share of the monthly quota is spent (1204 searches left this month)");
    expect(requests.filter((url) => url.pathname === "/account")).toHaveLength(1);
    expect(requests.filter((url) => url.pathname === "/search.json")).toHaveLength(share);
  });

  test("an exhausted quota refuses a confirmation without searching", async () => {
    requests.length = 0;
    const candidate = { ...parseGoogleFlights(await fixture("round-trip-lhr"), search("LHR", "2027-01-08", "2027-01-15"))!, cached: true };
    await expect(exhaustedClient().confirm(candidate, new Date("2026-11-22T15:00:00Z"))).rejects.toThrow(
      "SerpApi: monthly search quota used up (0 searches left)",
    );
    expect(requests).toEqual([]);
  });

  test("a refused key fails the whole scan with SerpApi's message and never the key", async () => {
    accountFixture = "invalid-key-error";
    const failure = client().search({ now: new Date("2026-11-22T15:00:00Z"), searches: [search("LHR", "2027-01-08", "2027-01-15")] });
    await expect(failure).rejects.toThrow("SerpApi account check failed: Invalid API key.");
    await failure.catch((error: Error) => expect(error.message).not.toContain("secret-key-123"));
    accountFixture = "account";
  });

  test("a search that hangs times out as an error of that search", async () => {
    const result = await client(200).search({ now: new Date("2026-11-22T15:00:00Z"), searches: [search("SLOW", "2027-01-08", "2027-01-15")] });
    expect(result.quotes).toEqual([]);
    expect(result.errors).toEqual(["SLOW 2027-01-08: SerpApi did not answer within 0.2 s"]);
  });

  test("an unreachable server is a failure that names SerpApi, not the URL", async () => {
    const gone = createSerpApiFareSource({ apiKey: "secret-key-123", schedule: "0 */6 * * *", baseUrl: "http://127.0.0.1:9", timeoutMs: 1000 });
    const failure = gone.search({ now: new Date("2026-11-22T15:00:00Z"), searches: [] });
    await expect(failure).rejects.toThrow("SerpApi is unreachable");
  });
});
