import { Link } from "react-router";
import type { RecentDeal, RecentDealList } from "../../../domain/api/deals.ts";
import { money } from "../dashboard/deals/format.ts";

/** What a public list of recent deals has to show: the deals, or why there are none to show. */
export type RecentDealsState = { state: "ready"; list: RecentDealList } | { state: "failed" };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-11-19" → "Nov 19". By hand: date-fns' format would add about 10 kB to the landing page's script. */
const foundOn = (isoDay: string) => `${MONTHS[Number(isoDay.slice(5, 7)) - 1]} ${Number(isoDay.slice(8, 10))}`;

/** When visitors see a deal, worded: "48 hours after members got them", or "as soon as members got them" with no delay. */
export const shownAfter = (delayHours: number) => (delayHours === 0 ? "as soon as members got them" : `${delayHours} hours after members got them`);

function RecentDealCard({ deal }: { deal: RecentDeal }) {
  return (
    <li className={`recent-deal${deal.ended ? " is-ended" : ""}`}>
      <Link to={`/deals/found/${deal.id}`} className="recent-deal-link">
        <span className="recent-deal-route">
          RDU <span aria-hidden="true">→</span>
          <span className="visually-hidden">to</span> {deal.destination}
        </span>
        <strong className="recent-deal-city">{deal.destinationCity}</strong>
        <span className="recent-deal-dates">{deal.travelDates}</span>
        <span className="recent-deal-price">
          <strong>{money(deal.price)}</strong> {deal.tripType.toLowerCase()}, {deal.percentBelowTypical}% below typical
        </span>
        <span className="recent-deal-found">
          Found {foundOn(deal.foundOn)}
          {deal.ended ? " · ended" : ""}
        </span>
      </Link>
    </li>
  );
}

/** The deals as cards, each to its public page; an honest line when there are none yet or they could not be read. */
export function RecentDealCards({ recent, limit }: { recent: RecentDealsState; limit?: number }) {
  if (recent.state === "failed") return <p className="muted">Recent deals could not be loaded right now. Please try again in a moment.</p>;
  const { deals, delayHours } = recent.list;
  if (deals.length === 0) {
    return (
      <p className="muted">
        Deals show here {delayHours} hours after members get them, for 30 days. None has come of age yet: our scans are still finding the first ones.
      </p>
    );
  }
  return (
    <ul className="recent-deals" aria-label="Recent deals from RDU">
      {deals.slice(0, limit).map((deal) => (
        <RecentDealCard key={deal.id} deal={deal} />
      ))}
    </ul>
  );
}
