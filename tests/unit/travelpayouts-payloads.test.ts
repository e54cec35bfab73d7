/**
 * Every real Travelpayouts payload in tests/fixtures/travelpayouts (each with its .source.txt) is read right or
 * refused with a clear error. Only USD is read: the API's default currency is roubles.
 */
import { describe, expect, test } from "bun:test";
import { parsePricesForDates } from "../../src/server/fares/sources/travelpayouts.ts";

const fixture = async (name: string) => (await Bun.file(new URL(`../fixtures/travelpayouts/${name}.json`, import.meta.url)).json()) as unknown;
/** Payloads the refusal tests share. */
const recorded: Record<string, unknown> = Object.fromEntries(
  await Promise.all(
    [
      "prices-for-dates-aer-beg-rub",
      "prices-for-dates-gyd-ist-rub-2022",
      "ow-gyd-ist-rub-curl-capture",
      "ow-bak-ist-empty-airline",
      "ow-maa-ixm-usd-gate-item",
      "grouped-prices-dac-lhr-usd",
      "error-success-false-docs",
      "prices-for-dates-usd-data-entries",
    ].map(async (name) => [name, await fixture(name)] as const),
  ),
);

const watching = (...codes: string[]) => new Set(codes);

describe("answers in USD are read right", () => {
  test("a one-way MAA→IXM ticket of the newer shape (gate, duration_to, duration_back 0)", async () => {
    expect(parsePricesForDates(await fixture("ow-maa-ixm-usd-gate-item"), watching("IXM"))).toEqual([
      {
        origin: "MAA",
        destination: "IXM",
        tripType: "one_way",
        cabin: "economy",
        nonstop: true,
        departDate: "2026-05-18",
        returnDate: null,
        price: 64,
        airline: "6E",
        durationMinutes: 85,
        providerTypicalLow: null,
        providerTypicalHigh: null,
        source: "travelpayouts",
        cached: true,
      },
    ]);
  });

  test("three real data[] elements in USD (their envelope was not captured, so the test wraps them in one): dates in local time, transfers both ways", async () => {
    const data = await fixture("prices-for-dates-usd-data-entries");
    expect(Array.isArray(data)).toBe(true);
    const quotes = parsePricesForDates({ success: true, currency: "usd", data }, watching("MEL", "HKT", "IXM"));
    expect(quotes.map((q) => [q.origin, q.destination, q.tripType, q.departDate, q.returnDate, q.price, q.nonstop, q.durationMinutes])).toEqual([
      ["DOH", "MEL", "round_trip", "2024-01-02", "2024-01-04", 2275, false, 875],
      ["LED", "HKT", "one_way", "2025-09-21", null, 339, false, 830],
      ["MAA", "IXM", "one_way", "2026-05-18", null, 64, true, 85],
    ]);
  });

  test("only watched airports are kept: a city code (LON) counts by its airport (LHR)", async () => {
    const body = {
      success: true,
      currency: "usd",
      data: [
        {
          origin: "RDU",
          destination: "LON",
          origin_airport: "RDU",
          destination_airport: "LHR",
          price: 498,
          airline: "BA",
          departure_at: "2027-01-19T18:00:00-05:00",
          return_at: "2027-01-26T10:00:00+00:00",
          transfers: 1,
          return_transfers: 1,
        },
      ],
    };
    expect(parsePricesForDates(body, watching("LHR")).map((q) => [q.destination, q.airline])).toEqual([["LHR", "British Airways"]]);
    expect(parsePricesForDates(body, watching("LON"))).toEqual([]);
  });
});

describe("answers that are refused, never misread", () => {
  for (const name of ["prices-for-dates-aer-beg-rub", "prices-for-dates-gyd-ist-rub-2022", "ow-gyd-ist-rub-curl-capture"]) {
    test(`${name}: prices in roubles are refused naming the currency`, () => {
      expect(() => parsePricesForDates(recorded[name], watching("BEG", "SAW"))).toThrow("Travelpayouts: prices came in rub, not USD");
    });
  }

  test("ow-bak-ist-empty-airline: the envelope says roubles though its link says usd; the envelope is what the prices are in", () => {
    const body = recorded["ow-bak-ist-empty-airline"] as { data: { link: string }[] };
    expect(body.data[0]!.link).toContain("expected_price_currency=usd");
    expect(() => parsePricesForDates(body, watching("SAW"))).toThrow("Travelpayouts: prices came in rub, not USD");
  });

  test("an answer that does not say its currency is refused: the API's default is roubles", () => {
    const { currency: _, ...unstated } = recorded["ow-maa-ixm-usd-gate-item"] as Record<string, unknown>;
    expect(() => parsePricesForDates(unstated, watching("IXM"))).toThrow("Travelpayouts: the answer does not say its currency");
  });

  test("a grouped_prices answer (data keyed by date) is refused, not read as no tickets", () => {
    expect(() => parsePricesForDates(recorded["grouped-prices-dac-lhr-usd"], watching("LHR"))).toThrow("Travelpayouts: data is not a list of tickets");
  });

  test("the documented error body (success false, data {}) is refused with its message", () => {
    expect(() => parsePricesForDates(recorded["error-success-false-docs"], watching("LHR"))).toThrow("Travelpayouts: Unauthorized");
  });

  test("a bare array of tickets, without the envelope, is refused", () => {
    expect(() => parsePricesForDates(recorded["prices-for-dates-usd-data-entries"], watching("MEL"))).toThrow("Travelpayouts: answer is not a JSON object");
  });
});
