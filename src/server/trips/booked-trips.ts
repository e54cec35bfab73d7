/**
 * "I booked it": a member marks a deal in their list as booked (optionally with the price paid). GoRDU then owes
 * them the 24-hour free-cancellation reminder (queued now, due at the latest moment outside their quiet hours that
 * leaves two hours to act, through the outbox, so a restart keeps it) and watches the fare of that route and those
 * dates (fare-watch.ts). Removing the trip ends both.
 */
import type { Db } from "../../../db/client.ts";
import type { BookedTrip, BookTripRequest } from "../../domain/api/trips.ts";
import { localDay } from "../../domain/alert-timing.ts";
import { freeCancellationEndsAt, reminderDueAt, tripHasDeparted } from "../../domain/booked-trips.ts";
import { formatTravelDates } from "../../domain/travel-dates.ts";
import { formatZonedTime, timeLeftText } from "../../domain/zoned-time-text.ts";
import type { User } from "../auth/users.ts";
import type { DealRow } from "../deals/deal-row.ts";
import { dealInList, parseDealId } from "../deals/deals.service.ts";
import type { Deps } from "../deps.ts";
import { conflict, notFound } from "../http/errors.ts";
import { idFromPath } from "../http/path-id.ts";
import { queueEmail, type TemplateRenderer, unqueue } from "../mail/outbox.ts";
import { tripReminderEmail, type BookedTripFacts } from "../mail/templates/trip-emails.ts";

export const TRIP_REMINDER_KIND = "trip-reminder";
const reminderKey = (tripId: number) => `${TRIP_REMINDER_KIND}:${tripId}`;

const TRIP_NOT_FOUND = "Booked trip not found";
const tripNotFound = () => notFound(TRIP_NOT_FOUND);

type DealToBook = Pick<DealRow, "origin" | "destination" | "trip_type" | "cabin" | "depart_date" | "return_date" | "price">;

export function bookTrip(deps: Pick<Deps, "db" | "clock">, user: User, request: BookTripRequest): BookedTrip {
  const now = deps.clock.now();
  const dealId = dealInList(deps.db, user, parseDealId(String(request.dealId)), now).id;
  const deal = deps.db.$client
    .query("SELECT origin, destination, trip_type, cabin, depart_date, return_date, price FROM deals WHERE id = $id")
    .get({ id: dealId }) as DealToBook;
  const pricePaid = request.pricePaid ?? null;
  const dueAt = reminderDueAt(now, deal.depart_date, user);

  const tripId = deps.db.transaction((tx) => {
    const inserted = deps.db.$client
      .query(
        `INSERT INTO booked_trips (user_id, deal_id, origin, destination, trip_type, cabin, depart_date, return_date, deal_price, price_paid,
                                   watch_price, reminder_due_at, watched_until, booked_at)
         VALUES ($userId, $dealId, $origin, $destination, $tripType, $cabin, $departDate, $returnDate, $dealPrice, $pricePaid,
                 $watchPrice, $dueAt, $now, $now)
         ON CONFLICT (user_id, deal_id) DO NOTHING RETURNING id`,
      )
      .get({
        userId: user.id,
        dealId,
        origin: deal.origin,
        destination: deal.destination,
        tripType: deal.trip_type,
        cabin: deal.cabin,
        departDate: deal.depart_date,
        returnDate: deal.return_date,
        dealPrice: deal.price,
        pricePaid,
        watchPrice: pricePaid ?? deal.price,
        dueAt: dueAt?.getTime() ?? null,
        now: now.getTime(),
      }) as { id: number } | null;
    if (!inserted) throw conflict("You already marked this deal booked.");
    if (dueAt) {
      queueEmail(
        tx,
        {
          kind: TRIP_REMINDER_KIND,
          to: user.email,
          payload: { tripId: inserted.id },
          dedupeKey: reminderKey(inserted.id),
          sendAt: dueAt,
          expiresAt: freeCancellationEndsAt(now),
        },
        now,
      );
    }
    return inserted.id;
  });
  return listBookedTrips(deps, user).find((trip) => trip.id === tripId)!;
}

/** A booked_trips row as raw SQL returns it: the trip's own route and dates, as booked. */
interface BookedTripColumns {
  id: number;
  deal_id: number;
  destination: string;
  depart_date: string;
  return_date: string;
  deal_price: number;
  price_paid: number | null;
  watch_price: number;
  reminder_due_at: number | null;
  drop_alerts: number;
  booked_at: number;
}

/** A booked trip with its deal's city, airline and price now, and its reminder's outbox status. */
type BookedTripRow = BookedTripColumns & Pick<DealRow, "destination_city" | "airline"> & { reminder_status: string | null };

