/**
 * Travel Explore: the request checked against SerpApi's own parameter reference, and both real captures read right
 * or refused (tests/fixtures/serpapi-explore, each with its .source.txt).
 */
import { describe, expect, test } from "bun:test";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { DISCOVERY_AREAS, discoveryAreaOf, KNOWN_AREA_IDS } from "../../src/domain/discovery-areas.ts";
import type { DiscoveryRequest } from "../../src/server/fares/sources/fare-source.ts";
import { exploreParams, parseTravelExplore } from "../../src/server/fares/sources/serpapi-explore.ts";

const fixture = async (name: string) => (await Bun.file(new URL(`../fixtures/serpapi-explore/${name}.json`, import.meta.url)).json()) as Record<string, any>;
const reference = await fixture("docs-engine-parameters");
const nyc = await fixture("nyc-usd-explore-destinations");
const oslo = await fixture("osl-nok-travel-duration-2");

const request = (fields: Partial<DiscoveryRequest> = {}): DiscoveryRequest => ({
  now: new Date("2026-11-22T15:00:00Z"),
  tripKind: "weekend",
  month: null,
  area: "north-america",
  nonstopOnly: false,
  ...fields,
});

describe("the Explore request", () => {
  test("asks from RDU, round trip, for the trip kind, month and stops, in USD from the US, with no no_cache", () => {
    expect(exploreParams(request(), {})).toEqual({
      engine: "google_travel_explore",
      departure_id: "RDU",
      type: "1",
      travel_duration: "1",
      month: "0",
      stops: "0",
      currency: "USD",
      gl: "us",
      hl: "en",
    });
    expect(exploreParams(request({ tripKind: "week", month: 3, nonstopOnly: true, area: "europe" }), KNOWN_AREA_IDS)).toMatchObject({
      travel_duration: "2",
      month: "3",
      stops: "1",
      arrival_area_id: "/m/02j9z",
    });
  });

  test("exact dates (the completeness pass) are sent as outbound_date and return_date, with no flexible window", () => {
    const params = exploreParams(request({ area: "europe", dates: { departDate: "2027-02-05", returnDate: "2027-02-07" } }), KNOWN_AREA_IDS);
    expect(params).toMatchObject({ outbound_date: "2027-02-05", return_date: "2027-02-07", type: "1", arrival_area_id: "/m/02j9z" });
    expect(params.travel_duration).toBeUndefined();
    expect(params.month).toBeUndefined();
  });

  test("every parameter sent is one SerpApi's reference documents, with a value it lists", () => {
    const documented = { ...reference.params, ...reference.common_params } as Record<string, { options?: unknown[] }>;
    const optionValues = (name: string) => documented[name]!.options?.map((option) => String(Array.isArray(option) ? option[0] : option));
    for (const kind of ["weekend", "week"] as const) {
      for (const month of [null, 1, 12]) {
        for (const nonstopOnly of [false, true]) {
          const params = exploreParams(request({ tripKind: kind, month, nonstopOnly, area: "europe" }), KNOWN_AREA_IDS);
          for (const [name, value] of Object.entries(params)) {
            expect(documented[name], name).toBeDefined();
            const options = optionValues(name);
            if (options) expect(options, name).toContain(value);
          }
          expect(params.no_cache).toBeUndefined();
        }
      }
    }
    // month is documented in words: 0 for the next six months, else 1–12.
    expect(reference.params.month.description).toContain("`0` (default) means all months within the next 6 months");
  });

  test("Europe's arrival_area_id is the one the reference gives; it names no other region, so those are the operator's to set", () => {
    expect(reference.params.arrival_area_id.description).toContain("`/m/02j9z` is the location kgmid for Europe");
    expect(KNOWN_AREA_IDS).toEqual({ europe: "/m/02j9z" });
    expect(() => exploreParams(request({ area: "caribbean" }), KNOWN_AREA_IDS)).toThrow(
      "SerpApi: no arrival_area_id is set for caribbean (SERPAPI_EXPLORE_AREAS)",
    );
    expect(exploreParams(request({ area: "caribbean" }), { ...KNOWN_AREA_IDS, caribbean: "/m/0caribbean" }).arrival_area_id).toBe("/m/0caribbean");
  });

  test("a route no area covers is searched by its own airport: arrival_id, as the reference documents it, and no arrival_area_id", () => {
    expect(reference.params.arrival_id.description).toContain("Parameter defines the arrival airport code");
    const params = exploreParams(request({ area: "caribbean", destination: "MBJ", tripKind: "week" }), KNOWN_AREA_IDS);
    expect(params).toMatchObject({ engine: "google_travel_explore", departure_id: "RDU", arrival_id: "MBJ", travel_duration: "2", month: "0" });
    expect(params.arrival_area_id).toBeUndefined();
  });

  test("a month outside 1–12 is refused before anything is spent", () => {
    expect(() => exploreParams(request({ month: 13 }), {})).toThrow("SerpApi: month 13 is not 1–12");
  });

  test("every catalogue destination lies in one discovery area; the international ones as Canada, Mexico, the Caribbean, Central America, Europe and the Atlantic", () => {
    const byArea = Object.fromEntries(
      DISCOVERY_AREAS.map((area) => [area, DESTINATIONS.filter((d) => d.region === "international" && discoveryAreaOf(d.code) === area).map((d) => d.code)]),
    );
    expect(byArea).toEqual({
      "north-america": ["MEX", "YUL", "YVR", "YYC", "YYZ"],
      europe: ["CDG", "FRA", "KEF", "LHR"],
      caribbean: ["MBJ", "PUJ", "SJU"],
      "central-america": ["PTY"],
      atlantic: ["BDA"],
    });
    for (const destination of DESTINATIONS.filter((d) => d.region === "domestic")) expect(discoveryAreaOf(destination.code)).toBe("north-america");
  });
});

