import { Fragment, useEffect, useState } from "react";
import type { BookedTrip, DealShare } from "../../../../domain/api/trips.ts";
import { freeCancellationEndsAt } from "../../../../domain/booked-trips.ts";
import { api } from "../../../api.ts";
import { useToastedAction } from "../../../components/use-toasted-action.ts";
import { useZonedTime } from "../../../member-time-zone.ts";
import { money } from "../deals/format.ts";
import { useSetBookedDealIds, useTripsChanged } from "./trips-changed.ts";
import { Button } from "../../../components/button.tsx";

interface Lists {
  trips: BookedTrip[];
  shares: DealShare[];
}

/** Loads after hydration and again whenever a trip is booked or a deal shared from the details dialog. */
function useTripLists(): [Lists | null, () => void] {
  const changed = useTripsChanged();
  const [lists, setLists] = useState<Lists | null>(null);
  const [reloads, setReloads] = useState(0);
  const setBookedDealIds = useSetBookedDealIds();
  useEffect(() => {
    let current = true;
    Promise.all([api.bookedTrips(), api.dealShares()])
      .then(([trips, shares]) => {
        if (!current) return;
        setLists({ trips, shares });
        setBookedDealIds(new Set(trips.map((trip) => trip.dealId)));
      })
      .catch((error) => console.warn("Booked trips and shared links did not load", error));
    return () => {
      current = false;
    };
  }, [changed, reloads]);
  return [lists, () => setReloads((count) => count + 1)];
}

/** The dashboard's booked trips (apart from deals) and the member's shared links, each removable. */
export function TripsSection() {
  const [lists, reload] = useTripLists();
  if (!lists || (lists.trips.length === 0 && lists.shares.length === 0)) return null;
  return (
    <>
      {lists.trips.length > 0 && <BookedTripsCard trips={lists.trips} onChange={reload} />}
      {lists.shares.length > 0 && <SharedLinksCard shares={lists.shares} onChange={reload} />}
    </>
  );
}

/** While the 24-hour rule covers the booking and its window is open: when it closes, in the member's zone. */
function freeCancellationText(trip: BookedTrip, zonedTime: (iso: string) => string): string | null {
  if (trip.reminder === "none") return null;
  const windowEnds = freeCancellationEndsAt(new Date(trip.bookedAt));
  return windowEnds.getTime() > Date.now() ? `Free cancellation until ${zonedTime(windowEnds.toISOString())}` : null;
}

function reminderText(trip: BookedTrip, zonedTime: (iso: string) => string): string {
  if (trip.reminder === "sent") return "24-hour reminder sent";
  if (trip.reminder === "due" && trip.reminderDueAt) return `24-hour reminder ${zonedTime(trip.reminderDueAt)}`;
  return "No 24-hour reminder (booked under 7 days before departure)";
}

function watchText(trip: BookedTrip): string {
  if (trip.watch === "ended") return "Watch ended: the trip has begun";
  const drops = trip.dropAlerts === 1 ? "1 drop found" : `${trip.dropAlerts} drops found`;
  return `Watching for a fare below ${money(trip.watchPrice)}${trip.dropAlerts > 0 ? ` (${drops})` : ""}`;
}

function BookedTripsCard({ trips, onChange }: { trips: BookedTrip[]; onChange: () => void }) {
  const runAction = useToastedAction();
  const zonedTime = useZonedTime();
  const remove = (trip: BookedTrip) =>
    runAction(() => api.removeBookedTrip(trip.id), { failed: { title: "Couldn't remove the trip", fallback: "Please try again." } }, onChange);
  return (
    <article id="booked-trips" aria-labelledby="booked-trips-title">
      <h2 id="booked-trips-title">Booked trips</h2>
      <ul className="trip-list">
        {trips.map((trip) => (
          <li key={trip.id} data-trip-id={trip.id}>
            <p className="trip-what">
              <strong>
                RDU to {trip.destinationCity} ({trip.destination})
              </strong>
              <br />
              {trip.travelDates} · {trip.airline} · {trip.pricePaid === null ? `deal price ${money(trip.dealPrice)}` : `paid ${money(trip.pricePaid)}`}
            </p>
            <p className="trip-status">
              {[freeCancellationText(trip, zonedTime), reminderText(trip, zonedTime), watchText(trip)]
                .filter((line) => line !== null)
                .map((line, index) => (
                  <Fragment key={line}>
                    {index > 0 && <br />}
                    {line}
                  </Fragment>
                ))}
            </p>
            <Button type="button" className="secondary outline" onClick={() => void remove(trip)} aria-label={`Remove booked trip to ${trip.destinationCity}`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </article>
  );
}

function SharedLinksCard({ shares, onChange }: { shares: DealShare[]; onChange: () => void }) {
  const runAction = useToastedAction();
  const revoke = (share: DealShare) =>
    runAction(
      () => api.revokeShare(share.id),
      {
        done: { title: "Link revoked", description: "It no longer shows the deal." },
        failed: { title: "Couldn't revoke the link", fallback: "Please try again." },
      },
      onChange,
    );
  return (
    <article id="shared-links" aria-labelledby="shared-links-title">
      <h2 id="shared-links-title">Shared links</h2>
      <ul className="trip-list">
        {shares.map((share) => (
          <li key={share.id} data-share-id={share.id}>
            <p className="trip-what">
              <strong>
                {money(share.price)} to {share.destinationCity} ({share.destination})
              </strong>
              <br />
              {share.travelDates}
              {share.ended ? " · ended" : ""}
            </p>
            <Button
              type="button"
              className="secondary outline"
              onClick={() => void revoke(share)}
              aria-label={`Revoke the shared link to ${share.destinationCity}`}
            >
              Revoke
            </Button>
            <a className="share-url" href={share.url} target="_blank" rel="noopener noreferrer">
              {share.url}
            </a>
          </li>
        ))}
      </ul>
    </article>
  );
}
