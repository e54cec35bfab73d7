/**
 * A deals row as raw SQL returns it: snake_case columns, flags and times as numbers. Typed here once; every raw
 * query of deals picks its columns from it (decision 136) rather than writing their types again.
 */
import type { DealTier } from "../../domain/api/deals.ts";
import { CABIN_LABEL, type TRIP_TYPE_LABEL } from "../../domain/deal-labels.ts";
import type { TripKind } from "../../domain/deal-rules.ts";
import { dealLinks } from "../../domain/links.ts";

export interface DealRow {
  id: number;
  origin: string;
  destination: string;
  destination_city: string;
  airline: string;
  trip_type: keyof typeof TRIP_TYPE_LABEL;
  cabin: keyof typeof CABIN_LABEL;
  depart_date: string;
  /** "" for a one-way trip. */
  return_date: string;
  price: number;
  nonstop: number;
  typical_low: number;
  typical_high: number;
  typical_median: number;
  percent_below_typical: number;
  tier: DealTier;
  /** Null on deals found before the decision kept it. */
  trip_kind: TripKind | null;
  history_days: number | null;
  robust_z: number | null;
  source: string;
  travel_dates: string;
  is_active: number;
  last_alerted_at: number;
  last_alerted_price: number;
  last_checked_at: number;
}

/** The airline's and the search engines' booking links for a deal's route, dates and cabin. */
export function bookingLinksOf(row: Pick<DealRow, "airline" | "destination" | "depart_date" | "return_date" | "cabin">) {
  return dealLinks(row.airline, {
    destination: row.destination,
    departDate: row.depart_date,
    returnDate: row.return_date || undefined,
    seatClass: CABIN_LABEL[row.cabin] ?? CABIN_LABEL.economy,
  });
}
