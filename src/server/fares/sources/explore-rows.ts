/**
 * Both providers' Travel Explore answers (serpapi-explore.ts, searchapi-explore.ts) name their fields differently but
 * are kept the same way: each place read into an ExplorePlace, then the cheapest row per airport.
 */
import { findAirline } from "../../../domain/airlines.ts";
import type { DiscoveryResult, DiscoveryRow } from "./fare-source.ts";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One place of an Explore answer as its provider names it; `price` null when it has none. */
export interface ExplorePlace {
  price: number | null;
  /** The airport code, upper case. */
  airport: string;
  departDate: string;
  returnDate: string;
  airlineCode: string;
  airlineName: string;
  stops: number | null;
  durationMinutes: number | null;
}

/** The cheapest row per airport. A place that is null or has no price, airport or dates is skipped and counted. */
export function cheapestPerAirport(places: readonly (ExplorePlace | null)[]): Pick<DiscoveryResult, "rows" | "skipped"> {
  const skipped = { noPrice: 0, noAirport: 0, noDates: 0 };
  const cheapest = new Map<string, DiscoveryRow>();
  for (const place of places) {
    if (!place || place.price === null) {
      skipped.noPrice++;
      continue;
    }
    if (!/^[A-Z]{3}$/.test(place.airport)) {
      skipped.noAirport++;
      continue;
    }
    if (!ISO_DATE.test(place.departDate) || !ISO_DATE.test(place.returnDate)) {
      skipped.noDates++;
      continue;
    }
    const airlineCode = /^[A-Z0-9]{2}$/.test(place.airlineCode) ? place.airlineCode : null;
    const airlineText = place.airlineName;
    const row: DiscoveryRow = {
      destination: place.airport,
      departDate: place.departDate,
      returnDate: place.returnDate,
      price: place.price,
      airline: (airlineCode && findAirline(airlineCode)?.name) || findAirline(airlineText)?.name || airlineText || "Unknown airline",
      airlineCode,
      stops: place.stops,
      durationMinutes: place.durationMinutes,
    };
    const kept = cheapest.get(place.airport);
    if (!kept || row.price < kept.price) cheapest.set(place.airport, row);
  }
  return { rows: [...cheapest.values()], skipped };
}
