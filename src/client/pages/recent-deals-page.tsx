import { Link, useLoaderData } from "react-router";
import { useRootData } from "../root-data.ts";
import { SiteFooter } from "./landing/site-footer.tsx";
import { SiteHeader } from "./landing/site-header.tsx";
import { RecentDealCards, type RecentDealsState, shownAfter } from "./recent-deals/recent-deal-list.tsx";

export { recentDealsLoader } from "./landing-page.tsx";

const TITLE = "Recent flight deals from RDU · GoRDU";
const DESCRIPTION = "Real fares from Raleigh-Durham that GoRDU found in the last 30 days, each with the prices it beat.";

/** /deals: every deal found in the last 30 days that visitors may see (decision 134). */
export function RecentDealsPage() {
  const recent = useLoaderData() as RecentDealsState;
  const { appUrl } = useRootData().config;
  const delay = recent.state === "ready" ? recent.list.delayHours : null;
  return (
    <>
      <title>{TITLE}</title>
      <meta name="description" content={DESCRIPTION} />
      <link rel="canonical" href={`${appUrl}/deals`} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={TITLE} />
      <meta property="og:description" content={DESCRIPTION} />
      <meta property="og:url" content={`${appUrl}/deals`} />
      <SiteHeader />
      <main className="container recent-deals-page">
        <hgroup>
          <h1>Recent deals from RDU</h1>
          <p>
            Real fares our scans found in the last 30 days{delay !== null ? `, shown here ${shownAfter(delay)}` : ""}. Each one was well below what trips like
            it usually cost; open one to see the prices it beat.
          </p>
        </hgroup>
        <RecentDealCards recent={recent} />
        <p className="recent-deals-cta">
          Members hear about deals like these as soon as we find them. <Link to="/subscribe">Start your 7-day free trial</Link>.
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
