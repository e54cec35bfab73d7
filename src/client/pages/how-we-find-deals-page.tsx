import { DEAL_RULES } from "../../domain/deal-rules.ts";
import { SiteFooter } from "./landing/site-footer.tsx";
import { SiteHeader } from "./landing/site-header.tsx";

const TITLE = "How we find deals · GoRDU";
const percent = (share: number) => `${Math.round(share * 100)}%`;
const { newEpisode } = DEAL_RULES;

/** The public deal rule (docs/deal-rules.md): the detector's own constants, stated in plain words. */
export function HowWeFindDealsPage() {
  const { domestic, international } = DEAL_RULES;
  return (
    <>
      <title>{TITLE}</title>
      <meta name="description" content="The rule GoRDU uses to decide that a fare from RDU is a deal, with its thresholds." />
      <SiteHeader />
      <main className="section">
        <div className="container legal">
          <h1>How we find deals</h1>
          <p>
            Every few hours we look up fares from Raleigh-Durham (RDU) to every destination we cover, for weekend trips and week-long trips up to eight months
            ahead, and keep each day's lowest fare for each pair of dates. This is the whole rule we use to decide that a fare is a deal. It is the same code
            that sends the alerts.
          </p>

          <h2>1. What a trip usually costs</h2>
          <p>
            We compare a fare only with fares for the same kind of trip: weekend trips (leaving Friday or Saturday, back Sunday or Monday), week-long trips (6
            to 8 nights), other lengths, and one-way trips are kept apart, because a weekend away costs more than a week. For each route, kind of trip and month
            of departure, the typical price is the median of the last year's daily lowest fares, corrected for how far ahead the trip is (fares a few weeks out
            cost more), blended between neighbouring months for dates near a month's end, and adjusted for dates that are always dearer: a holiday weekend we
            have only just started to watch is priced by what the same dates cost a year before (and where the same weekday and the same date a year before
            disagree, by the cheaper of the two, so a date next to a holiday is not priced as the holiday).
          </p>
          <p>
            Prices move as a whole too: a route slowly getting dearer or cheaper moves its typical price with it (we follow each route's level over the last{" "}
            {DEAL_RULES.levelDays} days). When a whole route suddenly falls by more than about {percent(DEAL_RULES.levelShift)} (a fare war), we compare with
            the new level, so one fare war is not dozens of alerts; once it is over, its weeks no longer count in the route's level, so a real sale right after
            it is measured against ordinary fares. When a whole route suddenly rises (a spike of a day or three), we keep comparing with its usual level: an
            ordinary fare is not a deal because everything else got dearer for a day. A route that stays up for {DEAL_RULES.levelMovedAfterDays} days has moved
            (a fare war has ended, or prices went up for good), and we compare with its new level.
          </p>
          <p>
            We need at least {DEAL_RULES.minObservationDays} different days of our own fares for a kind of trip and month before we trust them. Until then we
            use the airline search's own typical range and price history for that exact search, and we never borrow other seasons' prices.
          </p>

          <h2>2. When a fare is a deal</h2>
          <ul>
            <li>
              It is at least {percent(domestic.minShareBelow)} below the typical price and saves at least ${domestic.minSaved} (domestic), or at least{" "}
              {percent(international.minShareBelow)} and ${international.minSaved} (international). We aim at savings of ${domestic.aimSaved} and $
              {international.aimSaved}; our typical price is an estimate, right to within a few percent, so we give a fare that margin rather than miss a real
              saving.
            </li>
            <li>
              It stands out from the route's usual ups and downs: its distance below the typical price is at least {Math.abs(DEAL_RULES.maxRobustZ)} times the
              route's usual day-to-day spread, so a route whose fares swing a lot needs a deeper drop than a calm one. In plain words, it is cheaper than about
              99% of the fares we see for that kind of trip.
            </li>
            <li>The flight leaves at least {DEAL_RULES.minDaysToDeparture} days from now.</li>
          </ul>
          <p>We call 20–34% below typical a good deal, 35–49% a great deal, and 50% or more exceptional (possibly a mistake fare).</p>

          <h2>3. One alert per drop</h2>
          <ul>
            <li>A deal ends when its fare goes back above the usual range.</li>
            <li>
              A later drop on the same dates is a new deal with a new alert only if the fare falls at least {percent(newEpisode.grid.shareBelowRecent)} below
              the usual lowest fare of those dates over the last {DEAL_RULES.recentPairDays} days ({percent(newEpisode.sweep.shareBelowRecent)} where our
              searches are rationed by a monthly budget), counting only the days since the earlier deal ended and before we first saw the new drop: the days of
              an earlier sale, or of the new drop itself, are not usual.
            </li>
            <li>
              We alert a drop only once it has held: we look at its dates again every hour, and it must still be there {DEAL_RULES.dropHoldsHours} hours after
              we first saw it ({newEpisode.grid.holdsHours} hours for a new drop on dates that already had a deal; {newEpisode.sweep.holdsHours} where searches
              are rationed, as each look costs one). A sale holds its price for days, while a low price that lasts an hour or two is usually the ordinary ups
              and downs of fares. A fare at half price or less may be a mistake fare that airlines fix within hours, so we alert it as soon as a second look
              agrees. When a fresh search confirms a price from a cached source, that confirmation is enough for a new deal.
            </li>
            <li>
              While a deal is live, we alert again only if its fare falls by a further {percent(DEAL_RULES.realertMinDropShare)} and at least $
              {DEAL_RULES.realertMinDropDollars}, at least {DEAL_RULES.realertMinHours} hours after the last alert, and the lower fare holds{" "}
              {DEAL_RULES.dropHoldsHours} hours too.
            </li>
          </ul>

          <h2>4. How we check the rule</h2>
          <p>
            We replay a simulated year of fares with sales planted at known depths through this same code, and publish how many real drops it catches and how
            many alerts were not real deals. The numbers are in our repository's deal quality report.
          </p>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
