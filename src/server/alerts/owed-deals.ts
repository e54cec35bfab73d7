/**
 * The deals an alert still owes a member, read when the alert is sent (email or push): of the deals it listed, those
 * still live, still in the member's list and not on a destination they snoozed.
 */
import type { Db } from "../../../db/client.ts";
import type { DealRow } from "../deals/deal-row.ts";

export type OwedDeal = Pick<
  DealRow,
  | "id"
  | "destination"
  | "destination_city"
  | "price"
  | "trip_type"
  | "cabin"
  | "depart_date"
  | "return_date"
  | "airline"
  | "nonstop"
  | "percent_below_typical"
  | "typical_median"
  | "typical_low"
  | "typical_high"
  | "tier"
  | "trip_kind"
  | "history_days"
  | "robust_z"
  | "last_checked_at"
>;

/** Read from the listed ids (CROSS JOIN fixes that order): by the active-deals index SQLite would walk every live deal. */
export function owedDeals(db: Db, userId: number, dealIds: readonly number[], now: Date): OwedDeal[] {
  return db.$client
    .query(
      `SELECT d.id, d.destination, d.destination_city, d.price, d.trip_type, d.cabin, d.depart_date, d.return_date,
              d.airline, d.nonstop, d.percent_below_typical, d.typical_median, d.typical_low, d.typical_high, d.tier,
              d.trip_kind, d.history_days, d.robust_z, d.last_checked_at
       FROM json_each($ids) listed CROSS JOIN deals d ON d.id = listed.value
            LEFT JOIN user_deals ud ON ud.deal_id = d.id AND ud.user_id = $userId
       WHERE d.is_active = 1 AND ud.deleted_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM alert_snoozes s WHERE s.user_id = $userId AND s.destination = d.destination AND s.until > $now)`,
    )
    .all({ userId, ids: JSON.stringify(dealIds), now: now.getTime() }) as OwedDeal[];
}