const BOOKED_TRIPS_SQL = `
SELECT t.id, t.deal_id, t.destination, d.destination_city, d.airline, t.depart_date, t.return_date, t.deal_price, t.price_paid, t.watch_price,
       t.reminder_due_at, o.status AS reminder_status, t.drop_alerts, t.booked_at
FROM booked_trips t JOIN deals d ON d.id = t.deal_id
LEFT JOIN email_outbox o ON o.dedupe_key = '${TRIP_REMINDER_KIND}:' || t.id
WHERE t.user_id = $userId ORDER BY t.depart_date, t.id`;

export function listBookedTrips(deps: Pick<Deps, "db" | "clock">, user: User): BookedTrip[] {
  const now = deps.clock.now();
  const rows = deps.db.$client.query(BOOKED_TRIPS_SQL).all({ userId: user.id }) as BookedTripRow[];
  const today = localDay(now, user.timeZone);
  return rows.map((row) => ({
    id: row.id,
    dealId: row.deal_id,
    destination: row.destination,
    destinationCity: row.destination_city || row.destination,
    airline: row.airline,
    travelDates: formatTravelDates(row.depart_date, row.return_date, today),
    dealPrice: row.deal_price,
    pricePaid: row.price_paid,
    bookedAt: new Date(row.booked_at).toISOString(),
    reminder: row.reminder_due_at === null ? "none" : row.reminder_status === "sent" ? "sent" : "due",
    reminderDueAt: row.reminder_due_at === null ? null : new Date(row.reminder_due_at).toISOString(),
    watch: tripHasDeparted(row.depart_date, now) ? "ended" : "watching",
    watchPrice: row.watch_price,
    dropAlerts: row.drop_alerts,
  }));
}

/** Removes the member's own booked trip (and with it the reminder still owed); another member's id answers 404. */
export function removeBookedTrip(db: Db, user: User, rawId: string): void {
  const id = idFromPath(rawId, TRIP_NOT_FOUND);
  const removed = db.transaction(() => {
    const result = db.$client.query("DELETE FROM booked_trips WHERE id = $id AND user_id = $userId").run({ id, userId: user.id });
    if (result.changes > 0) unqueue(db, reminderKey(id));
    return result.changes;
  });
  if (removed === 0) throw tripNotFound();
}

/** The member, their booked trip's own route and dates, and its deal's city and airline. */
type TripFactsRow = Pick<DealRow, "destination_city" | "airline"> &
  Pick<BookedTripColumns, "destination" | "depart_date" | "return_date" | "price_paid" | "booked_at"> & {
    first_name: string;
    email: string;
    time_zone: string;
  };

/** What the trip emails say about a booked trip at `now`, in the member's time zone, or null once it is gone. */
export function bookedTripFacts(deps: Pick<Deps, "db" | "clock" | "config">, tripId: number): (BookedTripFacts & { bookedAt: Date; timeZone: string }) | null {
  const row = deps.db.$client
    .query(
      `SELECT u.first_name, u.email, u.time_zone, t.destination, d.destination_city, d.airline, t.depart_date, t.return_date, t.price_paid, t.booked_at
       FROM booked_trips t JOIN users u ON u.id = t.user_id JOIN deals d ON d.id = t.deal_id WHERE t.id = $id`,
    )
    .get({ id: tripId }) as TripFactsRow | null;
  if (!row) return null;
  return {
    firstName: row.first_name,
    email: row.email,
    destination: row.destination,
    city: row.destination_city || row.destination,
    airline: row.airline,
    travelDates: formatTravelDates(row.depart_date, row.return_date, localDay(deps.clock.now(), row.time_zone)),
    pricePaid: row.price_paid,
    dashboardUrl: `${deps.config.appUrl}/dashboard#booked-trips`,
    bookedAt: new Date(row.booked_at),
    timeZone: row.time_zone,
  };
}

/**
 * Renders a queued reminder when it is sent: nothing is owed once the member removed the trip. The deadline is told
 * in the member's zone and the time left as it is at sending, however late the email goes (before the deadline: the
 * outbox drops it after).
 */
export function tripReminderRenderer(deps: Pick<Deps, "db" | "clock" | "config">): TemplateRenderer {
  return (payload) => {
    const tripId = payload.tripId;
    if (typeof tripId !== "number") return null;
    const facts = bookedTripFacts(deps, tripId);
    if (!facts) return null;
    const now = deps.clock.now();
    const endsAt = freeCancellationEndsAt(facts.bookedAt);
    return tripReminderEmail(facts, { endsAt: formatZonedTime(endsAt, facts.timeZone, now), timeLeft: timeLeftText(endsAt.getTime() - now.getTime()) });
  };
}
