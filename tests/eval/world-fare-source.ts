/**
 * A FareSource answered by the synthetic world: every search the scanner plans gets the world's fare for
 * those dates at that moment, as the simulated source answers it, and a warm-start source offers a year of
 * past observations the way the simulated market does (three date pairs of the grid per route and day, seen
 * at 17:00 UTC). Without a warm start it is a fresh install: no history at all.
 */
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { addDays, DAY_MS, dayNumber, rduToday } from "../../src/domain/calendar.ts";
import {
  HOME_AIRPORT,
  tripTypeOf,
  type FareQuote,
  type FareSearch,
  type FareSource,
  type PastObservation,
} from "../../src/server/fares/sources/fare-source.ts";
import { tripDatePairs } from "../../src/server/fares/sweep/scan-plan.ts";
import { seededRandom } from "../../src/server/fares/sources/seeded-random.ts";
import type { SyntheticWorld } from "./world.ts";

export const WORLD_SOURCE = "eval-world";
const HISTORY_DAYS = 365;
const HISTORY_SAMPLES_PER_ROUTE_DAY = 3;
const HISTORY_HOUR_UTC = 17;

export interface WorldFareSource extends FareSource {
  /** The quotes of the latest search, for rules judged on the same observation stream. */
  readonly lastQuotes: readonly FareQuote[];
}

function airlineOf(code: string): string {
  return DESTINATIONS.find((d) => d.code === code)?.airlines[0] ?? "American";
}

export function worldQuote(world: SyntheticWorld, search: Omit<FareSearch, "purpose">, at: Date): FareQuote | null {
  const price = world.fare(search.destination, search.departDate, search.returnDate, at.getTime());
  if (price === null) return null;
  return {
    origin: HOME_AIRPORT,
    destination: search.destination,
    tripType: tripTypeOf(search.returnDate),
    cabin: search.cabin,
    nonstop: true,
    departDate: search.departDate,
    returnDate: search.returnDate,
    price,
    airline: airlineOf(search.destination),
    durationMinutes: null,
    providerTypicalLow: null,
    providerTypicalHigh: null,
    source: WORLD_SOURCE,
    cached: false,
  };
}

function* pastObservations(world: SyntheticWorld, now: Date): Iterable<PastObservation> {
  const today = rduToday(now);
  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const observedAt = new Date(dayNumber(day) * DAY_MS + HISTORY_HOUR_UTC * 3_600_000);
    const pairs = tripDatePairs(day);
    for (const { code } of world.routes) {
      const pick = seededRandom(`${world.spec.seed}|${code}|history|${day}`);
      for (let sample = 0; sample < HISTORY_SAMPLES_PER_ROUTE_DAY; sample++) {
        const pair = pairs[Math.floor(pick() * pairs.length)]!;
        const quote = worldQuote(world, { destination: code, ...pair, cabin: "economy" }, observedAt);
        if (quote) yield { quote, observedAt };
      }
    }
  }
}

export function createWorldFareSource(world: SyntheticWorld, { warmStart }: { warmStart: boolean }): WorldFareSource {
  let lastQuotes: FareQuote[] = [];
  return {
    name: WORLD_SOURCE,
    get lastQuotes() {
      return lastQuotes;
    },
    async search({ now, searches }) {
      lastQuotes = [];
      for (const search of searches) {
        const quote = worldQuote(world, search, now);
        if (quote) lastQuotes.push(quote);
      }
      return { quotes: lastQuotes, searched: searches.length, errors: [], quotaLeft: null };
    },
    ...(warmStart ? { pastObservations: (now: Date) => pastObservations(world, now) } : {}),
  };
}
