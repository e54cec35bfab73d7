/** A scripted fare source and a route's price history, for tests that drive scanFares scan by scan. */
import { deals } from "../../db/schema.ts";
import type { FareQuote, FareSearch, FareSource } from "../../src/server/fares/sources/fare-source.ts";
import { storeObservations } from "../../src/server/fares/judge/observations.ts";
import type { TestApp } from "./test-app.ts";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const quiet = { log: () => {} };

export function quote(fields: Partial<FareQuote> = {}): FareQuote {
  return {
    origin: "RDU",
    destination: "LAX",
    tripType: "round_trip",
    cabin: "economy",
    nonstop: true,
    departDate: "2027-02-12",
    returnDate: "2027-02-14",
    price: 380,
    airline: "Delta",
    durationMinutes: 320,
    providerTypicalLow: null,
    providerTypicalHigh: null,
    source: "scripted",
    cached: false,
    ...fields,
  };
}

/** A source that answers what the test says, and remembers what it was asked. */
export function scriptedSource(
  answer: (searches: readonly FareSearch[]) => FareQuote[],
  extra: Partial<FareSource> = {},
): FareSource & { asked: FareSearch[][] } {
  const asked: FareSearch[][] = [];
  return {
    name: "scripted",
    asked,
    async search(request) {
      asked.push([...request.searches]);
      const quotes = answer(request.searches);
      return { quotes, searched: request.searches.length, errors: [], quotaLeft: null };
    },
    ...extra,
  };
}

/** 80 days of LAX weekend fares (Friday → Sunday) in February between $340 and $420 (median about $380). */
export function laxHistory(t: TestApp) {
  const now = t.clock.now().getTime();
  const fridays = ["2027-02-05", "2027-02-12", "2027-02-19", "2027-02-26"];
  const past = Array.from({ length: 80 }, (_, i) => {
    const departDate = fridays[i % 4]!;
    const returnDate = `2027-02-${String(Number(departDate.slice(8)) + 2).padStart(2, "0")}`;
    return { quote: quote({ price: 340 + ((i * 37) % 81), departDate, returnDate }), observedAt: new Date(now - (i + 1) * DAY) };
  });
  t.db.transaction(() => storeObservations(t.db, past));
}

export const dealRows = (t: TestApp) => t.db.select().from(deals).all();
