/**
 * Every quote is kept as an observation: one row per route, dates and day, holding that day's lowest price (the
 * discovery sweep stores only a trip's first price of the day: docs/decisions/082).
 */
import type { Db } from "../../../../db/client.ts";
import { addDays, DAY_MS, dayNumber, HOUR_MS, rduToday } from "../../../domain/calendar.ts";
import { DEAL_RULES } from "../../../domain/deal-rules.ts";
import type { FareQuote, PastObservation } from "../sources/fare-source.ts";

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

/** One scan's level of a route against its typical prices. */
export interface ScanLevel {
  /** Median residual of the scan's quotes of the route (log). */
  level: number;
  /** Robust standard deviation of those residuals around it. */
  spread: number;
}

/** A scan's level of a route as the history keeps it, with when the scan was (ms). */
export interface StoredScanLevel extends ScanLevel {
  scannedAt: number;
}

/** One day's lowest price for one route and date pair, as the typical ranges read it. */
export interface Observation {
  departDate: string;
  /** '' for one-way trips. */
  returnDate: string;
  price: number;
  /** Day number (days since 1970-01-01) of the RDU date it was observed on. */
  day: number;
}

/**
 * The price history the scan judges against: every route's daily minima of the HISTORY_DAYS finished days before
 * today (today's own rows are still changing, so they wait for tomorrow), and when each destination was last seen.
 */
export class PriceHistory {
  readonly routes = new Map<string, Observation[]>();
  /** Last observation (ms) per destination, today's included. */
  readonly lastObserved = new Map<string, number>();
  /** Each route's levels measured by the scans of the last levelDays days (log), oldest first. */
  readonly scanLevels = new Map<string, StoredScanLevel[]>();
  /** Each route's level measured by its last scan, when that was at most levelHoldsHours ago. */
  readonly lastScanLevels = new Map<string, ScanLevel>();
  /** What is derived from each route's observations (its typical-range model), dropped when they change. */
  readonly derived = new Map<string, unknown>();

  constructor(public today: string) {}

  add(route: string, observation: Observation): void {
    const list = this.routes.get(route);
    if (list) list.push(observation);
    else this.routes.set(route, [observation]);
    this.derived.delete(route);
  }

  of(route: string): readonly Observation[] {
    return this.routes.get(route) ?? [];
  }
}

/** Typical ranges are kept per origin, destination, trip type and cabin. */
export function routeKey(quote: Pick<FareQuote, "origin" | "destination" | "tripType" | "cabin">): string {
  return `${quote.origin}-${quote.destination}|${quote.tripType}|${quote.cabin}`;
}

export const HISTORY_DAYS = 365;

/** A fare_observations row as the price history reads it (OBSERVATION_COLUMNS). */
export interface ObservationRow {
  origin: string;
  destination: string;
  trip_type: FareQuote["tripType"];
  cabin: FareQuote["cabin"];
  depart_date: string;
  return_date: string;
  price: number;
  observed_day: string;
}

export const OBSERVATION_COLUMNS = "origin, destination, trip_type, cabin, depart_date, return_date, price, observed_day";

// A year of rows on a large plan is millions of observations naming a few hundred dates: each keeps the one copy of its
// date strings kept here, and each observed day's number is worked out once.
const keptDates = new Map<string, string>();
const observedDayNumbers = new Map<string, number>();
const KEPT_DATES_LIMIT = 100_000;

function keptDate(date: string): string {
  const kept = keptDates.get(date);
  if (kept !== undefined) return kept;
  if (keptDates.size >= KEPT_DATES_LIMIT) keptDates.clear();
  keptDates.set(date, date);
  return date;
}

function observedDayNumber(observedDay: string): number {
  let day = observedDayNumbers.get(observedDay);
  if (day === undefined) {
    if (observedDayNumbers.size >= KEPT_DATES_LIMIT) observedDayNumbers.clear();
    day = dayNumber(observedDay);
    observedDayNumbers.set(observedDay, day);
  }
  return day;
}

export function observationOfRow(row: ObservationRow): Observation {
  return { departDate: keptDate(row.depart_date), returnDate: keptDate(row.return_date), price: row.price, day: observedDayNumber(row.observed_day) };
}

export const routeKeyOfRow = (row: ObservationRow) => routeKey({ origin: row.origin, destination: row.destination, tripType: row.trip_type, cabin: row.cabin });

/** Reads the rows one at a time: a year of them at once is gigabytes on a large plan. */
export function loadPriceHistory(db: Db, source: string, now: Date): PriceHistory {
  const today = rduToday(now);
  const history = new PriceHistory(today);
  const rows = db.$client
    .query<ObservationRow, [string, string, string]>(
      `SELECT ${OBSERVATION_COLUMNS} FROM fare_observations WHERE source = ? AND observed_day >= ? AND observed_day < ? ORDER BY id`,
    )
    .iterate(source, addDays(today, -HISTORY_DAYS), today);
  for (const row of rows) history.add(routeKeyOfRow(row), observationOfRow(row));
  readRecentState(db, source, now, history);
  return history;
}

/**
 * When each destination of a source was last observed: a seek per destination on the (source, destination,
 * observed_at) index, walking the destinations one by one, instead of reading a year of rows at every scan.
 */
const LAST_OBSERVED = `
WITH RECURSIVE destinations(destination) AS (
  SELECT min(destination) FROM fare_observations WHERE source = $source
  UNION ALL
  SELECT (SELECT min(destination) FROM fare_observations WHERE source = $source AND destination > destinations.destination)
  FROM destinations WHERE destination IS NOT NULL
)
SELECT destination, (SELECT max(observed_at) FROM fare_observations o WHERE o.source = $source AND o.destination = destinations.destination)
FROM destinations WHERE destination IS NOT NULL`;

/** What changes from scan to scan: when each destination was last observed, and the routes' recent scan levels. */
export function readRecentState(db: Db, source: string, now: Date, history: PriceHistory): void {
  history.lastObserved.clear();
  const observed = db.$client.query(LAST_OBSERVED).values({ source }) as [string, number][];
  for (const [destination, at] of observed) history.lastObserved.set(destination, at);
  history.scanLevels.clear();
  history.lastScanLevels.clear();
  const levels = db.$client
    .query("SELECT route, level, spread, scanned_at FROM route_levels WHERE source = ? AND scanned_at >= ? AND scanned_at < ? ORDER BY scanned_at, id")
    .values(source, now.getTime() - DEAL_RULES.levelDays * DAY_MS, now.getTime()) as [string, number, number, number][];
  const lastScanSince = now.getTime() - DEAL_RULES.levelHoldsHours * HOUR_MS;
  for (const [route, level, spread, scannedAt] of levels) {
    const list = history.scanLevels.get(route);
    if (list) list.push({ level, spread, scannedAt });
    else history.scanLevels.set(route, [{ level, spread, scannedAt }]);
    if (scannedAt >= lastScanSince) history.lastScanLevels.set(route, { level, spread });
  }
}

/** Keeps this scan's level of each route, and forgets levels older than the recent window. Call inside the scan's transaction. */
export function storeRouteLevels(db: Db, source: string, levels: ReadonlyMap<string, ScanLevel>, now: Date): void {
  const insert = db.$client.query("INSERT INTO route_levels (source, route, level, spread, scanned_at) VALUES (?, ?, ?, ?, ?)");
  for (const [route, { level, spread }] of levels) insert.run(source, route, level, spread, now.getTime());
  db.$client.query("DELETE FROM route_levels WHERE source = ? AND scanned_at < ?").run(source, now.getTime() - DEAL_RULES.levelDays * DAY_MS);
}
