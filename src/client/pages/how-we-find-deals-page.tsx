import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { DealRuleExample } from "../../domain/api/deals.ts";
import { DEAL_RULES, RULE_EXAMPLE_MIN_DAYS } from "../../domain/deal-rules.ts";
import { apiFromContext } from "../root-data.ts";
import { RuleExampleFigure } from "../components/rule-example-figure.tsx";
import { SiteFooter } from "./landing/site-footer.tsx";
import { SiteHeader } from "./landing/site-header.tsx";

const TITLE = "How we find deals · GoRDU";
const percent = (share: number) => `${Math.round(share * 100)}%`;
const { newEpisode } = DEAL_RULES;

type RuleExampleState = { state: "ready"; example: DealRuleExample | null } | { state: "failed" };

/** The example comes from the product's own data (decision 109); the page still renders when it cannot be read. */
export async function howWeFindDealsLoader({ context }: LoaderFunctionArgs): Promise<RuleExampleState> {
  try {
    return { state: "ready", example: (await apiFromContext(context).dealRuleExample()).example };
  } catch {
    return { state: "failed" };
  }
}

/** The public deal rule (docs/deal-rules.md): the detector's own constants, stated in plain words, and shown on one real trip. */
export function HowWeFindDealsPage() {
  const example = useLoaderData() as RuleExampleState;
  const { domestic, international } = DEAL_RULES;
  return (
    <>
      <title>{TITLE}</title>
      <meta name="description" content="The rule GoRDU uses to decide that a fare from RDU is a deal, with its thresholds, shown on a real trip." />
      <SiteHeader />
      <main className="section">
        <div className="container legal">
          <h1>How we find deals</h1>
          <p>
            Every few hours we look up fares from Raleigh-Durham (RDU) to every destination we cover, for weekend trips and week-long trips up to eight months
            ahead, and keep one fare a day for each pair of dates, the lowest of at most four looks six hours apart (more looks would only find a lower price by
            chance). Besides each month's cheapest trips, we go through every one of those pairs of dates in turn, so a sale that is not the cheapest of its
            month (a holiday weekend, a second sale weekend) is still found. This is the whole rule we use to decide that a fare is a deal. It is the same code
            that sends the alerts.
          </p>

          <RuleExampleSection example={example} />

          <h2>1. What a trip usually costs</h2>
          <p>
            We compare a fare only with fares for the same kind of trip: weekend trips (leaving Friday or Saturday, back Sunday or Monday), week-long trips (6
            to 8 nights), other lengths, and one-way trips are kept apart, because a weekend away costs more than a week. For each route, kind of trip and month
            of departure, the typical price is the median of the last year's daily lowest fares, corrected for how far ahead the trip is (fares a few weeks out
            cost more), blended between neighbouring months for dates near a month's end, and adjusted for dates that are always dearer: a holiday weekend we
            have only just started to watch is priced by what the same dates cost a year before (and where the same weekday and the same date a year before
            disagree, by the cheaper of the two, so a date next to a holiday is not priced as the holiday). A holiday that moves a week from one year to the
            next, like Labor Day, is matched with itself a year before. Within each kind, every shape of trip keeps its own price: leaving on a Friday and
            coming back on the Sunday is not priced as Friday to Monday.
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
            The fares we count are searches of a trip's own dates. A list of the cheapest trips of a month shows where to look, but its cheapest trip is no
            guide to what trips there usually cost, so it never lowers the typical price.
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
            <li>
              When the airline search also lists what those exact dates cost on each of the last {DEAL_RULES.ownDates.days} days, a new deal must be at least{" "}
              {percent(DEAL_RULES.ownDates.shareBelow)} below their usual price there too. Our typical price is worked out for the whole route; now and then it
              is too high for one pair of dates, and their own days show it.
            </li>
          </ul>
          <p>We call 20–34% below typical a good deal, 35–49% a great deal, and 50% or more exceptional (possibly a mistake fare).</p>

          <h2>3. One alert for each sale</h2>
          <ul>
            <li>
              A fare at least {percent(DEAL_RULES.clearDropShareBelow)} below the typical price, on dates we have not alerted before, goes out as soon as we see
              it: that far down, it is a sale, not fares going up and down, and a sale can be gone before a second look.
            </li>
            <li>
              A fare closer to the line we make sure of before we tell you. We check the same dates again every hour, and we alert only if the fare is still low{" "}
              {DEAL_RULES.dropHoldsHours} hours after we first saw it, at the same price give or take {percent(DEAL_RULES.heldFareShare)}. Real sales keep their
              price for days; a fare that is low for an hour or two, or moves from one check to the next, is usually just fares going up and down.
            </li>
            <li>
              On dates we have told you about before, a fare at half price or less may be a mistake that the airline fixes within hours, so we alert it as soon
              as a second check finds the same price. A price from a list of fares that may be a few hours old is never alerted on its own: a fresh search must
              find it again, and that is enough.
            </li>
            <li>The deal ends when its fare goes back up into the usual range.</li>
            <li>
              If the same dates get cheap again after that, it is a new deal only if the fare is at least {percent(newEpisode.grid.shareBelowRecent)} below what
              those dates usually cost over the last {DEAL_RULES.recentPairDays} days, not counting the days of the earlier sale, and it must stay low for{" "}
              {newEpisode.grid.holdsHours} hours. On routes we check less often (our searches there come out of a monthly budget) it must be{" "}
              {percent(newEpisode.sweep.shareBelowRecent)} below and stay low for {newEpisode.sweep.holdsHours} hours.
            </li>
            <li>
              While a deal lasts, we alert you again only if its fare falls a further {percent(DEAL_RULES.realertMinDropShare)} and at least $
              {DEAL_RULES.realertMinDropDollars}, at least {DEAL_RULES.realertMinHours} hours after the last alert, and the lower fare stays for{" "}
              {DEAL_RULES.dropHoldsHours} hours too.
            </li>
          </ul>

          <h2>4. See it for yourself</h2>
          <p>
            Every alert and every deal on your dashboard shows the same evidence as the picture above: the typical range for that kind of trip, how far below it
            the fare is, and the route's fares over the last 90 days. When a fare goes back up, the deal is marked Ended on your dashboard, so you always know
            whether it is still there.
          </p>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}

/** The rule on one real trip, beside the words; or, before any deal has enough days of fares, say so. */
function RuleExampleSection({ example }: { example: RuleExampleState }) {
  return (
    <section className="rule-example" aria-labelledby="rule-example-title">
      <h2 id="rule-example-title">The rule on a real trip</h2>
      {example.state === "failed" ? (
        <p className="muted">The example could not be loaded right now. Please try again in a moment.</p>
      ) : example.example === null ? (
        <p className="muted">
          We draw this from a real deal as soon as one has at least {RULE_EXAMPLE_MIN_DAYS} days of fares behind it. Our first scans are still building that
          history, so check back soon.
        </p>
      ) : (
        <RuleExampleFigure example={example.example} />
      )}
    </section>
  );
}
