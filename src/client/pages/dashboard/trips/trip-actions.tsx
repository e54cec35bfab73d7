import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { FlightDeal } from "../../../../domain/api/deals.ts";
import { googleCalendarUrl } from "../../../../domain/trip-calendar.ts";
import { api } from "../../../api.ts";
import { useToast } from "../../../components/toast.tsx";
import { usePendingAction } from "../../../components/use-pending-action.ts";
import { errorMessage } from "../../../error-message.ts";
import { bookingLinks } from "../deals/booking.ts";
import { cityOf } from "../deals/format.ts";
import { ShareDealButton } from "./share-deal-button.tsx";
import { useBookedDealIds, useNotifyTripsChanged } from "./trips-changed.ts";
import { Button } from "../../../components/button.tsx";
import { Form } from "../../../components/form.tsx";

/** The deal's trip actions in its details: share it, put it on the calendar, and mark it booked. */
export function TripActions({ deal }: { deal: FlightDeal }) {
  // Only rendered in the browser after a click: reading the clock here cannot disturb hydration.
  const googleCalendar = useMemo(() => {
    return googleCalendarUrl({
      destination: deal.destination,
      destinationCity: cityOf(deal),
      airline: deal.airline,
      departDate: deal.departDate,
      returnDate: deal.returnDate,
      links: bookingLinks(deal, new Date()),
    });
  }, [deal]);

  return (
    <section className="trip-actions" aria-label="Share, calendar and booking">
      <ShareDealButton deal={deal} className="secondary outline" />
      <a href={`/api/flight-deals/${deal.id}/calendar.ics`} download role="button" className="secondary outline">
        Add to calendar
      </a>
      <a href={googleCalendar} target="_blank" rel="noopener noreferrer" role="button" className="secondary outline">
        Google Calendar
      </a>
      <BookedForm deal={deal} />
    </section>
  );
}

/** "I booked it", with the price paid if the member wants the fare watch to measure from it. */
function BookedForm({ deal }: { deal: FlightDeal }) {
  const toast = useToast();
  const notifyTripsChanged = useNotifyTripsChanged();
  const [pending, run] = usePendingAction();
  const [open, setOpen] = useState(false);
  const [booked, setBooked] = useState(false);
  const bookedBefore = useBookedDealIds().has(deal.id);
  // The form replaces the button, and the note the form: the focus moves on to what replaced it, not out of the dialog.
  const priceField = useRef<HTMLInputElement>(null);
  const bookedNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (booked) bookedNote.current?.focus();
    else if (open) priceField.current?.focus();
  }, [open, booked]);

  if (bookedBefore && !booked) {
    return (
      <p className="trip-actions-note" role="status">
        You marked this trip booked: it's under Booked trips on your dashboard.
      </p>
    );
  }
  if (booked) {
    return (
      <p className="trip-actions-note" role="status" tabIndex={-1} ref={bookedNote}>
        Marked booked. We'll remind you before the 24-hour free cancellation ends and tell you if the fare falls again.
      </p>
    );
  }
  if (!open) {
    return (
      <Button type="button" className="secondary outline" onClick={() => setOpen(true)}>
        I booked it
      </Button>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const raw = String(new FormData(event.currentTarget).get("pricePaid") ?? "").trim();
    const pricePaid = raw === "" ? null : Number(raw);
    if (pricePaid !== null && !(pricePaid >= 1 && pricePaid <= 100_000)) {
      toast({ title: "Check the price", description: "Enter what you paid in dollars, or leave it empty.", variant: "destructive" });
      return;
    }
    void run(async () => {
      try {
        await api.bookTrip({ dealId: deal.id, pricePaid });
        setBooked(true);
        notifyTripsChanged();
        toast({ title: "Trip marked booked", description: "It's under Booked trips on your dashboard." });
      } catch (error) {
        toast({ title: "Couldn't mark it booked", description: errorMessage(error, "Please try again."), variant: "destructive" });
      }
    });
  };

  return (
    <Form className="booked-form" onSubmit={submit}>
      <label>
        Price paid (optional)
        <input ref={priceField} name="pricePaid" type="number" inputMode="decimal" min="1" max="100000" step="0.01" placeholder={`${deal.startingPrice}`} />
      </label>
      <Button type="submit" disabled={pending} aria-busy={pending}>
        Save booked trip
      </Button>
    </Form>
  );
}
