/** A trip as a calendar event: the all-day span from departure to return, and Google Calendar's "add event" link. */
import { addDays } from "./calendar.ts";
import type { DealLinks } from "./links.ts";

export interface CalendarTrip {
  destination: string;
  destinationCity: string;
  airline: string;
  departDate: string;
  /** null for a one-way trip: a one-day event. */
  returnDate: string | null;
  links: DealLinks;
}

export function tripEventTitle(trip: CalendarTrip): string {
  return `Trip to ${trip.destinationCity || trip.destination} (RDU → ${trip.destination})`;
}

export function tripEventDescription(trip: CalendarTrip): string {
  const links = [trip.links.primary, trip.links.secondary].flatMap((link) => (link ? [`${link.label}: ${link.url}`] : []));
  return [`${trip.airline} from Raleigh-Durham. Found by GoRDU; not booked until you book it.`, ...links].join("\n");
}

/** All-day events end the day after their last day (RFC 5545 DTEND is exclusive). */
export function tripEventEndDate(trip: Pick<CalendarTrip, "departDate" | "returnDate">): string {
  return addDays(trip.returnDate ?? trip.departDate, 1);
}

const compact = (isoDate: string) => isoDate.replaceAll("-", "");

/** Google Calendar's documented "add event" template link. */
export function googleCalendarUrl(trip: CalendarTrip): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: tripEventTitle(trip),
    dates: `${compact(trip.departDate)}/${compact(tripEventEndDate(trip))}`,
    details: tripEventDescription(trip),
    location: `${trip.destinationCity || trip.destination} (${trip.destination})`,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
