/**
 * `npm run fares:spike` end to end against the local SearchApi and SerpApi stand-ins, on a scripted market whose
 * every figure is known: Google Flights falls by $60 two hours in, Explore shows prices three hours late and
 * prices half of North America's routes, exact-date Explore leaves one route out, and one column of the grid is
 * $40 dear. The report must state those figures, and the cap must hold, by the spike's count and by the server's.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { spikeSource } from "../../src/server/cli/fares-spike.ts";
import { discoveryAreaOf, type DiscoveryArea } from "../../src/domain/discovery-areas.ts";
import { spikeFigures } from "../../src/server/fares/spike/fare-spike-figures.ts";
import { spikeReport } from "../../src/server/fares/spike/fare-spike-report.ts";
import { runFareSpike } from "../../src/server/fares/spike/fare-spike.ts";
import { AREA_BOXES } from "../../src/server/fares/sources/searchapi-explore.ts";
import { SEARCHAPI_TEST_KEY, SearchApiServer, type SearchApiExploreQuestion } from "../support/searchapi-server.ts";
import { SERPAPI_TEST_KEY, SerpApiServer, type ExploreQuestion, type FlightsQuestion } from "../support/serpapi-server.ts";

const HOUR = 3_600_000;
const START = Date.parse("2026-12-01T12:00:00Z");
const DEPART = "2027-01-10";
const RETURN = "2027-01-17";

/** The test's clock: waiting moves it on at once. */
function fakeClock() {
  let now = START;
  const wait = async (ms: number) => {
    now += ms;
  };
  return { clock: () => new Date(now), wait };
}

/** Google Flights' price of any trip: $300, $240 from two hours in. */
const flightsPrice = (at: Date) => (at.getTime() >= START + 2 * HOUR ? 240 : 300);
const flights = (question: FlightsQuestion) => ({
  price: flightsPrice(question.at),
  airline: "American",
  flightNumber: "AA 1",
  nonstop: true,
  durationMinutes: 120,
});

const routesOf = (area: string) => DESTINATIONS.filter((d) => discoveryAreaOf(d.code) === area).map((d) => d.code);
/** Explore's rows for an area: three hours late; half of North America's routes; exact dates leave out one route. */
const exploreRows = (area: string, at: Date, exactDates: boolean) => {
  let routes = routesOf(area);
  if (area === "north-america") routes = exactDates ? routes.slice(1) : routes.slice(0, 36);
  return routes.map((destination) => ({
    destination,
    departDate: DEPART,
    returnDate: RETURN,
    price: flightsPrice(new Date(at.getTime() - 3 * HOUR)),
    airline: "American",
    airlineCode: "AA",
    stops: 0,
    durationMinutes: 120,
  }));
};

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe("npm run fares:spike", () => {
  test("with SearchApi: the report states the measured figures and the cap of 60 searches holds", async () => {
    const { clock, wait } = fakeClock();
    const areaOfBox = (question: SearchApiExploreQuestion) =>
      (Object.entries(AREA_BOXES).find(([, box]) => JSON.stringify(box) === JSON.stringify(question.box))?.[0] ?? "none") as DiscoveryArea;
    const server = new SearchApiServer({
      now: clock,
      flights,
      explore: (question) => exploreRows(areaOfBox(question), question.at, question.timePeriod.includes("..")),
      // One outbound date of the grid is $40 dearer than Google Flights.
      calendarCell: (question) => flightsPrice(question.at) + (question.departDate === "2027-01-07" ? 40 : 0),
    });
    stops.push(() => server.stop());
    const source = spikeSource("searchapi", { SEARCHAPI_API_KEY: SEARCHAPI_TEST_KEY, SEARCHAPI_BASE_URL: server.url }, 60);

    const looks = await runFareSpike({ source, cap: 60, hours: 6, everyMinutes: 60, clock, wait });
    const figures = spikeFigures(looks);

    // The cap held: the spike's own count and the provider's charges.
    expect(looks.spent).toBe(60);
    expect(server.count("charged")).toBe(60);
    expect(server.searches.length).toBe(60);
    // Seven rounds began (0 h to 6 h); the last had room for three Explore searches.
    expect(figures.exploreAnswers).toBe(5 * 6 + 3);
    expect(figures.routeShareByArea.find((row) => row.area === "north-america")).toEqual({ area: "north-america", answers: 7, medianPriced: 36, routes: 72 });
    // Rounds 0, 1 and 5 agree; at 2, 3 and 4 h Explore still shows the old $300 against Google Flights' $240.
    expect(figures.exploreVsFlights).toEqual({ pairs: 18, agreeing: 9, medianGapPercent: 12.5, lower: 0 });
    expect(figures).toMatchObject({ changes: 3, changesShown: 3, medianLagHours: 3, maxLagHours: 3 });
    expect(figures.exactDates).toEqual({ looks: 5, listingEvery: 4, listed: 80, routes: 81 });
    expect(figures.grid).toEqual({ cells: 49, pairs: 3, agreeing: 2, medianGapPercent: 0, lower: 0 });

    const report = spikeReport(looks);
    expect(report).toContain("**60 of a cap of 60 searches spent**");
    expect(report).toContain("| north-america | 7 | 36 | 72 |");
    expect(report).toContain("- Explore vs Google Flights: 9 of 18 pairs agree (50 %); median gap 12.5 %; 0 lower than Google Flights beyond the margin.");
    expect(report).toContain("3 changes seen on Google Flights; Explore showed 3 of them, after a median of 3 h (at most 3 h)");
    expect(report).toContain("4 of 5 areas listed every catalogue route (80 of 81 routes in all).");
    expect(report).toContain("49 cells priced in one grid search.");
    expect(report).toContain("- Grid vs Google Flights: 2 of 3 pairs agree (67 %)");
  });

  test("with SerpApi: no grid nor exact dates to measure, and a cap of 10 holds", async () => {
    const { clock, wait } = fakeClock();
    const server = new SerpApiServer({
      now: clock,
      flights,
      explore: (question: ExploreQuestion) => exploreRows(question.areaId === null ? "north-america" : "europe", question.at, false),
    });
    stops.push(() => server.stop());
    const source = spikeSource("serpapi", { SERPAPI_KEY: SERPAPI_TEST_KEY, SERPAPI_BASE_URL: server.url }, 10);

    const looks = await runFareSpike({ source, cap: 10, hours: 48, everyMinutes: 60, clock, wait });

    expect(looks.spent).toBe(10);
    expect(server.count("charged")).toBe(10);
    const report = spikeReport(looks);
    expect(report).toContain("# Fare spike: serpapi from RDU");
    expect(report).toContain("serpapi offers no exact-date Explore.");
    expect(report).toContain("serpapi offers no date grid.");
    expect(spikeFigures(looks).routeShareByArea.map((row) => row.area)).toEqual(["north-america", "europe"]);
  });

  test("a refused key stops the spike before any search, in the provider's words", async () => {
    const server = new SearchApiServer();
    stops.push(() => server.stop());
    const source = spikeSource("searchapi", { SEARCHAPI_API_KEY: "wrong", SEARCHAPI_BASE_URL: server.url }, 10);
    await expect(runFareSpike({ source, cap: 10, hours: 1, everyMinutes: 60 })).rejects.toThrow("SearchApi account check failed: Invalid API key.");
    expect(server.searches).toEqual([]);
    expect(() => spikeSource("searchapi", {}, 10)).toThrow("--provider searchapi needs SEARCHAPI_API_KEY");
  });
});
