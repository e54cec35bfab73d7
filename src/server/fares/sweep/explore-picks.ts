/**
 * Travel Explore windows' cheapest picks (decision 145): not price history, which they would drag far below what their
 * trips usually cost, but the booked-trip fare watch reads them (trips/fare-watch.ts), as a fall on a member's dates
 * shows first as that trip becoming its window's cheapest. Each trip keeps its first price of the day, for a week.
 */
import type { Db } from "../../../../db/client.ts";
import { DAY_MS, rduToday } from "../../../domain/calendar.ts";
import type { FareQuote } from "../sources/fare-source.ts";

export const EXPLORE_PICKS_KEPT_DAYS = 7;

/** Keeps each pick as its trip's first price of the day; synchronous, for the scan's transaction. */
export function storeExplorePicks(db: Db, picks: readonly FareQuote[], now: Date): void {
  const statement = db.$client.query(
    `INSERT INTO explore_picks (origin, destination, trip_type, cabin, depart_date, return_date, price, source, observed_day, observed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const day = rduToday(now);
  for (const pick of picks) {
    statement.run(
      pick.origin,
      pick.destination,
      pick.tripType,
      pick.cabin,
      pick.departDate,
      pick.returnDate ?? "",
      pick.price,
      pick.source,
      day,
      now.getTime(),
    );
  }
}

/** Forgets the picks older than a week: the fare watch reads only what came since its last read, after each scan. */
export function purgeExplorePicks(db: Db, now: Date): number {
  return db.$client.query("DELETE FROM explore_picks WHERE observed_at < ?").run(now.getTime() - EXPLORE_PICKS_KEPT_DAYS * DAY_MS).changes;
}
