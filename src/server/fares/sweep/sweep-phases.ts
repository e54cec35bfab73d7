/**
 * The phases of one discovery sweep (discovery-sweep.ts runs them in this order): discover candidates, confirm the
 * deepest, look at drops that can have held and at the trips hidden behind a new drop, re-check live deals unseen for a
 * while, price the routes we cannot judge yet, then count what the sweep saw. Each spends out of the same share
 * through confirmOne (sweep-run.ts) and stops when it is spent.
 */
import { DESTINATIONS } from "../../../domain/destinations.ts";
import { DEAL_RULES } from "../../../domain/deal-rules.ts";
import { HOUR_MS } from "../../../domain/calendar.ts";
import { messageOf } from "../../../domain/error-text.ts";
import { refusedByOwnDates, type JudgedQuote } from "../judge/deal-records.ts";
import { judgeFare } from "../judge/detect.ts";
import { routeKey } from "../judge/observations.ts";
import type { FareQuote } from "../sources/fare-source.ts";
import type { DiscoverySearch } from "./completeness-pass.ts";
import { datesHaveDeal, liveDeals, notObservedToday, type DatesRow } from "./sweep-lookups.ts";
import { candidateQuote, datesQuote, tripKey } from "./sweep-quotes.ts";
import { canSpend, confirmOne, seenThisSweep, type DiscoverySweep, type SweepCounts, type SweepRun } from "./sweep-run.ts";

/** A live deal unseen this long is looked at again by its exact dates, when the share allows. */
export const RECHECK_AFTER_HOURS = 12;
const CATALOGUE = new Set(DESTINATIONS.map((d) => d.code));

const describeQuery = (query: DiscoverySearch) =>
  `${query.destination ?? query.area} ${query.dates ? `${query.dates.departDate}..${query.dates.returnDate}` : `${query.tripKind} ${query.month ?? "next six months"}`}`;

/**
 * Discover: the cheapest trip per destination and area, a cached candidate each. An exact-date search's price is kept
 * as the day's first price of its trip; a window's cheapest pick is not price history (it sits far below what its trip
 * usually costs: decision 145) and is kept apart for the booked-trip fare watch. With nothing left this month the first
 * discovery is still asked for: the source refuses it in its own words, sending nothing.
 */
export async function discoverCandidates(run: SweepRun, queries: readonly DiscoverySearch[]): Promise<FareQuote[]> {
  const { fares, sweep, allowance, candidates, exactDatePrices, now } = run;
  const keepCheapest = (prices: Map<string, FareQuote>, quote: FareQuote) => {
    const kept = prices.get(tripKey(quote));
    if (!kept || quote.price < kept.price) prices.set(tripKey(quote), quote);
  };
  for (const [index, query] of queries.entries()) {
    if (!canSpend(run) && !(index === 0 && allowance?.left === 0)) break;
    try {
      const found = await fares.discover!({ now, ...query, nonstopOnly: false });
      sweep.discoverySearches += found.searched;
      sweep.discoveryRows += found.rawRows;
      for (const row of found.rows) {
        if (!CATALOGUE.has(row.destination)) continue;
        const quote = candidateQuote(row, fares.name);
        keepCheapest(candidates, quote);
        if (query.dates) keepCheapest(exactDatePrices, quote);
      }
    } catch (error) {
      if (allowance?.left === 0) {
        sweep.errors.push(messageOf(error));
        break;
      }
      sweep.errors.push(`discovering ${describeQuery(query)}: ${messageOf(error)}`);
    }
  }
  const found = [...candidates.values()];
  sweep.observations.push(...notObservedToday(run.db, [...exactDatePrices.values()], run.today).map((quote) => ({ quote, observedAt: now })));
  sweep.explorePicks.push(...found.filter((quote) => !exactDatePrices.has(tripKey(quote))));
  return found;
}

/**
 * Confirm: one fresh search per candidate judged a deal, the deepest first; a candidate left unconfirmed is not a deal.
 * A live deal seen again at about its price needs no new proof: the sweep's confirmations go to new candidates.
 */
export async function confirmDealCandidates(run: SweepRun, judgedFound: readonly JudgedQuote[]): Promise<void> {
  const live = new Map(
    liveDeals(run.db).map(([destination, departDate, returnDate, cabin, , price]) => [
      tripKey({ destination, departDate, returnDate: returnDate || null, cabin }),
      price,
    ]),
  );
  const alreadyLive = (quote: FareQuote) => {
    const price = live.get(tripKey(quote));
    return price !== undefined && quote.price > price * (1 - DEAL_RULES.realertMinDropShare) && quote.price > price - DEAL_RULES.realertMinDropDollars;
  };
  const dealCandidates = judgedFound
    .filter((item) => item.judgement?.isDeal && !alreadyLive(item.quote))
    .sort((a, b) => b.judgement!.shareBelow - a.judgement!.shareBelow);
  for (const item of dealCandidates) {
    const outcome = await confirmOne(run, item.quote);
    if (outcome === "not-sent") continue;
    if (outcome) run.fresh.set(tripKey(outcome.quote), { ...outcome, confirmsCachedDeal: true });
    if (outcome && isConfirmedDeal(run, outcome)) run.sweep.confirmed++;
    else run.sweep.rejected++;
  }
}

