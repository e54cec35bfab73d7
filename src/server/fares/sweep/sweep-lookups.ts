/**
 * What a discovery sweep reads from the database before and while it searches (discovery-sweep.ts): where the
 * rotation and the completeness pass stand, which trips were already observed today, which drops can have held, the trips behind a new drop,
 * and the live deals. Reads only.
 */
import type { Db } from "../../../../db/client.ts";
import { daysBetween, HOUR_MS, monthOf } from "../../../domain/calendar.ts";
import { DEAL_RULES } from "../../../domain/deal-rules.ts";
import type { DiscoveryArea } from "../../../domain/discovery-areas.ts";
import { dealKey } from "../judge/detect.ts";
import type { FareQuote } from "../sources/fare-source.ts";
import { splitDiscoverySearches } from "./completeness-pass.ts";
import { tripDatePairs } from "./scan-plan.ts";

const HELD_LOOK_WINDOW_HOURS = 1.5;

export type DatesRow = [destination: string, departDate: string, returnDate: string, cabin: FareQuote["cabin"]];

/** Rotation and completeness-pass searches made by earlier scans of this source (the pass's per sweep as given). */
export function discoveryDone(db: Db, source: string, areas: readonly DiscoveryArea[], passPerSweep: number): { rotation: number; completeness: number } {
  const rows = db.$client.query("SELECT discovery_searches FROM fare_scans WHERE source = ? AND discovery_searches > 0").values(source) as [number][];
  const done = { rotation: 0, completeness: 0 };
  for (const [searches] of rows) {
    const split = splitDiscoverySearches(searches, areas, passPerSweep);
    done.rotation += split.rotation;
    done.completeness += split.completeness;
  }
  return done;
}

/**
 * The quotes whose route and dates have no observation yet today. Hourly sweeps see a window's cheapest trips again
 * and again; a day's minimum over two dozen sightings (each already the cheapest of its window) runs far below the
 * trip's typical price and would drag the typical range down until a true 25 % drop no longer looks like a deal
 * (docs/decisions/082). So a discovered or confirmed price is kept only as the day's first price of its trip.
 */
export function notObservedToday(db: Db, quotes: readonly FareQuote[], today: string): FareQuote[] {
  const seen = db.$client.query(
    "SELECT 1 FROM fare_observations WHERE origin = ? AND destination = ? AND trip_type = ? AND cabin = ? AND depart_date = ? AND return_date = ? AND observed_day = ?",
  );
  return quotes.filter(
    (quote) => seen.get(quote.origin, quote.destination, quote.tripType, quote.cabin, quote.departDate, quote.returnDate ?? "", today) === null,
  );
}

/**
 * Drops waiting to hold (deal-records.ts) that can have held by now: first seen 3 to 4½ hours ago, or 6 to 7½ (a new
 * episode holds 6 hours in a sweep; a new deal has alerted or been forgotten at its first look, unless it found no
 * fare). A sweep looks at their dates itself when discovery did not show them, so a sale on dates alerted before alerts
 * once it has held rather than when Explore happens to show those dates again (docs/decisions/085, 094 and 095). Each
 * window gives a drop one look, or two when the first found no fare.
 */
export function dropsThatCanHaveHeld(db: Db, now: Date): DatesRow[] {
  const heldSince = (hours: number) => now.getTime() - hours * HOUR_MS;
  const window = HELD_LOOK_WINDOW_HOURS * HOUR_MS;
  const drop = heldSince(DEAL_RULES.dropHoldsHours);
  const episode = heldSince(DEAL_RULES.newEpisode.sweep.holdsHours);
  return db.$client
    .query(
      `SELECT destination, depart_date, return_date, cabin FROM drop_sightings
       WHERE (seen_at <= ?1 AND seen_at > ?2) OR (seen_at <= ?3 AND seen_at > ?4) ORDER BY seen_at`,
    )
    .values(drop, drop - window, episode, episode - window) as DatesRow[];
}

/**
 * The trips a new drop's discovery could not show (docs/decisions/086). Explore answers one trip per destination, month
 * and kind, and a sale seldom covers one date pair: the other trips of the same kind in the same month, on a route
 * whose drop the last sweep first saw or alerted, may be on sale behind it. Each gets one search, unless it is
 * already a live deal or a drop waiting to hold.
 */
export function hiddenNeighbours(db: Db, now: Date, today: string): DatesRow[] {
  const since = now.getTime() - HELD_LOOK_WINDOW_HOURS * HOUR_MS;
  const newDrops = db.$client
    .query(
      `SELECT destination, depart_date, return_date, cabin FROM drop_sightings WHERE seen_at > ?1 AND seen_at < ?2
       UNION SELECT destination, depart_date, return_date, cabin FROM deals WHERE is_active = 1 AND last_alerted_at > ?1 AND last_alerted_at < ?2`,
    )
    .values(since, now.getTime()) as DatesRow[];
  const known = new Set(
    (
      db.$client
        .query(
          "SELECT destination, depart_date, return_date, cabin FROM drop_sightings UNION SELECT destination, depart_date, return_date, cabin FROM deals WHERE is_active = 1",
        )
        .values() as DatesRow[]
    ).map((row) => row.join("|")),
  );
  const pairs = tripDatePairs(today);
  const neighbours = new Map<string, DatesRow>();
  for (const [destination, departDate, returnDate, cabin] of newDrops) {
    if (!returnDate) continue;
    const nights = daysBetween(departDate, returnDate);
    for (const pair of pairs) {
      if (daysBetween(pair.departDate, pair.returnDate) !== nights || monthOf(pair.departDate) !== monthOf(departDate)) continue;
      const row: DatesRow = [destination, pair.departDate, pair.returnDate, cabin];
      if (!known.has(row.join("|"))) neighbours.set(row.join("|"), row);
    }
  }
  return [...neighbours.values()];
}

export type LiveDealRow = [destination: string, departDate: string, returnDate: string, cabin: FareQuote["cabin"], lastSeenAt: number, price: number];

/** Live deals, the longest unseen first. */
export function liveDeals(db: Db): LiveDealRow[] {
  return db.$client
    .query("SELECT destination, depart_date, return_date, cabin, last_seen_at, price FROM deals WHERE is_active = 1 ORDER BY last_seen_at")
    .values() as LiveDealRow[];
}

/** Whether the quote's dates have a deal, live or ended (decision 141's own-dates test is for dates with none). */
export function datesHaveDeal(db: Db, quote: FareQuote): boolean {
  return db.$client.query("SELECT 1 FROM deals WHERE dedupe_key = ?").get(dealKey(quote)) !== null;
}
