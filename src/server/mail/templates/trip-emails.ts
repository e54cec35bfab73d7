/** The emails about a trip a member booked: the 24-hour free-cancellation reminder and the fare watch's drop alert. */
import { emailLayout, escapeHtml, type RenderedEmail } from "./layout.ts";

export interface BookedTripFacts {
  firstName: string;
  email: string;
  destination: string;
  city: string;
  airline: string;
  travelDates: string;
  /** What the member paid, or null when they did not say. */
  pricePaid: number | null;
  dashboardUrl: string;
}

const money = (value: number) => `$${value.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
const greeting = (trip: BookedTripFacts) => `Hi ${trip.firstName || trip.email},`;
const tripName = (trip: BookedTripFacts) => `RDU to ${trip.city} (${trip.destination}), ${trip.travelDates}`;

/** When the free-cancellation window closes, in the member's zone ('Sun, Nov 29, 6:49 am EST'), and the time left then ('about 9 hours'). */
export interface CancellationDeadline {
  endsAt: string;
  timeLeft: string;
}

/** Before the US 24-hour rule's free cancellation ends: two hours before, or before the member's quiet hours begin. */
export function tripReminderEmail(trip: BookedTripFacts, deadline: CancellationDeadline): RenderedEmail {
  const paid = trip.pricePaid === null ? "" : ` for ${money(trip.pricePaid)}`;
  const lines = [
    `You booked ${tripName(trip)} on ${trip.airline}${paid}.`,
    `Under the US 24-hour rule you can cancel it for a full refund until ${deadline.endsAt}, ${deadline.timeLeft} from now (for bookings made 7 or more days before departure; check your airline's terms).`,
    "If your plans or your travel partner's changed, now is the time. If not, enjoy the trip: GoRDU keeps watching the fare and tells you if it falls again.",
  ];
  return {
    subject: `Free cancellation ends soon: your trip to ${trip.city}`,
    text: [greeting(trip), "", ...lines, "", `Your booked trips: ${trip.dashboardUrl}`].join("\n"),
    html: emailLayout({
      heading: "Your free-cancellation window closes soon",
      htmlBlocks: [escapeHtml(greeting(trip)), ...lines.map(escapeHtml)],
      buttons: [{ label: "See your booked trips", url: trip.dashboardUrl }],
    }),
  };
}

/** The fare of a booked trip fell again, by the larger of 10 % and $25. */
export function fareDropEmail(trip: BookedTripFacts, fare: { before: number; now: number }): RenderedEmail {
  const saving = fare.before - fare.now;
  const lines = [
    `The fare for ${tripName(trip)} fell to ${money(fare.now)}, ${money(saving)} below the ${money(fare.before)} we were watching from.`,
    `Many airlines give a travel credit for the difference when you change to the lower fare. Check your booking with ${trip.airline}.`,
    "We'll tell you again only if it falls further.",
  ];
  return {
    subject: `Your trip to ${trip.city} is ${money(saving)} cheaper now`,
    text: [greeting(trip), "", ...lines, "", `Your booked trips: ${trip.dashboardUrl}`].join("\n"),
    html: emailLayout({
      heading: `The fare fell to ${money(fare.now)}`,
      htmlBlocks: [escapeHtml(greeting(trip)), ...lines.map(escapeHtml)],
      buttons: [{ label: "See your booked trips", url: trip.dashboardUrl }],
    }),
  };
}
