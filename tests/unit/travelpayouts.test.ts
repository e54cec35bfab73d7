import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { FareSourceError, type FareSearch } from "../../src/server/fares/sources/fare-source.ts";
import { createTravelpayoutsFareSource, parsePricesForDates } from "../../src/server/fares/sources/travelpayouts.ts";

const fixture = async (name: string) => (await Bun.file(new URL(`../fixtures/travelpayouts/${name}.json`, import.meta.url)).json()) as Record<string, unknown>;
const catalogue = new Set(DESTINATIONS.map((d) => d.code));

describe("parsing Travelpayouts prices_for_dates answers", () => {
  test("maps city codes through destination_airport and keeps only catalogue airports", async () => {
    const quotes = parsePricesForDates(await fixture("month-2027-01"), catalogue);
    expect(quotes.map((q) => [q.destination, q.price, q.airline, q.nonstop])).toEqual([
      ["LGA", 118, "Delta", true],
      ["JFK", 131, "JetBlue", true],
      ["LHR", 498, "British Airways", false],
      ["CDG", 544, "Air France", true],
      ["YYZ", 236, "Air Canada", true],
      ["YUL", 251, "Air Canada", false],
      ["DEN", 149, "Frontier", true],
    ]);
  });

  test("reads dates, duration and trip type, and marks every price as cached", async () => {
    const [lga] = parsePricesForDates(await fixture("month-2027-01"), catalogue);
    expect(lga).toEqual({
      origin: "RDU",
      destination: "LGA",
      tripType: "round_trip",
      cabin: "economy",
      nonstop: true,
      departDate: "2027-01-14",
      returnDate: "2027-01-17",
      price: 118,
      airline: "Delta",
      durationMinutes: 104,
      providerTypicalLow: null,
      providerTypicalHigh: null,
      source: "travelpayouts",
      cached: true,
    });
  });

  test("an empty answer has no quotes", async () => {
    expect(parsePricesForDates(await fixture("empty"), catalogue)).toEqual([]);
  });

  test("an error answer or prices in another currency are failures", async () => {
    expect(() => parsePricesForDates({ success: false, data: null, error: "Unauthorized" }, catalogue)).toThrow("Travelpayouts: Unauthorized");
    expect(() => parsePricesForDates({ success: true, currency: "rub", data: [] }, catalogue)).toThrow("not USD");
    expect(() => parsePricesForDates(null, catalogue)).toThrow(FareSourceError);
  });
});

describe("the Travelpayouts client against recorded answers", () => {
  const requests: { url: URL; token: string | null }[] = [];
  let server: ReturnType<typeof Bun.serve>;

  beforeAll(async () => {
    const month = await fixture("month-2027-01");
    const exact = await fixture("exact-lhr");
    const empty = await fixture("empty");
    const unauthorized = await fixture("unauthorized");
    server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(request) {
        const url = new URL(request.url);
        const token = request.headers.get("x-access-token");
        requests.push({ url, token });
        if (token !== "good-token") return Response.json(unauthorized, { status: 401 });
        if (url.searchParams.get("destination") === "LHR") return Response.json(exact);
        return Response.json(url.searchParams.get("departure_at") === "2027-01" ? month : empty);
      },
    });
  });
  afterAll(() => server.stop(true));

  const discover = (destination: string, departDate: string): FareSearch => ({
    destination,
    departDate,
    returnDate: null,
    cabin: "economy",
    purpose: "discover",
  });

  test("asks once per departure month, in USD, with the token in a header", async () => {
    requests.length = 0;
    const source = createTravelpayoutsFareSource({ token: "good-token", baseUrl: `http://127.0.0.1:${server.port}` });
    const result = await source.search({
      now: new Date("2026-11-22T15:00:00Z"),
      searches: [discover("LHR", "2027-01-08"), discover("LGA", "2027-01-15"), discover("CDG", "2027-02-05")],
    });
    expect(requests.map((r) => r.url.searchParams.get("departure_at"))).toEqual(["2027-01", "2027-02"]);
    const params = Object.fromEntries(requests[0]!.url.searchParams);
    expect(requests[0]!.url.pathname).toBe("/aviasales/v3/prices_for_dates");
    expect(params).toMatchObject({ origin: "RDU", currency: "usd", market: "us", unique: "true", sorting: "price", one_way: "false", limit: "1000" });
    expect(params.destination).toBeUndefined();
    expect(requests[0]!.token).toBe("good-token");
    expect(result.quotes.map((q) => q.destination)).toEqual(["LGA", "LHR", "CDG"]);
  });

  test("re-checks a live deal with an exact-date query, whose answer is still a cached price", async () => {
    requests.length = 0;
    const source = createTravelpayoutsFareSource({ token: "good-token", baseUrl: `http://127.0.0.1:${server.port}` });
    const recheck: FareSearch = { destination: "LHR", departDate: "2027-01-19", returnDate: "2027-01-26", cabin: "economy", purpose: "recheck" };
    const result = await source.search({ now: new Date("2026-11-22T15:00:00Z"), searches: [recheck] });
    expect(result.quotes).toHaveLength(1);
    expect(result.quotes[0]).toMatchObject({ destination: "LHR", departDate: "2027-01-19", returnDate: "2027-01-26", price: 486, cached: true });
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toMatchObject({
      destination: "LHR",
      departure_at: "2027-01-19",
      return_at: "2027-01-26",
      one_way: "false",
    });
  });

  test("offers no confirmation: asking its own cache again is not a fresh search (docs/deal-rules.md, rule 4)", () => {
    const source = createTravelpayoutsFareSource({ token: "good-token", baseUrl: `http://127.0.0.1:${server.port}` });
    expect(source.confirm).toBeUndefined();
  });

  test("a refused token fails the scan with the provider's message", async () => {
    const source = createTravelpayoutsFareSource({ token: "bad-token", baseUrl: `http://127.0.0.1:${server.port}` });
    const failure = source.search({ now: new Date("2026-11-22T15:00:00Z"), searches: [discover("LHR", "2027-01-08")] });
    await expect(failure).rejects.toThrow("Travelpayouts: Unauthorized");
  });
});
