import { format, parseISO } from "date-fns";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError, type LoaderFunctionArgs } from "react-router";
import type { RecentDealDetail } from "../../domain/api/deals.ts";
import { RULE_EXAMPLE_MIN_DAYS } from "../../domain/deal-rules.ts";
import { RuleExampleFigure } from "../components/rule-example-figure.tsx";
import { SubscribeInvitation } from "../components/subscribe-invitation.tsx";
import { apiFromContext, pageNotFoundOn404, useRootData } from "../root-data.ts";
import { money } from "./dashboard/deals/format.ts";
import { SiteFooter } from "./landing/site-footer.tsx";
import { SiteHeader } from "./landing/site-header.tsx";

/** /deals/found/:dealId: one recent deal and the prices it beat (decision 134); 404 for a deal visitors may not see. */
export function recentDealLoader({ context, params }: LoaderFunctionArgs): Promise<RecentDealDetail> {
  return pageNotFoundOn404(apiFromContext(context).recentDeal(params.dealId ?? ""), "This deal is not one we show");
}

export function RecentDealPage() {
  const { deal, example } = useLoaderData() as RecentDealDetail;
  const { appUrl } = useRootData().config;
  const title = `${money(deal.price)} to ${deal.destinationCity} (${deal.destination}) · GoRDU`;
  const summary = `A ${deal.tripType.toLowerCase()} from Raleigh-Durham to ${deal.destinationCity}, ${deal.travelDates}: ${deal.percentBelowTypical}% below typical.`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={summary} />
      <link rel="canonical" href={`${appUrl}/deals/found/${deal.id}`} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={`${appUrl}/deals/found/${deal.id}`} />
      <SiteHeader />
      <main className="container recent-deal-page">
        <p>
          <Link to="/deals">← All recent deals</Link>
        </p>
        <article className={`shared-deal${deal.ended ? " is-ended" : ""}`}>
          <header>
            <p className="shared-deal-route">
              RDU <span aria-hidden="true">→</span>
              <span className="visually-hidden">to</span> {deal.destination}
            </p>
            <h1>{deal.destinationCity}</h1>
            <p className="shared-deal-dates">{deal.travelDates}</p>
          </header>
          <div className="shared-deal-price">
            <strong>{money(deal.price)}</strong>
            <span>{deal.percentBelowTypical}% below typical</span>
          </div>
          <p>
            Found {format(parseISO(deal.foundOn), "EEE, MMM d")}.{" "}
            {deal.ended ? "This fare has ended; today's price may be higher." : "Members were alerted when we found it."}
          </p>
        </article>
        <section className="rule-example" aria-labelledby="recent-deal-history">
          <h2 id="recent-deal-history">The prices it beat</h2>
          {example ? (
            <RuleExampleFigure example={example} />
          ) : (
            <p className="muted">This route has fewer than {RULE_EXAMPLE_MIN_DAYS} days of fares behind it, too few to draw.</p>
          )}
        </section>
        <SubscribeInvitation />
      </main>
      <SiteFooter />
    </>
  );
}

export function RecentDealError() {
  const error = useRouteError();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <SiteHeader />
      <main className="container recent-deal-page">
        <h1>{gone ? "This deal is not one we show" : "Something went wrong"}</h1>
        <p>
          {gone
            ? "We show deals found in the last 30 days, once members have had them a while."
            : "The deal could not be loaded right now. Please try again in a moment."}{" "}
          <Link to="/deals">See the recent deals</Link>.
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