/** A fresh answer that will be recorded as a deal: judged one, and below its own dates' recent prices when new (decision 141). */
function isConfirmedDeal(run: SweepRun, outcome: JudgedQuote): boolean {
  return outcome.judgement?.isDeal === true && !refusedByOwnDates(outcome.quote, datesHaveDeal(run.db, outcome.quote), run.today);
}

/**
 * Looks at trips by their exact dates when this sweep did not see them: the dates of drops that can have held (still a
 * drop, it alerts), or the trips behind a new drop that Explore could not show (one on sale too is a drop of its own).
 */
export async function lookAtDates(run: SweepRun, trips: readonly DatesRow[], counter: keyof Pick<SweepCounts, "heldDropLooks" | "neighbourLooks">) {
  for (const [destination, departDate, returnDate, cabin] of trips) {
    const quote = datesQuote(run.fares.name, destination, departDate, returnDate, cabin);
    if (seenThisSweep(run, quote)) continue;
    if ((await confirmOne(run, quote)) !== "not-sent") run.sweep[counter]++;
  }
}

/** Re-checks live deals this sweep did not see at their dates and not seen for RECHECK_AFTER_HOURS, the longest unseen first. */
export async function recheckLiveDeals(run: SweepRun): Promise<void> {
  for (const [destination, departDate, returnDate, cabin, lastSeenAt] of liveDeals(run.db)) {
    const quote = datesQuote(run.fares.name, destination, departDate, returnDate, cabin);
    if (seenThisSweep(run, quote) || run.now.getTime() - lastSeenAt < RECHECK_AFTER_HOURS * HOUR_MS) continue;
    if ((await confirmOne(run, quote)) !== "not-sent") run.sweep.rechecks++;
  }
}

/**
 * Routes we cannot judge yet (no history of our own): one fresh search brings Google's typical range and price history,
 * the least-known route first. A deal found this way is judged by Google's own range on its fresh answer, a confirmed
 * candidate too (or found not real, when its own dates cost as little lately: decision 141), and the discovered price,
 * judged by that range, is the drop's first sighting.
 */
export async function priceUnjudgedRoutes(run: SweepRun, judgedFound: readonly JudgedQuote[]): Promise<void> {
  const unjudged = judgedFound.filter((item) => item.range === null && !run.fresh.has(tripKey(item.quote)));
  unjudged.sort((a, b) => run.history.of(routeKey(a.quote)).length - run.history.of(routeKey(b.quote)).length);
  for (const item of unjudged) {
    if (!canSpend(run)) break;
    const outcome = await confirmOne(run, item.quote);
    if (outcome === "not-sent" || !outcome?.judgement?.isDeal || !outcome.range) continue;
    if (!isConfirmedDeal(run, outcome)) {
      run.sweep.rejected++;
      continue;
    }
    run.sweep.confirmed++;
    if (judgeFare(item.quote, outcome.range, run.today).isDeal) run.fresh.set(tripKey(outcome.quote), { ...outcome, confirmsCachedDeal: true });
  }
}

/** The sweep's result: each candidate by its fresh answer when it has one, otherwise as an unconfirmed cached price. */
export function tallySweep(run: SweepRun, found: readonly FareQuote[], judgedFound: readonly JudgedQuote[]): DiscoverySweep {
  const { sweep, fresh, allowance } = run;
  const unconfirmed = (item: JudgedQuote): JudgedQuote =>
    item.judgement ? { ...item, judgement: { ...item.judgement, isDeal: false, tier: null, reason: "cached price, not confirmed by a fresh search" } } : item;
  for (const item of judgedFound) {
    if (!fresh.has(tripKey(item.quote))) sweep.judged.push(item.judgement?.isDeal ? unconfirmed(item) : item);
  }
  sweep.judged.push(...fresh.values());
  sweep.searched = sweep.discoverySearches + sweep.confirmSearches;
  sweep.quotes = found.length + fresh.size;
  sweep.observedRoutes = [...new Set([...found, ...[...fresh.values()].map((item) => item.quote)].map((quote) => quote.destination))];
  sweep.routes = sweep.observedRoutes.length;
  sweep.quotaLeft = allowance ? allowance.left - allowance.spent : null;
  return sweep;
}
