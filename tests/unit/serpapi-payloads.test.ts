/**
 * Every real SerpApi Google Flights and Account API answer in tests/fixtures (each with its .source.txt) is read
 * right or refused with a clear error, never read as something else.
 */
import { describe, expect, test } from "bun:test";
import type { FareSearch } from "../../src/server/fares/sources/fare-source.ts";
import { parseAccount } from "../../src/server/fares/sources/serpapi-account.ts";
import { parseGoogleFlights } from "../../src/server/fares/sources/serpapi-flights.ts";

const fixture = async (folder: string, name: string) =>
  (await Bun.file(new URL(`../fixtures/${folder}/${name}.json`, import.meta.url)).json()) as Record<string, unknown>;
const flights = (name: string) => fixture("serpapi", name);
const search = (destination: string, departDate: string, returnDate: string | null): FareSearch => ({
  destination,
  departDate,
  returnDate,
  cabin: "economy",
  purpose: "discover",
});

/** Answers the refusal tests share. */
const recorded = {
  eur: await flights("rt-ber-ory-eur"),
  gbp: await flights("rt-lgw-bcn-gbp"),
  delHan: await flights("ow-del-han-no-search-params"),
  nycAtl: await flights("nyc-atl-roundtrip-usd-trimmed"),
  returnLeg: await flights("rt-return-leg-departure-token"),
  booking: await flights("booking-options-no-flight-lists"),
  invalidKey: await flights("error-invalid-key-401"),
  quotaExhausted: await flights("error-quota-exhausted-429"),
};

const consecutiveDays = (days: string[]) => days.every((day, i) => i === 0 || Date.parse(day) - Date.parse(days[i - 1]!) === 86_400_000);

describe("real Google Flights answers in USD are read right", () => {
  test("a one-way JFK→ICN answer with only other_flights: the cheapest option, Google's range and 61 days of its price history", async () => {
    const quote = parseGoogleFlights(await flights("jfk-icn-oneway-usd"), search("ICN", "2025-02-28", null), "JFK");
    expect(quote).toMatchObject({
      origin: "JFK",
      destination: "ICN",
      tripType: "one_way",
      nonstop: false,
      departDate: "2025-02-28",
      returnDate: null,
      price: 686,
      airline: "Air Canada",
      durationMinutes: 2000,
      providerTypicalLow: 465,
      providerTypicalHigh: 570,
    });
    const history = quote!.providerPriceHistory!;
    expect(history).toHaveLength(61);
    // Stamped at midnight in New York (05:00 UTC); the last day is the day of the search (2025-02-26 02:38 UTC).
    expect(history[0]).toEqual({ day: "2024-12-27", price: 493 });
    expect(history.at(-1)).toEqual({ day: "2025-02-25", price: 686 });
    expect(consecutiveDays(history.map((point) => point.day))).toBe(true);
  });

  test("a SIN→AUS round trip of three-flight itineraries: the cheapest, skipping an option without a price, with history stamped at Singapore's midnight", async () => {
    const answer = await flights("rt-sin-aus-multileg-insights");
    const quote = parseGoogleFlights(answer, search("AUS", "2025-09-09", "2025-09-19"), "SIN");
    expect(quote).toMatchObject({
      origin: "SIN",
      destination: "AUS",
      tripType: "round_trip",
      nonstop: false,
      price: 920,
      providerTypicalLow: 1100,
      providerTypicalHigh: 1200,
    });
    const history = quote!.providerPriceHistory!;
    expect(history).toHaveLength(62);
    expect(history[0]).toEqual({ day: "2025-05-05", price: 956 });
    expect(history.at(-1)).toEqual({ day: "2025-07-05", price: 920 });
    expect(consecutiveDays(history.map((point) => point.day))).toBe(true);
    const unpriced = (answer.other_flights as { price?: number }[]).filter((option) => option.price === undefined);
    expect(unpriced).toHaveLength(1);
  });

  test("a trimmed NYC→ATL answer (no search_parameters, no price_history) reads its route from the search, its origin airport from the flights", async () => {
    const quote = parseGoogleFlights(await flights("nyc-atl-roundtrip-usd-trimmed"), search("ATL", "2026-10-24", "2026-10-31"), "JFK,LGA");
    expect(quote).toEqual({
      origin: "LGA",
      destination: "ATL",
      tripType: "round_trip",
      cabin: "economy",
      nonstop: false,
      departDate: "2026-10-24",
      returnDate: "2026-10-31",
      price: 128,
      airline: "JetBlue",
      durationMinutes: 412,
      providerTypicalLow: 95,
      providerTypicalHigh: 255,
      providerPriceHistory: null,
      source: "serpapi",
      cached: false,
    });
  });

  test("a one-way answer without search_parameters takes its origin from the search, not RDU", async () => {
    const quote = parseGoogleFlights(await flights("ow-del-han-no-search-params"), search("HAN", "2025-05-14", null), "DEL");
    expect(quote).toMatchObject({
      origin: "DEL",
      destination: "HAN",
      tripType: "one_way",
      departDate: "2025-05-14",
      price: 197,
      airline: "Thai AirAsia X",
      nonstop: false,
      durationMinutes: 835,
      providerTypicalLow: null,
      providerPriceHistory: null,
    });
  });
});

