import { useMemo } from "react";
import { Link } from "react-router";
import { comparedWith, evidenceSentence } from "../../../../domain/deal-rules.ts";
import type { FlightDeal } from "../../../../domain/api/deals.ts";
import { detectNonstop, goSavings, typicalPriceOf } from "../../../../domain/deals.ts";
import { Dialog } from "../../../components/dialog.tsx";
import { useZonedTime } from "../../../member-time-zone.ts";
import type { DealLinks } from "../../../../domain/links.ts";
import { bookingLinks, openBookingPopup } from "./booking.ts";
import { TIER_LABEL } from "../../../../domain/deal-labels.ts";
import { cityOf, money } from "./format.ts";
import { PriceComparison } from "./price-range-bar.tsx";
import { PriceHistory } from "./price-history-chart.tsx";
import { TripActions } from "../trips/trip-actions.tsx";
import { Button } from "../../../components/button.tsx";

/**
 * docs/product-rules.md §2 'Flight Deal Details': what the deal is, why it is a deal (how far below typical, the typical
 * range, the tier and the route's last 90 days), and what to do with it. What to do comes first, under the price, so it
 * is on screen when the dialog opens on a laptop or a phone: the one primary action and at most one other place to look
 * (decision 108), then share, calendar and "I booked it". The footer keeps Snooze and Close in reach.
 */
export function DealDetailsDialog({ deal, onClose, onSnooze }: { deal: FlightDeal | null; onClose: () => void; onSnooze?: (deal: FlightDeal) => void }) {
  // Only rendered in the browser after a click: reading the clock here cannot disturb hydration.
  const links = useMemo(() => (deal ? bookingLinks(deal, new Date()) : null), [deal]);
  const nonstop = deal ? detectNonstop(deal) : null;
  const evidence = deal ? evidenceSentence(deal) : null;
  const zonedTime = useZonedTime();

  return (
    <Dialog
      open={deal !== null}
      onClose={onClose}
      title="Flight Deal Details"
      wide
      footer={
        <div className="details-actions">
          {deal && onSnooze && (
            <Button type="button" className="secondary outline" onClick={() => onSnooze(deal)}>
              Snooze {cityOf(deal)} 30 days
            </Button>
          )}
          <Button type="button" className="secondary outline" onClick={onClose}>
            Close
          </Button>
        </div>
      }
    >
      {deal && (
        <div className="deal-details">
          <div className={`details-hero tier-${deal.tier}`}>
            <div>
              <p className="details-route">
                RDU <span aria-hidden="true">→</span>
                <span className="visually-hidden">to</span> {deal.destination}
              </p>
              <p className="details-city">{cityOf(deal)}</p>
              <p className="details-tier">
                <span className={`tier-badge tier-${deal.tier}`}>{TIER_LABEL[deal.tier]}</span>
                {!deal.isActive && <span className="status-ended">Ended</span>}
              </p>
            </div>
            <div className="details-price">
              <span className="muted">from</span>
              <strong>{money(deal.startingPrice)}</strong>
              <span className="details-off">{deal.percentBelowTypical}% below typical</span>
            </div>
          </div>

          {links && (
            <div className="details-book">
              <Button type="button" onClick={() => openBookingPopup(deal)}>
                {links.primary.label}
              </Button>
              {links.secondary && (
                <a href={links.secondary.url} target="_blank" rel="noopener noreferrer" role="button" className="secondary outline">
                  {links.secondary.label}
                </a>
              )}
            </div>
          )}
          <TripActions key={deal.id} deal={deal} />

          <dl className="details-grid">
            <div>
              <dt>Airline</dt>
              <dd>{deal.airline}</dd>
            </div>
            <div>
              <dt>Starting Price</dt>
              <dd>{money(deal.startingPrice)}</dd>
            </div>
            <div>
              <dt>Destination</dt>
              <dd>
                {deal.destination} · {cityOf(deal)}
              </dd>
            </div>
            <div className="details-savings">
              <dt>Go Savings</dt>
              <dd>{money(goSavings(deal))}</dd>
            </div>
            <div>
              <dt>Travel Dates</dt>
              <dd>{deal.travelDates}</dd>
            </div>
            <div>
              <dt>Trip Type</dt>
              <dd>{deal.tripType}</dd>
            </div>
            <div>
              <dt>Seat Class</dt>
              <dd>{deal.seatClass}</dd>
            </div>
            <div>
              <dt>Nonstop</dt>
              <dd>{nonstop ?? "—"}</dd>
            </div>
            {deal.duration && (
              <div>
                <dt>Flight time</dt>
                <dd>{deal.duration}</dd>
              </div>
            )}
          </dl>

          <section className="details-why" aria-labelledby={`why-${deal.id}`}>
            <h3 id={`why-${deal.id}`}>Why it's a deal</h3>
            <p>
              <strong>{deal.percentBelowTypical}% below</strong> the typical {money(typicalPriceOf(deal))} for{" "}
              {deal.tripKind ? comparedWith(deal) : "this route in this month"}. Fares like it usually run{" "}
              <strong>
                {money(deal.priceRange1)}–{money(deal.priceRange2)}
              </strong>
              .{evidence && ` ${evidence}`}
            </p>
            <p className="muted">
              Last checked {zonedTime(deal.lastCheckedAt)}. <Link to="/how-we-find-deals">How we find deals</Link>
            </p>
            <PriceComparison deal={deal} />
          </section>

          <PriceHistory deal={deal} />
          {links && <p className="details-note muted">Prices change quickly. {linksNote(deal.airline, links)}</p>}
        </div>
      )}
    </Dialog>
  );
}

/** What each of the deal's links does, in words. */
function linksNote(airline: string, { primary, secondary }: DealLinks): string {
  if (primary.kind === "airline-search")
    return `${primary.label} opens ${airline}'s own search for these dates, to book there; Google Flights compares every airline on this trip.`;
  if (secondary)
    return `${primary.label} shows ${airline}'s flights for these dates (it has no search page we can fill in); ${secondary.label} to book on its own site.`;
  return `${primary.label} shows every airline's flights for these dates.`;
}
