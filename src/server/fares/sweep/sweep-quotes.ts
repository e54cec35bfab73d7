/** The quotes a discovery sweep makes of what it found or means to look at, and how it tells trips apart. Pure. */
import { DAY_MS, dayNumber, HOUR_MS } from "../../../domain/calendar.ts";
import { HOME_AIRPORT, type DiscoveryRow, type FareQuote, type PastObservation } from "../sources/fare-source.ts";

/** The hour (UTC) a day of Google's price history is filed at: its points carry a date, not a time. */
export const PROVIDER_HISTORY_HOUR_UTC = 17;

/** A discovery row as a cached quote: a candidate until a fresh search confirms it. */
export function candidateQuote(row: DiscoveryRow, source: string): FareQuote {
  return {
    origin: HOME_AIRPORT,
    destination: row.destination,
    tripType: "round_trip",
    cabin: "economy",
    nonstop: row.stops === 0,
    departDate: row.departDate,
    returnDate: row.returnDate,
    price: row.price,
    airline: row.airline,
    durationMinutes: row.durationMinutes,
    providerTypicalLow: null,
    providerTypicalHigh: null,
    source,
    cached: true,
  };
}

/** A search of a deal's or a drop's exact dates, as a quote to confirm. */
export function datesQuote(source: string, destination: string, departDate: string, returnDate: string, cabin: FareQuote["cabin"]): FareQuote {
  const row = { destination, departDate, returnDate, price: 0, airline: "", airlineCode: null, stops: null, durationMinutes: null };
  return { ...candidateQuote(row, source), cabin, returnDate: returnDate || null };
}

/** Google's daily prices for a confirmed search, as observations of those days (they fill a thin history). */
export function* providerDays(quote: FareQuote): Iterable<PastObservation> {
  for (const point of quote.providerPriceHistory ?? []) {
    const observedAt = new Date(dayNumber(point.day) * DAY_MS + PROVIDER_HISTORY_HOUR_UTC * HOUR_MS);
    yield { quote: { ...quote, price: point.price, providerTypicalLow: null, providerTypicalHigh: null }, observedAt };
  }
}

/** One trip's name: route, dates and cabin. */
export const tripKey = (q: Pick<FareQuote, "destination" | "departDate" | "returnDate" | "cabin">) =>
  `${q.destination}|${q.departDate}|${q.returnDate ?? ""}|${q.cabin}`;
