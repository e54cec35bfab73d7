/**
 * Every SearchApi.io sample in tests/fixtures/searchapi (copied with its .source.txt from
 * ../shared/provider-payloads/searchapi) is read right or refused with a clear error. The real captures are all in
 * EUR, GBP or TWD, so each is refused as it is; each is also read with its currency restated as USD (named so in the
 * test), which shows that every field GoRDU takes is found where the capture has it.
 */
import { describe, expect, test } from "bun:test";
import { FareSourceError, type FareSearch } from "../../src/server/fares/sources/fare-source.ts";
import { parseSearchApiAccount } from "../../src/server/fares/sources/searchapi-account.ts";
import { parseDateGrid } from "../../src/server/fares/sources/searchapi-calendar.ts";
import { parseSearchApiExplore } from "../../src/server/fares/sources/searchapi-explore.ts";
import { readGoogleFlights } from "../../src/server/fares/sources/serpapi-flights.ts";

const sample = async (name: string) => (await Bun.file(new URL(`../fixtures/searchapi/${name}.json`, import.meta.url)).json()) as Record<string, unknown>;
const inUsd = (answer: Record<string, unknown>) => {
  const copy = structuredClone(answer) as Record<string, Record<string, unknown>>;
  copy.search_parameters!.currency = "USD";
  if (copy.search_metadata) copy.search_metadata.request_url = null;
  return copy;
};
const flights = (body: unknown, search: FareSearch, origin: string) =>
  readGoogleFlights(body, search, { provider: "SearchApi", source: "searchapi", origin, status: 200 });
const trip = (destination: string, departDate: string, returnDate: string | null, cabin: FareSearch["cabin"] = "economy"): FareSearch => ({
  destination,
  departDate,
  returnDate,
  cabin,
  purpose: "discover",
});

const explore = ((await sample("google_travel_explore-zag-eur-flights-only-tool-io")) as { response: Record<string, unknown> }).response;
const hamBkk = await sample("google_flights-ham-bkk-rt-business-eur-2a1c");
const mxpCag = await sample("google_flights-mxp-cag-ow-gbp-2a2c-sanitized");
const calendarReport = await sample("google_flights_calendar-tpe-twd-probe-fragment-report");

describe("SearchApi's Travel Explore capture (ZAG, EUR, 73 places)", () => {
  test("is refused as it came: its prices are euros", () => {
    expect(() => parseSearchApiExplore(explore)).toThrow("SearchApi: prices came in EUR, not USD");
  });

  test("read with its currency restated as USD: 60 priced airports, the 13 places without a flight skipped as unpriced", () => {
    const result = parseSearchApiExplore(inUsd(explore));
    expect(result.rawRows).toBe(73);
    expect(result.rows).toHaveLength(60);
    expect(result.skipped).toEqual({ noPrice: 13, noAirport: 0, noDates: 0 });
    expect(result.rows.find((row) => row.destination === "DBV")).toEqual({
      destination: "DBV",
      departDate: "2026-01-08",
      returnDate: "2026-01-14",
      price: 109,
      airline: "Croatia",
      airlineCode: "OU",
      stops: 0,
      durationMinutes: 55,
    });
    // A mixed itinerary names no single carrier code.
    expect(result.rows.filter((row) => row.airlineCode === null).length).toBeGreaterThan(0);
  });
});

describe("SearchApi's Google Flights captures", () => {
  test("HAM→BKK round trip in business is refused as it came: euros", () => {
    expect(() => flights(hamBkk, trip("BKK", "2026-10-17", "2026-10-31", "business"), "HAM")).toThrow("SearchApi: prices came in EUR, not USD");
  });

  test("HAM→BKK read with its currency restated as USD: the cheapest of 5 options, Google's typical range from its object form", () => {
    const quote = flights(inUsd(hamBkk), trip("BKK", "2026-10-17", "2026-10-31", "business"), "HAM");
    expect(quote).toMatchObject({
      origin: "HAM",
      destination: "BKK",
      tripType: "round_trip",
      cabin: "business",
      nonstop: false,
      price: 12330,
      providerTypicalLow: 8900,
      providerTypicalHigh: 13000,
      providerPriceHistory: null,
      source: "searchapi",
      cached: false,
    });
  });

  test("HAM→BKK asked as another route is refused, never read as the route asked", () => {
    expect(() => flights(inUsd(hamBkk), trip("BKK", "2026-10-18", "2026-10-31"), "HAM")).toThrow(
      "SearchApi: the answer is for outbound_date 2026-10-17, not 2026-10-18",
    );
  });

  test("MXP→CAG one way is refused as it came: pounds", () => {
    expect(() => flights(mxpCag, trip("CAG", "2026-12-18", null), "MXP")).toThrow("SearchApi: prices came in GBP, not USD");
  });

  test("MXP→CAG read with its currency restated as USD: only other_flights, the cheapest nonstop one way, no typical range", () => {
    expect(flights(inUsd(mxpCag), trip("CAG", "2026-12-18", null), "MXP")).toMatchObject({
      tripType: "one_way",
      nonstop: true,
      price: 158,
      airline: "Wizz Air",
      durationMinutes: 95,
      providerTypicalLow: null,
      providerTypicalHigh: null,
    });
  });
});

