import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { FareSourceError, type FareSearch } from "../../src/server/fares/sources/fare-source.ts";
import { parseAccount } from "../../src/server/fares/sources/serpapi-account.ts";
import { parseTravelExplore } from "../../src/server/fares/sources/serpapi-explore.ts";
import { parseGoogleFlights } from "../../src/server/fares/sources/serpapi-flights.ts";
import { parsePricesForDates } from "../../src/server/fares/sources/travelpayouts.ts";

/**
 * Property tests for the provider parsers: a real answer with any of its values replaced by any JSON (or a huge or
 * odd number) is read or refused with a FareSourceError, never a crash, and what is read keeps its shape.
 */

const fixture = async (path: string) => (await Bun.file(new URL(`../fixtures/${path}.json`, import.meta.url)).json()) as unknown;

type Path = (string | number)[];

/** Every path to a value in a JSON document, the document itself first. */
function pathsOf(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  into.push(path);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) pathsOf(item, [...path, i], into);
  } else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], into);
  return into;
}

/** The document with the value at `path` replaced; unchanged when an earlier change removed that path. */
function replaced(document: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(document);
  let target: unknown = copy;
  for (const key of path.slice(0, -1)) target = target && typeof target === "object" ? (target as Record<string | number, unknown>)[key] : undefined;
  if (target && typeof target === "object") (target as Record<string | number, unknown>)[path.at(-1)!] = value;
  return copy;
}

const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(1e20, -1e20, Number.MAX_SAFE_INTEGER, -1, 0, 0.5, "", "USD", "usd", "EUR", "RDU", "LHR", "multi", "2027-01-08", "1970-01-01", null, [], {}),
);

/** A real answer with one to three values replaced. */
const mutationsOf = (document: unknown) => {
  const paths = pathsOf(document);
  return fc
    .array(fc.tuple(fc.nat({ max: paths.length - 1 }), oddValue), { minLength: 1, maxLength: 3 })
    .map((changes) => changes.reduce((doc, [index, value]) => replaced(doc, paths[index]!, value), document));
};

function readOrRefused<T>(parse: () => T): T | null {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof FareSourceError)) throw error;
    return null;
  }
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const search: FareSearch = { destination: "LHR", departDate: "2027-01-08", returnDate: "2027-01-15", cabin: "economy", purpose: "discover" };

describe("provider answers with any value replaced", () => {
  test("Google Flights: a quote with a finite price and history days, or a FareSourceError", async () => {
    const answers = await Promise.all(["serpapi/round-trip-lhr", "serpapi/jfk-icn-oneway-usd", "serpapi/rt-sin-aus-multileg-insights"].map(fixture));
    const origins = ["RDU", "JFK", "SIN"];
    const searches = [
      search,
      { ...search, destination: "ICN", departDate: "2025-02-28", returnDate: null },
      { ...search, destination: "AUS", departDate: "2025-09-09", returnDate: "2025-09-19" },
    ];
    answers.forEach((answer, i) => {
      fc.assert(
        fc.property(mutationsOf(answer), (mutated) => {
          const quote = readOrRefused(() => parseGoogleFlights(mutated, searches[i]!, origins[i]));
          if (!quote) return;
          expect(Number.isFinite(quote.price)).toBe(true);
          for (const point of quote.providerPriceHistory ?? []) expect(point.day).toMatch(isoDate);
        }),
        { numRuns: 300 },
      );
    });
  });

  test("Travel Explore: rows with an airport, dates and a finite price, or a FareSourceError", async () => {
    const answer = await fixture("serpapi-explore/nyc-usd-explore-destinations");
    fc.assert(
      fc.property(mutationsOf(answer), (mutated) => {
        const result = readOrRefused(() => parseTravelExplore(mutated));
        if (!result) return;
        for (const row of result.rows) {
          expect(row.destination).toMatch(/^[A-Z]{3}$/);
          expect(row.departDate).toMatch(isoDate);
          expect(Number.isFinite(row.price)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  test("the Account API: a whole number of searches left, or a FareSourceError", async () => {
    const answer = await fixture("serpapi-account/account-api-doc-example");
    fc.assert(
      fc.property(mutationsOf(answer), (mutated) => {
        const account = readOrRefused(() => parseAccount(mutated));
        if (account) expect(Number.isInteger(account.searchesLeft) && account.searchesLeft >= 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test("Travelpayouts: quotes with dates and a finite price, or a FareSourceError", async () => {
    const answer = await fixture("travelpayouts/month-2027-01");
    fc.assert(
      fc.property(mutationsOf(answer), (mutated) => {
        for (const quote of readOrRefused(() => parsePricesForDates(mutated, new Set(["LGA", "JFK", "LHR", "CDG", "YYZ", "YUL", "DEN"]))) ?? []) {
          expect(quote.departDate).toMatch(isoDate);
          expect(Number.isFinite(quote.price)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
