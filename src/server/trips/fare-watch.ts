/**
 * The fare watch on booked trips: after each scan, every trip not yet departed is compared with the fares observed
 * since it was last read, for that route and those dates. When the lowest falls by the larger of 10 % and $25 below
 * the price the watch measures from, the member is told (once: the alert's key counts the drops), and that fare
 * becomes the new measure, so only a further drop tells them again.
 */
import type { Db } from "../../../db/client.ts";
import { rduToday } from "../../domain/calendar.ts";
import { isFurtherDrop } from "../../domain/booked-trips.ts";
import type { Deps } from "../deps.ts";
import { queueEmail, type TemplateRenderer } from "../mail/outbox.ts";
import { fareDropEmail } from "../mail/templates/trip-emails.ts";
import { bookedTripFacts } from "./booked-trips.ts";

export const FARE_DROP_KIND = "trip-fare-drop";

interface WatchedTrip {
  id: number;
  email: string;
  watch_price: number;
  drop_alerts: number;
  lowest: number;
  newest: number;
}

/**
 * Trips with fares seen in one table since the watch last read them: the lowest such fare, and the newest sighting's
 * time. A fare is an observation (a search of the trip's dates, or a day of Google's price history) or a Travel Explore
 * window's pick of them, kept apart from the price history (decision 145).
 */
const newFaresSql = (table: "fare_observations" | "explore_picks") => `
SELECT t.id, u.email, t.watch_price, t.drop_alerts, min(o.price) AS lowest, max(o.observed_at) AS newest
FROM booked_trips t JOIN users u ON u.id = t.user_id JOIN ${table} o
  ON o.origin = t.origin AND o.destination = t.destination AND o.trip_type = t.trip_type AND o.cabin = t.cabin
 AND o.depart_date = t.depart_date AND o.return_date = t.return_date AND o.observed_at > t.watched_until
WHERE t.depart_date >= $today
GROUP BY t.id`;

/** Each watched trip's new fares of both tables together. */
function tripsWithNewFares(db: Db, today: string): WatchedTrip[] {
  const trips = new Map<number, WatchedTrip>();
  for (const table of ["fare_observations", "explore_picks"] as const) {
    for (const trip of db.$client.query(newFaresSql(table)).all({ today }) as WatchedTrip[]) {
      const seen = trips.get(trip.id);
      trips.set(trip.id, seen ? { ...seen, lowest: Math.min(seen.lowest, trip.lowest), newest: Math.max(seen.newest, trip.newest) } : trip);
    }
  }
  return [...trips.values()];
}

/** Reads new fares for every watched trip; returns how many drop alerts it queued. Synchronous: one transaction. */
export function watchBookedTrips(deps: Pick<Deps, "db" | "clock">): number {
  const now = deps.clock.now();
  const db: Db = deps.db;
  return db.transaction(() => {
    const trips = tripsWithNewFares(db, rduToday(now));
    let alerts = 0;
    for (const trip of trips) {
      const dropped = isFurtherDrop(trip.watch_price, trip.lowest);
      db.$client
        .query("UPDATE booked_trips SET watched_until = $newest, watch_price = $price, drop_alerts = $drops WHERE id = $id")
        .run({ id: trip.id, newest: trip.newest, price: dropped ? trip.lowest : trip.watch_price, drops: trip.drop_alerts + (dropped ? 1 : 0) });
      if (!dropped) continue;
      const payload = { tripId: trip.id, before: trip.watch_price, now: trip.lowest };
      queueEmail(db, { kind: FARE_DROP_KIND, to: trip.email, payload, dedupeKey: `${FARE_DROP_KIND}:${trip.id}:${trip.drop_alerts + 1}` }, now);
      alerts++;
    }
    return alerts;
  });
}

/** Renders a queued drop alert when it is sent (nothing is owed once the member removed the trip). */
export function fareDropRenderer(deps: Pick<Deps, "db" | "clock" | "config">): TemplateRenderer {
  return (payload) => {
    const { tripId, before, now } = payload;
    if (typeof tripId !== "number" || typeof before !== "number" || typeof now !== "number") return null;
    const facts = bookedTripFacts(deps, tripId);
    return facts && fareDropEmail(facts, { before, now });
  };
}