describe("SearchApi's date grid fragment (TPE→NRT, TWD)", () => {
  test("the run report itself is refused: it is not a grid answer", () => {
    expect(() => parseDateGrid(calendarReport, "NRT")).toThrow("SearchApi: the date grid answer has no calendar list");
  });

  const probe = calendarReport.probe as { keys: string[]; rows: number; sample: unknown[] };
  const rebuilt = (currency: string) => ({
    search_metadata: { status: "Success" },
    search_parameters: { engine: "google_flights_calendar", currency },
    calendar: probe.sample,
  });

  test("its three real rows under the keys the probe lists are refused in TWD", () => {
    expect(probe.keys).toEqual(["calendar", "search_metadata", "search_parameters"]);
    expect(() => parseDateGrid(rebuilt("TWD"), "NRT")).toThrow("SearchApi: prices came in TWD, not USD");
  });

  test("read with the currency restated as USD: each row a cell of departure, return and price", () => {
    const grid = parseDateGrid(rebuilt("USD"), "nrt");
    expect(grid.destination).toBe("NRT");
    expect(grid.cells).toEqual([
      { departDate: "2026-07-21", returnDate: "2026-07-21", price: 12928, lowest: false },
      { departDate: "2026-07-21", returnDate: "2026-07-22", price: 13430, lowest: false },
      { departDate: "2026-07-21", returnDate: "2026-07-23", price: 12630, lowest: false },
    ]);
  });

  test("cells with no flights, or the 0 price such cells sometimes carry, are skipped; Google's soft failure is refused", () => {
    const body = {
      search_parameters: { currency: "USD" },
      calendar: [
        { departure: "2026-07-21", return: "2026-07-24", price: 0, has_no_flights: true },
        { departure: "2026-07-21", return: "2026-07-25", price: 0 },
        { departure: "2026-07-22", return: "2026-07-25", price: 410, is_lowest_price: true },
      ],
    };
    expect(parseDateGrid(body, "NRT")).toMatchObject({ rawRows: 3, skipped: 2, cells: [{ price: 410, lowest: true }] });
    expect(() => parseDateGrid({ error: "Google Flights Calendar didn't return any results." }, "NRT")).toThrow(
      "SearchApi: Google Flights Calendar didn't return any results.",
    );
  });
});

describe("SearchApi's account and error bodies", () => {
  test("a paid plan's /api/v1/me (documentation example): credits left, this month's use, the plan and the hourly limit", async () => {
    expect(parseSearchApiAccount(await sample("account-me-docs-example"))).toEqual({
      searchesLeft: 5200,
      searchesPerMonth: 10000,
      thisMonthUsage: 4800,
      hourlyRateLimit: 200000,
      searchesThisHour: 250,
    });
  });

  test("a trial key's /api/v1/me: 67 credits left and no monthly plan", async () => {
    expect(parseSearchApiAccount(await sample("account-me-observed-trial-key"))).toMatchObject({ searchesLeft: 67, searchesPerMonth: null });
  });

  test("the 401 body for a missing or invalid key is refused by every reader in SearchApi's words", async () => {
    const invalid = await sample("any-engine-error-401-invalid-api-key");
    expect(() => parseSearchApiAccount(invalid, 401)).toThrow("SearchApi account check failed: Invalid API key.");
    expect(() => parseSearchApiExplore(invalid, 401)).toThrow(new FareSourceError("SearchApi: Invalid API key. (401)"));
    expect(() => parseDateGrid(invalid, "NRT", 401)).toThrow("SearchApi: Invalid API key. (401)");
  });

  test("SerpApi's Google Flights Deals parameter reference is documentation, not an answer: no reader takes it", async () => {
    const reference = await sample("google_flights_deals-serpapi-docs-engine-parameters");
    expect(() => parseSearchApiExplore(reference)).toThrow();
    expect(() => parseDateGrid(reference, "NRT")).toThrow();
    expect(() => parseSearchApiAccount(reference)).toThrow("SearchApi account check failed: no account.remaining_credits");
  });
});
