import { isRouteErrorResponse, Link, useLoaderData, useRouteError, type LoaderFunctionArgs } from "react-router";
import type { SharedDeal } from "../../domain/api/trips.ts";
import { apiFromContext, pageNotFoundOn404 } from "../root-data.ts";
import { LogoLink } from "../components/logo.tsx";
import { SubscribeInvitation } from "../components/subscribe-invitation.tsx";
import { money } from "./dashboard/deals/format.ts";

/** The public page of a shared deal (issue 17): no login, nothing about the member who shared it. */
export function sharedDealLoader({ context, params }: LoaderFunctionArgs): Promise<SharedDeal> {
  return pageNotFoundOn404(apiFromContext(context).sharedDeal(params.shareId ?? ""), "This link is no longer shared");
}

function SharedPageFrame({ children }: { children: React.ReactNode }) {
  return (
    <>
      <header className="container shared-deal-header">
        <LogoLink />
      </header>
      <main className="container shared-deal-page">{children}</main>
    </>
  );
}

export function SharedDealPage() {
  const deal = useLoaderData() as SharedDeal;
  const city = deal.destinationCity;
  const headline = `${money(deal.price)} to ${city} (${deal.destination})`;
  const summary = deal.ended
    ? `This fare from RDU to ${city} has ended.`
    : `Round trips from Raleigh-Durham to ${city}, ${deal.travelDates}: ${deal.percentBelowTypical}% below the typical ${money(deal.typicalPrice)}.`;
  return (
    <SharedPageFrame>
      <title>{`${headline} · GoRDU`}</title>
      <meta name="description" content={summary} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={headline} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={deal.pageUrl} />
      <meta property="og:image" content={deal.imageUrl} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={`${headline}, ${deal.percentBelowTypical}% below typical`} />
      <meta name="twitter:card" content="summary_large_image" />
      <article className={`shared-deal${deal.ended ? " is-ended" : ""}`}>
        {deal.ended && (
          <p className="shared-deal-ended" role="status">
            <strong>This deal has ended.</strong> The fare is no longer available; today's price may be higher.
          </p>
        )}
        <header>
          <p className="shared-deal-route">
            RDU <span aria-hidden="true">→</span>
            <span className="visually-hidden">to</span> {deal.destination}
          </p>
          <h1>{city}</h1>
          <p className="shared-deal-dates">{deal.travelDates}</p>
        </header>
        <div className="shared-deal-price">
          <strong>{money(deal.price)}</strong>
          <span>{deal.percentBelowTypical}% below typical</span>
        </div>
        <dl className="shared-deal-facts">
          <div>
            <dt>Typical price</dt>
            <dd>
              {money(deal.typicalPrice)} (usually {money(deal.typicalLow)}–{money(deal.typicalHigh)})
            </dd>
          </div>
          <div>
            <dt>Airline</dt>
            <dd>{deal.airline}</dd>
          </div>
          <div>
            <dt>Nonstop</dt>
            <dd>{deal.nonstop ? "Yes" : "No"}</dd>
          </div>
          <div>
            <dt>Trip</dt>
            <dd>
              {deal.tripType}, {deal.seatClass}
            </dd>
          </div>
          <div>
            <dt>Last checked</dt>
            <dd>
              <time dateTime={deal.lastCheckedAt}>{deal.lastChecked}</time>
            </dd>
          </div>
        </dl>
        <div className="shared-deal-book">
          <a href={deal.primaryLink.url} target="_blank" rel="noopener noreferrer" role="button">
            {deal.primaryLink.label}
          </a>
          {deal.secondaryLink && (
            <a href={deal.secondaryLink.url} target="_blank" rel="noopener noreferrer" role="button" className="secondary outline">
              {deal.secondaryLink.label}
            </a>
          )}
        </div>
        <p className="muted shared-deal-note">Prices change quickly: the airline's site shows today's fare. You book directly with the airline.</p>
      </article>
      <SubscribeInvitation />
    </SharedPageFrame>
  );
}

/** A revoked or unknown link: said plainly, with the same invitation. */
export function SharedDealError() {
  const error = useRouteError();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SharedPageFrame>
      <title>{gone ? "No longer shared · GoRDU" : "Something went wrong · GoRDU"}</title>
      <article className="shared-deal">
        <h1>{gone ? "This link is no longer shared" : "Something went wrong"}</h1>
        <p>{gone ? "The member who shared this deal has stopped sharing it." : "We couldn't load this deal. Please try again in a moment."}</p>
      </article>
      <SubscribeInvitation />
    </SharedPageFrame>
  );
}
