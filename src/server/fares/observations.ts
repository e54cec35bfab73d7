/** Every quote is kept as an observation: one row per route, dates and day, holding that day's lowest price. */
import type { Db } from "../../../db/client.ts";
import { DAY_MS, monthOf, rduToday } from "../../domain/calendar.ts";
import type { FareQuote, PastObservation } from "./fare-source.ts";

const UPSERT_DAILY_MINIMUM = `
INSERT INTO fare_observations (origin, destination, trip_type, cabin, nonstop, depart_date, return_date, price, airline,
  duration_minutes, provider_typical_low, provider_typical_high, source, observed_day, observed_at)
VALUES ($origin, $destination, $tripType, $cabin, $nonstop, $departDate, $returnDate, $price, $airline,
  $durationMinutes, $providerTypicalLow, $providerTypicalHigh, $source, $observedDay, $observedAt)
ON CONFLICT (origin, destination, trip_type, cabin, depart_date, return_date, observed_day) DO UPDATE SET
  price = excluded.price, nonstop = excluded.nonstop, airline = excluded.airline, duration_minutes = excluded.duration_minutes,
  provider_typical_low = coalesce(excluded.provider_typical_low, provider_typical_low),
  provider_typical_high = coalesce(excluded.provider_typical_high, provider_typical_high),
  source = excluded.source, observed_at = excluded.observed_at
WHERE excluded.price < fare_observations.price`;

/** Stores observations keeping each day's minimum. Call inside a transaction: it is thousands of rows. */
export function storeObservations(db: Db, observations: Iterable<PastObservation>): number {
  const statement = db.$client.query(UPSERT_DAILY_MINIMUM);
  let stored = 0;
  for (const { quote, observedAt } of observations) {
    statement.run({
      origin: quote.origin,
      destination: quote.destination,
      tripType: quote.tripType,
      cabin: quote.cabin,
      nonstop: quote.nonstop ? 1 : 0,
      departDate: quote.departDate,
      returnDate: quote.returnDate ?? "",
      price: quote.price,
      airline: quote.airline,
      durationMinutes: quote.durationMinutes,
      providerTypicalLow: quote.providerTypicalLow,
      providerTypicalHigh: quote.providerTypicalHigh,
      source: quote.source,
      observedDay: rduToday(observedAt),
      observedAt: observedAt.getTime(),
    });
    stored++;
  }
  return stored;
}

export function* observedNow(quotes: readonly FareQuote[], now: Date): Iterable<PastObservation> {
  for (const quote of quotes) yield { quote, observedAt: now };
}

export function hasObservationsFrom(db: Db, source: string): boolean {
  return db.$client.query("SELECT 1 FROM fare_observations WHERE source = ? LIMIT 1").get(source) !== null;
}

/** The price history of every route over the last year, grouped for typical ranges. */
export class PriceHistory {
  private readonly prices = new Map<string, { all: number[]; byMonth: Map<number, number[]> }>();
  /** Last observation (ms) per destination. */
  readonly lastObserved = new Map<string, number>();

  add(route: string, departDate: string, price: number): void {
    let entry = this.prices.get(route);
    if (!entry) {
      entry = { all: [], byMonth: new Map() };
      this.prices.set(route, entry);
    }
    entry.all.push(price);
    const month = monthOf(departDate);
    const bucket = entry.byMonth.get(month);
    if (bucket) bucket.push(price);
    else entry.byMonth.set(month, [price]);
  }

  of(route: string, departDate: string): { month: readonly number[]; route: readonly number[] } {
    const entry = this.prices.get(route);
    return { month: entry?.byMonth.get(monthOf(departDate)) ?? [], route: entry?.all ?? [] };
  }
}

/** Typical ranges are kept per origin, destination, trip type and cabin. */
export function routeKey(quote: Pick<FareQuote, "origin" | "destination" | "tripType" | "cabin">): string {
  return `${quote.origin}-${quote.destination}|${quote.tripType}|${quote.cabin}`;
}

export const HISTORY_DAYS = 365;

export function loadPriceHistory(db: Db, source: string, now: Date): PriceHistory {
  const history = new PriceHistory();
  const rows = db.$client
    .query(
      `SELECT origin, destination, trip_type, cabin, depart_date, price, observed_at FROM fare_observations
       WHERE source = ? AND observed_at >= ?`,
    )
    .values(source, now.getTime() - HISTORY_DAYS * DAY_MS) as [string, string, FareQuote["tripType"], FareQuote["cabin"], string, number, number][];
  for (const [origin, destination, tripType, cabin, departDate, price, observedAt] of rows) {
    history.add(routeKey({ origin, destination, tripType, cabin }), departDate, price);
    if (observedAt > (history.lastObserved.get(destination) ?? 0)) history.lastObserved.set(destination, observedAt);
  }
  return history;
}