describe("a real Explore answer in USD (NYC, trimmed to its destinations)", () => {
  const result = parseTravelExplore(nyc);

  test("keeps one row per airport, the cheapest, and counts the 26 rows with no price", () => {
    expect(result.rawRows).toBe(85);
    expect(result.skipped).toEqual({ noPrice: 26, noAirport: 0, noDates: 0 });
    expect(result.rows).toHaveLength(45);
    expect(new Set(result.rows.map((row) => row.destination)).size).toBe(45);
  });

  test("reads a row's airport, dates, price, airline, stops and flight time", () => {
    expect(result.rows.find((row) => row.destination === "ATL")).toEqual({
      destination: "ATL",
      departDate: "2026-10-31",
      returnDate: "2026-11-01",
      price: 128,
      airline: "Frontier",
      airlineCode: "F9",
      stops: 0,
      durationMinutes: 177,
    });
    expect(result.rows.find((row) => row.destination === "MSP")).toMatchObject({ airline: "Sun Country", airlineCode: "SY" });
  });

  test("several carriers keep their names and no code", () => {
    expect(result.rows.find((row) => row.destination === "YUL")).toMatchObject({ price: 274, airline: "Air Canada and Delta", airlineCode: null, stops: 0 });
  });

  test("parks served by another city's airport count as that airport (Zion, Bryce and Grand Canyon as LAS; Acadia and Bar Harbor as BGR)", () => {
    const places = nyc.destinations as { name: string; destination_airport?: { code: string; location?: string }; car_duration?: number }[];
    expect(
      places
        .filter((place) => place.destination_airport?.code === "LAS")
        .map((place) => [place.name, place.destination_airport!.location ?? null, place.car_duration ?? null]),
    ).toEqual([
      ["Las Vegas", null, null],
      ["Zion National Park", "Las Vegas", 150],
      ["Bryce Canyon National Park", "Las Vegas", 300],
      ["Grand Canyon National Park", "Las Vegas", 300],
    ]);
    expect(result.rows.filter((row) => row.destination === "LAS")).toEqual([
      {
        destination: "LAS",
        departDate: "2026-10-31",
        returnDate: "2026-11-01",
        price: 309,
        airline: "JetBlue",
        airlineCode: "B6",
        stops: 1,
        durationMinutes: 602,
      },
    ]);
    expect(result.rows.filter((row) => row.destination === "BGR")).toEqual([
      {
        destination: "BGR",
        departDate: "2026-10-24",
        returnDate: "2026-10-25",
        price: 325,
        airline: "Delta",
        airlineCode: "DL",
        stops: 0,
        durationMinutes: 98,
      },
    ]);
  });

  test("of several places at one airport the cheapest trip is kept", () => {
    const answer = structuredClone(nyc);
    const zion = answer.destinations.find((place: { name: string }) => place.name === "Zion National Park");
    Object.assign(zion, { flight_price: 250, start_date: "2026-11-06", end_date: "2026-11-08" });
    expect(parseTravelExplore(answer).rows.find((row) => row.destination === "LAS")).toMatchObject({
      price: 250,
      departDate: "2026-11-06",
      returnDate: "2026-11-08",
    });
  });

  test("a priced row with no airport or no dates is skipped and counted (rows derived from the capture)", () => {
    const answer = structuredClone(nyc);
    const [atl, bos] = ["Atlanta", "Boston"].map((name) => answer.destinations.find((place: { name: string }) => place.name === name));
    delete atl.destination_airport;
    delete bos.end_date;
    const parsed = parseTravelExplore(answer);
    expect(parsed.skipped).toEqual({ noPrice: 26, noAirport: 1, noDates: 1 });
    expect(parsed.rows.map((row) => row.destination)).not.toContain("ATL");
    expect(parsed.rows.map((row) => row.destination)).not.toContain("BOS");
  });
});

