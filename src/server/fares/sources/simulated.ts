import { findAirline } from "../../../domain/airlines.ts";
import { addDays, DAY_MS, dayNumber, rduToday } from "../../../domain/calendar.ts";
import { discoveryCovers } from "../../../domain/discovery-areas.ts";
import { discoveryPairs } from "../sweep/discovery-plan.ts";
import type { DiscoveryRequest, DiscoveryResult, DiscoveryRow, FareQuote, FareSource, PastObservation, SearchRequest, SearchResult } from "./fare-source.ts";
import { tripDatePairs } from "../sweep/scan-plan.ts";
import { seededRandom } from "./seeded-random.ts";
import { SIMULATED_SOURCE, simulatedFare } from "./simulated-market.ts";
import { simulatedRoutes } from "./simulated-routes.ts";

export interface SimulatedOptions {
  /** Days of past observations to offer a fresh database (the typical ranges need a year). */
  historyDays?: number;
  /** Past observations per route and day. */
  historySamplesPerDay?: number;
}

const OBSERVATION_HOUR_UTC = 17;
function discoveryRow(quote: FareQuote): DiscoveryRow {
  return {
    destination: quote.destination,
    departDate: quote.departDate,
    returnDate: quote.returnDate!,
    price: quote.price,
    airline: quote.airline,
    airlineCode: findAirline(quote.airline)?.code ?? null,
    stops: quote.nonstop ? 0 : 1,
    durationMinutes: quote.durationMinutes,
  };
}

/** The embedded default source: no account, no network; the same question always gets the same answer. */
export function createSimulatedFareSource(options: SimulatedOptions = {}): FareSource {
  const historyDays = options.historyDays ?? 365;
  const samplesPerDay = options.historySamplesPerDay ?? 3;

  return {
    name: SIMULATED_SOURCE,

    async search(request: SearchRequest): Promise<SearchResult> {
      const quotes: FareQuote[] = [];
      for (const search of request.searches) {
        const quote = simulatedFare(search, request.now);
        if (quote) quotes.push(quote);
      }
      return { quotes, searched: request.searches.length, errors: [], quotaLeft: null };
    },

    /** Like Travel Explore: the cheapest trip of the kind to each destination of the area, over the window. */
    async discover(request: DiscoveryRequest): Promise<DiscoveryResult> {
      const pairs = discoveryPairs(request);
      const rows: DiscoveryRow[] = [];
      for (const destination of simulatedRoutes().filter((code) => discoveryCovers(request, code))) {
        let cheapest: FareQuote | null = null;
        for (const pair of pairs) {
          const quote = simulatedFare({ destination, ...pair, cabin: "economy", purpose: "discover" }, request.now);
          if (quote && (quote.nonstop || !request.nonstopOnly) && (!cheapest || quote.price < cheapest.price)) cheapest = quote;
        }
        if (cheapest) rows.push(discoveryRow(cheapest));
      }
      return { rows, rawRows: rows.length, skipped: { noPrice: 0, noAirport: 0, noDates: 0 }, searched: 1, quotaLeft: null };
    },

    *pastObservations(now: Date): Iterable<PastObservation> {
      const today = rduToday(now);
      const routes = simulatedRoutes();
      for (let back = historyDays; back >= 1; back--) {
        const day = addDays(today, -back);
        const observedAt = new Date(dayNumber(day) * DAY_MS + OBSERVATION_HOUR_UTC * 3_600_000);
        const pairs = tripDatePairs(day);
        for (const destination of routes) {
          const pick = seededRandom(`${destination}|history|${day}`);
          for (let sample = 0; sample < samplesPerDay; sample++) {
            const pair = pairs[Math.floor(pick() * pairs.length)]!;
            const quote = simulatedFare({ destination, ...pair, cabin: "economy", purpose: "discover" }, observedAt);
            if (quote) yield { quote, observedAt };
          }
        }
      }
    },
  };
}
