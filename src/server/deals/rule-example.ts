/**
 * The public method page's example (decision 109): the rule shown on one real deal, from the product's own data. The
 * deal is the latest that has ended (its fare went back up, so showing it gives nothing away), else the latest live
 * one; either way one whose route has enough days of fares to draw.
 */
import { comparedWith, RULE_EXAMPLE_MIN_DAYS, tripKindOf } from "../../domain/deal-rules.ts";
import type { DealRuleExample } from "../../domain/api/deals.ts";
import { DAY_MS, rduToday } from "../../domain/calendar.ts";
import type { DealRow } from "./deal-row.ts";
import type { Db } from "../../../db/client.ts";
import type { Deps } from "../deps.ts";
import { PRICE_HISTORY_DAYS, priceHistoryOf } from "./deals.service.ts";

/** Deals looked at in turn for one with enough days. */
const CANDIDATES = 5;
/** The alert must sit inside the 90 days drawn, with some days before it. */
const ALERTED_WITHIN_DAYS = PRICE_HISTORY_DAYS - 30;

export type ExampleRow = Pick<
  DealRow,
  | "origin"
  | "destination"
  | "destination_city"
  | "trip_type"
  | "cabin"
  | "source"
  | "depart_date"
  | "return_date"
  | "travel_dates"
  | "typical_low"
  | "typical_high"
  | "typical_median"
  | "last_alerted_price"
  | "last_alerted_at"
  | "trip_kind"
  | "is_active"
>;

/** The columns a deal is drawn from. */
export const EXAMPLE_COLUMNS = `origin, destination, destination_city, trip_type, cabin, source, depart_date, return_date, travel_dates, typical_low,
  typical_high, typical_median, last_alerted_price, last_alerted_at, trip_kind, is_active`;

export function dealRuleExample(deps: Pick<Deps, "db" | "clock">): DealRuleExample | null {
  const now = deps.clock.now();
  const rows = deps.db.$client
    .query(
      `SELECT ${EXAMPLE_COLUMNS}
       FROM deals WHERE last_alerted_at >= $since
       ORDER BY is_active, last_alerted_at DESC LIMIT ${CANDIDATES}`,
    )
    .all({ since: now.getTime() - ALERTED_WITHIN_DAYS * DAY_MS }) as ExampleRow[];
  for (const row of rows) {
    const example = exampleOf(deps.db, row, now);
    if (example) return example;
  }
  return null;
}

/** One deal drawn as the rule saw it: the fares of trips like it each day, its typical range and the fare alerted; null with too few days. */
export function exampleOf(db: Db, row: ExampleRow, now: Date): DealRuleExample | null {
  const points = priceHistoryOf(
    db,
    {
      origin: row.origin,
      destination: row.destination,
      tripType: row.trip_type,
      cabin: row.cabin,
      source: row.source,
      departDate: row.depart_date,
      returnDate: row.return_date || null,
    },
    now,
  );
  if (points.length < RULE_EXAMPLE_MIN_DAYS) return null;
  const destinationCity = row.destination_city || row.destination;
  const tripKind = row.trip_kind ?? tripKindOf(row.depart_date, row.return_date || null);
  return {
    destination: row.destination,
    destinationCity,
    comparedWith: comparedWith({ tripKind, destinationCity, departDate: row.depart_date }),
    travelDates: row.travel_dates,
    typicalLow: Math.round(row.typical_low),
    typicalHigh: Math.round(row.typical_high),
    typicalPrice: Math.round(row.typical_median),
    price: Math.round(row.last_alerted_price),
    alertedOn: rduToday(new Date(row.last_alerted_at)),
    percentBelowTypical: Math.round((1 - row.last_alerted_price / row.typical_median) * 100),
    ended: row.is_active === 0,
    points,
  };
}