describe("answers Explore must refuse", () => {
  test("the Oslo capture, priced in NOK, is refused naming the currency", () => {
    expect(oslo.search_parameters.currency).toBe("NOK");
    expect(() => parseTravelExplore(oslo)).toThrow("SerpApi: prices came in NOK, not USD");
  });

  test("the currency of the Explore URL counts when search_parameters are gone", () => {
    const { search_parameters: _, ...trimmed } = oslo;
    expect(() => parseTravelExplore(trimmed)).toThrow("SerpApi: prices came in NOK, not USD");
  });

  test("read as if it were in USD, the Oslo capture keeps its 52 complete rows and counts the 32 without a price", () => {
    const relabelled = structuredClone(oslo);
    relabelled.search_parameters.currency = "USD";
    relabelled.search_metadata.google_travel_explore_url = relabelled.search_metadata.google_travel_explore_url.replace("curr=NOK", "curr=USD");
    const parsed = parseTravelExplore(relabelled);
    expect(parsed.rawRows).toBe(84);
    expect(parsed.skipped).toEqual({ noPrice: 32, noAirport: 0, noDates: 0 });
    expect(parsed.rows.find((row) => row.destination === "BCN")).toEqual({
      destination: "BCN",
      departDate: "2026-12-03",
      returnDate: "2026-12-09",
      price: 886,
      airline: "Norwegian and Vueling",
      airlineCode: null,
      stops: 0,
      durationMinutes: 210,
    });
  });

  test("an error body, a 429 and an answer without a destinations list are refused", () => {
    expect(() => parseTravelExplore({ error: "Your account has run out of searches." }, 429)).toThrow("SerpApi: Your account has run out of searches. (429)");
    expect(() => parseTravelExplore({ search_metadata: { status: "Success" } })).toThrow("SerpApi: the Explore answer has no destinations list");
    expect(() => parseTravelExplore("<html>")).toThrow("SerpApi: answer is not a JSON object");
  });
});
