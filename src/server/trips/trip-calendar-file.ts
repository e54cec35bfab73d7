/**
 * "Add to calendar": a deal's trip as an RFC 5545 file made by the `ics` library: one all-day, TENTATIVE event from
 * departure to return, with the booking links in its description (a deal is not a booking until the member books it).
 */
import { createEvent, type DateArray } from "ics";
import { tripEventDescription, tripEventEndDate, tripEventTitle, type CalendarTrip } from "../../domain/trip-calendar.ts";
import type { User } from "../auth/users.ts";
import { bookingLinksOf, type DealRow } from "../deals/deal-row.ts";
import { dealInList, parseDealId } from "../deals/deals.service.ts";
import type { Deps } from "../deps.ts";

const dateArray = (isoDate: string): DateArray => isoDate.split("-").map(Number) as DateArray;

type TripRow = Pick<DealRow, "destination" | "destination_city" | "airline" | "depart_date" | "return_date" | "cabin">;

/** The deal's trip as a calendar event, when the deal is in the member's list (404 otherwise). */
export function dealCalendarFile(deps: Pick<Deps, "db" | "clock" | "config">, user: User, rawId: string): { fileName: string; body: string } {
  const deal = dealInList(deps.db, user, parseDealId(rawId), deps.clock.now());
  const row = deps.db.$client
    .query("SELECT destination, destination_city, airline, depart_date, return_date, cabin FROM deals WHERE id = $id")
    .get({ id: deal.id }) as TripRow;
  const links = bookingLinksOf(row);
  const trip: CalendarTrip = {
    destination: row.destination,
    destinationCity: row.destination_city || row.destination,
    airline: row.airline,
    departDate: row.depart_date,
    returnDate: row.return_date || null,
    links,
  };
  const { error, value } = createEvent({
    uid: `deal-${deal.id}@${new URL(deps.config.appOrigin).hostname}`,
    productId: "GoRDU",
    title: tripEventTitle(trip),
    description: tripEventDescription(trip),
    location: `${trip.destinationCity} (${trip.destination})`,
    url: links.primary.url,
    start: dateArray(trip.departDate),
    end: dateArray(tripEventEndDate(trip)),
    status: "TENTATIVE",
    busyStatus: "TENTATIVE",
    transp: "TRANSPARENT",
  });
  if (error || !value) throw error ?? new Error("The calendar file could not be made");
  return { fileName: `gordu-${trip.destination.toLowerCase()}-${trip.departDate}.ics`, body: value };
}
