import { Link } from "react-router";
import { RecentDealCards, type RecentDealsState, shownAfter } from "../recent-deals/recent-deal-list.tsx";

const ON_LANDING = 6;

/** Real deals we found, shown to visitors once members have had them a while (decision 134). */
export function RecentDeals({ recent }: { recent: RecentDealsState }) {
  const delay = recent.state === "ready" ? recent.list.delayHours : null;
  return (
    <section id="recent-deals" className="section" aria-labelledby="recent-deals-title">
      <div className="container">
        <hgroup className="section-head">
          <h2 id="recent-deals-title">Deals We Found Recently</h2>
          <p>Real fares from RDU our scans found{delay !== null ? `, shown here ${shownAfter(delay)}` : ""}.</p>
        </hgroup>
        <RecentDealCards recent={recent} limit={ON_LANDING} />
        {recent.state === "ready" && recent.list.deals.length > ON_LANDING && (
          <p className="recent-deals-more">
            <Link to="/deals">See all {recent.list.deals.length} recent deals</Link>
          </p>
        )}
      </div>
    </section>
  );
}
