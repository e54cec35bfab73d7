// dashboard/deals/: the deals workspace: search and filters, the table and phone cards, details and booking.
// Imports components, the API and domain rules (filters, links, labels); no other page's parts.
import type { FlightDeal } from "../../../../domain/api/deals.ts";
import { dealLinks, type DealLinks } from "../../../../domain/links.ts";
import { dealTravelDates, toIsoDate } from "../../../../domain/travel-dates.ts";

/** docs/product-rules.md §9: the airline's site opens in a 1200x800 popup, reused for the next deal. */
export const BOOKING_POPUP_NAME = "gordu-booking";
export const BOOKING_POPUP_FEATURES = "width=1200,height=800,scrollbars=yes,resizable=yes";

export const POPUP_BLOCKED_MESSAGE = "Popup blocked! Please allow popups for this site and try again.";
export const NO_DEAL_MESSAGE = "Error: No flight deal data available.";

export interface DealTrip {
  destination: string;
  departDate?: string;
  returnDate?: string;
}

/** The deal's trip as links need it: ISO dates from the deal, or parsed from its travel-date text (docs/product-rules.md §4). */
export function dealTrip(deal: FlightDeal, now: Date): DealTrip {
  const dates = dealTravelDates(deal, now);
  if (!dates.parsed) return { destination: deal.destination };
  return {
    destination: deal.destination,
    departDate: toIsoDate(dates.start),
    returnDate: dates.end ? toIsoDate(dates.end) : undefined,
  };
}

/** The deal's links (decision 108): its one primary action, and at most one other place to look. */
export function bookingLinks(deal: FlightDeal, now: Date): DealLinks {
  return dealLinks(deal.airline, { ...dealTrip(deal, now), seatClass: deal.seatClass });
}

/**
 * docs/product-rules.md §4 "Booking click": opens the deal's primary action in the booking popup. A blocked popup (window.open answers
 * null) and a missing deal are told with alerts (docs/product-rules.md §8). The popup cannot reach back into this page.
 */
export function openBookingPopup(deal: FlightDeal | null | undefined): void {
  if (!deal) {
    window.alert(NO_DEAL_MESSAGE);
    return;
  }
  const popup = window.open(bookingLinks(deal, new Date()).primary.url, BOOKING_POPUP_NAME, BOOKING_POPUP_FEATURES);
  if (!popup) {
    window.alert(POPUP_BLOCKED_MESSAGE);
    return;
  }
  try {
    popup.opener = null;
    popup.focus();
  } catch {
    // a popup that already navigated cross-origin: nothing to do
  }
}