describe("answers that are not what GoRDU asked for are refused, never misread", () => {
  test("prices in EUR or GBP are refused, naming the currency", async () => {
    expect(() => parseGoogleFlights(recorded.eur, search("ORY", "2025-03-12", "2025-03-20"), "BER")).toThrow("SerpApi: prices came in EUR, not USD");
    expect(() => parseGoogleFlights(recorded.gbp, search("BCN", "2025-05-04", "2025-05-10"), "LGW")).toThrow("SerpApi: prices came in GBP, not USD");
  });

  test("an answer whose flights leave from elsewhere is refused: without search_parameters nothing else tells it is not from RDU", async () => {
    expect(() => parseGoogleFlights(recorded.delHan, search("HAN", "2025-05-14", null))).toThrow("SerpApi: the flights listed go DEL→HAN, not RDU→HAN");
    expect(() => parseGoogleFlights(recorded.nycAtl, search("ATL", "2026-10-24", "2026-10-31"))).toThrow("SerpApi: the flights listed go LGA→ATL, not RDU→ATL");
  });

  test("a follow-up (departure_token) answer listing the return flights is refused, with or without its search_parameters", async () => {
    const returnLeg = recorded.returnLeg;
    expect(() => parseGoogleFlights(returnLeg, search("AUS", "2025-09-09", "2025-09-19"), "SIN")).toThrow(
      "SerpApi: a follow-up answer (departure_token) lists return flights",
    );
    const { search_parameters: _, ...trimmed } = returnLeg;
    expect(() => parseGoogleFlights(trimmed, search("AUS", "2025-09-09", "2025-09-19"), "SIN")).toThrow("SerpApi: the flights listed go AUS→SIN, not SIN→AUS");
  });

  test("a booking_token answer (booking options, no flight lists) is refused, with or without its search_parameters", async () => {
    const booking = recorded.booking;
    expect(() => parseGoogleFlights(booking, search("AUS", "2025-09-09", "2025-09-19"), "SIN")).toThrow(
      "SerpApi: a follow-up answer (booking_token) lists booking options, not flights",
    );
    const { search_parameters: _, ...trimmed } = booking;
    expect(() => parseGoogleFlights(trimmed, search("AUS", "2025-09-09", "2025-09-19"), "SIN")).toThrow("booking options");
  });

  test("an answer whose search_parameters name other dates or another route is refused", async () => {
    const lhr = await flights("round-trip-lhr");
    expect(() => parseGoogleFlights(lhr, search("LHR", "2027-01-09", "2027-01-15"))).toThrow(
      "SerpApi: the answer is for outbound_date 2027-01-08, not 2027-01-09",
    );
    expect(() => parseGoogleFlights(lhr, search("CDG", "2027-01-08", "2027-01-15"))).toThrow("SerpApi: the answer is for arrival_id LHR, not CDG");
  });

  test("the 401 and 429 error bodies are refused with SerpApi's own words and the status", async () => {
    expect(() => parseGoogleFlights(recorded.invalidKey, search("LHR", "2027-01-08", null), "RDU", 401)).toThrow(
      "SerpApi: Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key (401)",
    );
    expect(() => parseGoogleFlights(recorded.quotaExhausted, search("LHR", "2027-01-08", null), "RDU", 429)).toThrow(
      "SerpApi: Your account has run out of searches. (429)",
    );
  });

  test("a non-200 status without an error message is refused with the status", () => {
    expect(() => parseGoogleFlights({ search_metadata: { status: "Success" } }, search("LHR", "2027-01-08", null), "RDU", 503)).toThrow("SerpApi: status 503");
  });
});

describe("the Account API", () => {
  test("SerpApi's documented example: searches left are total_searches_left, with the plan's figures beside it", async () => {
    expect(parseAccount(await fixture("serpapi-account", "account-api-doc-example"))).toEqual({
      searchesLeft: 5958,
      planSearchesLeft: 5958,
      extraCredits: 0,
      searchesPerMonth: 30000,
      thisMonthUsage: 24042,
      ratePerHour: 6000,
    });
  });

  test("a plan at 0 with extra credits keeps searching on the credits", async () => {
    const account = { ...(await fixture("serpapi-account", "account-api-doc-example")), plan_searches_left: 0, extra_credits: 500, total_searches_left: 500 };
    expect(parseAccount(account).searchesLeft).toBe(500);
    const { total_searches_left: _, ...withoutTotal } = account;
    expect(parseAccount(withoutTotal).searchesLeft).toBe(500);
  });

  test("the free-plan example states 0 searches left beside 100 extra credits: the stated total wins, so nothing is planned that SerpApi would refuse", async () => {
    expect(parseAccount(await fixture("serpapi-account", "account-free-plan-readme-example"))).toMatchObject({
      searchesLeft: 0,
      planSearchesLeft: 0,
      extraCredits: 100,
      searchesPerMonth: 100,
      ratePerHour: 200000,
    });
  });

  test("an error body, a non-200 status or an answer with no count at all fails the check", async () => {
    expect(() => parseAccount(recorded.invalidKey, 401)).toThrow("SerpApi account check failed: Invalid API key.");
    expect(() => parseAccount({ account_status: "Active" })).toThrow("SerpApi account check failed: neither total_searches_left nor plan_searches_left");
    expect(() => parseAccount({ plan_searches_left: 5 }, 500)).toThrow("SerpApi account check failed: status 500");
  });
});
