/**
 * Discover wide, confirm narrow (docs/decisions/080): one scan of a source that sweeps by discovery. Travel Explore
 * searches (discovery-plan.ts) give the cheapest trip to each destination of an area; each is a cached candidate,
 * judged against the route's typical range. A candidate that looks like a deal gets one fresh Google Flights search
 * of its exact dates (confirm), which proves the fare live and brings Google's typical range and price history.
 * Then it searches the dates of drops that can have held (docs/decisions/085; their searches were set aside before
 * discovery). What the share has left then re-checks live deals not seen for a while, then prices routes we cannot
 * judge yet (no history of our own): their fresh answer carries Google's range, so a deal can be found on a new install.
 */
import type { Db } from "../../../../db/client.ts";
import { DESTINATIONS } from "../../../domain/destinations.ts";
import { DAY_MS, dayNumber, daysBetween, HOUR_MS, monthOf } from "../../../domain/calendar.ts";
import type { JudgedQuote } from "../judge/deal-records.ts";
import { DEAL_RULES } from "../../../domain/deal-rules.ts";
import { DISCOVERY_AREAS } from "../../../domain/discovery-areas.ts";
import { confirmationReserve, CORE_QUERIES, planDiscovery, rotation, rotationSearchesOf, rotationSize } from "./discovery-plan.ts";
import { HOME_AIRPORT, type DiscoveryRow, type FareQuote, type FareSource, type PastObservation } from "../sources/fare-source.ts";
import { judgeFare } from "../judge/detect.ts";
import { judgeQuotes } from "../judge/judge-quotes.ts";
import { routeKey, type PriceHistory } from "../judge/observations.ts";
import { tripDatePairs } from "./scan-plan.ts";
import { messageOf } from "../../../domain/error-text.ts";

/** A live deal unseen this long is looked at again by its exact dates, when the share allows. */
export const RECHECK_AFTER_HOURS = 12;
const CATALOGUE = new Set(DESTINATIONS.map((d) => d.code));
/** The hour (UTC) a day of Google's price history is filed at: its points carry a date, not a time. */
export const PROVIDER_HISTORY_HOUR_UTC = 17;
const HELD_LOOK_WINDOW_HOURS = 1.5;

export interface SweepCounts {
  discoverySearches: number;
  /** Rows of every Explore answer, before any was skipped or merged. */
  discoveryRows: number;
  confirmSearches: number;
  /** Candidates a fresh search found to be a deal still. */
  confirmed: number;
  /** Candidates a fresh search found gone or not a deal: the cached price was not real. */
  rejected: number;
  rechecks: number;
  /** Searches of the dates of drops that could have held (dropsThatCanHaveHeld). */
  heldDropLooks: number;
  /** Searches of the trips a new drop's discovery could not show (hiddenNeighbours). */
  neighbourLooks: number;
}

/** A sweep's counts before it searches anything, and a scan's that made no sweep. */
export const NO_SWEEP_COUNTS: Readonly<SweepCounts> = {
  discoverySearches: 0,
  discoveryRows: 0,
  confirmSearches: 0,
  confirmed: 0,
  rejected: 0,
  rechecks: 0,
  heldDropLooks: 0,
  neighbourLooks: 0,
};

export interface DiscoverySweep extends SweepCounts {
  /** Every price seen, to keep as observations (Google's price history of a confirmation as its own days). */
  observations: PastObservation[];
  /** Destinations priced by this sweep (discovered or searched). */
  observedRoutes: string[];
  judged: JudgedQuote[];
  searched: number;
  quotes: number;
  routes: number;
  quotaLeft: number | null;
  errors: string[];
}

export interface SweepInput {
  db: Db;
  fares: FareSource;
  history: PriceHistory;
  now: Date;
  today: string;
}

/** A discovery row as a cached quote: a candidate until a fresh search confirms it. */
export function candidateQuote(row: DiscoveryRow, source: string): FareQuote {
  return {
    origin: HOME_AIRPORT,
    destination: row.destination,
    tripType: "round_trip",
    cabin: "economy",
    nonstop: row.stops === 0,
    departDate: row.departDate,
    returnDate: row.returnDate,
    price: row.price,
    airline: row.airline,
    durationMinutes: row.durationMinutes,
    providerTypicalLow: null,
    providerTypicalHigh: null,
    source,
    cached: true,
  };
}

/** Google's daily prices for a confirmed search, as observations of those days (they fill a thin history). */
function* providerDays(quote: FareQuote): Iterable<PastObservation> {
  for (const point of quote.providerPriceHistory ?? []) {
    const observedAt = new Date(dayNumber(point.day) * DAY_MS + PROVIDER_HISTORY_HOUR_UTC * HOUR_MS);
    yield { quote: { ...quote, price: point.price, providerTypicalLow: null, providerTypicalHigh: null }, observedAt };
  }
}

/** Rotation searches made by earlier scans of this source. */
function rotationDone(db: Db, source: string, areas: readonly (typeof DISCOVERY_AREAS)[number][]): number {
  const rows = db.$client.query("SELECT discovery_searches FROM fare_scans WHERE source = ? AND discovery_searches > 0").values(source) as [number][];
  return rows.reduce((sum, [searches]) => sum + rotationSearchesOf(searches, areas), 0);
}

/**
 * The quotes whose route and dates have no observation yet today. Hourly sweeps see a window's cheapest trips again
 * and again; a day's minimum over two dozen sightings (each already the cheapest of its window) runs far below the
 * trip's typical price and would drag the typical range down until a true 25 % drop no longer looks like a deal
 * (docs/decisions/082). So a discovered or confirmed price is kept only as the day's first price of its trip.
 */
function notObservedToday(db: Db, quotes: readonly FareQuote[], today: string): FareQuote[] {
  const seen = db.$client.query(
    "SELECT 1 FROM fare_observations WHERE origin = ? AND destination = ? AND trip_type = ? AND cabin = ? AND depart_date = ? AND return_date = ? AND observed_day = ?",
  );
  return quotes.filter(
    (quote) => seen.get(quote.origin, quote.destination, quote.tripType, quote.cabin, quote.departDate, quote.returnDate ?? "", today) === null,
  );
}

/**
 * Drops waiting to hold (deal-records.ts) that can have held by now: first seen 3 to 4½ hours ago, or 6 to 7½ (a new
 * episode holds 6 hours in a sweep; a new deal has alerted or been forgotten at its first look, unless it found no
 * fare). A sweep looks at their dates itself when discovery did not show them, so a sale on dates alerted before alerts
 * once it has held rather than when Explore happens to show those dates again (docs/decisions/085, 094 and 095). Each
 * window gives a drop one look, or two when the first found no fare.
 */
function dropsThatCanHaveHeld(db: Db, now: Date) {
  const heldSince = (hours: number) => now.getTime() - hours * HOUR_MS;
  const window = HELD_LOOK_WINDOW_HOURS * HOUR_MS;
  const drop = heldSince(DEAL_RULES.dropHoldsHours);
  const episode = heldSince(DEAL_RULES.newEpisode.sweep.holdsHours);
  return db.$client
    .query(
      `SELECT destination, depart_date, return_date, cabin FROM drop_sightings
       WHERE (seen_at <= ?1 AND seen_at > ?2) OR (seen_at <= ?3 AND seen_at > ?4) ORDER BY seen_at`,
    )
    .values(drop, drop - window, episode, episode - window) as DatesRow[];
}

type DatesRow = [destination: string, departDate: string, returnDate: string, cabin: FareQuote["cabin"]];

/**
 * The trips a new drop's discovery could not show (docs/decisions/086). Explore answers one trip per destination, month
 * and kind, and a sale seldom covers one date pair: the other trips of the same kind in the same month, on a route
 * whose drop the last sweep first saw or alerted, may be on sale behind it. Each gets one search, unless it is
 * already a live deal or a drop waiting to hold.
 */
function hiddenNeighbours(db: Db, now: Date, today: string): DatesRow[] {
  const since = now.getTime() - HELD_LOOK_WINDOW_HOURS * HOUR_MS;
  const newDrops = db.$client
    .query(
      `SELECT destination, depart_date, return_date, cabin FROM drop_sightings WHERE seen_at > ?1 AND seen_at < ?2
       UNION SELECT destination, depart_date, return_date, cabin FROM deals WHERE is_active = 1 AND last_alerted_at > ?1 AND last_alerted_at < ?2`,
    )
    .values(since, now.getTime()) as DatesRow[];
  const known = new Set(
    (
      db.$client
        .query(
          "SELECT destination, depart_date, return_date, cabin FROM drop_sightings UNION SELECT destination, depart_date, return_date, cabin FROM deals WHERE is_active = 1",
        )
        .values() as DatesRow[]
    ).map((row) => row.join("|")),
  );
  const pairs = tripDatePairs(today);
  const neighbours = new Map<string, DatesRow>();
  for (const [destination, departDate, returnDate, cabin] of newDrops) {
    if (!returnDate) continue;
    const nights = daysBetween(departDate, returnDate);
    for (const pair of pairs) {
      if (daysBetween(pair.departDate, pair.returnDate) !== nights || monthOf(pair.departDate) !== monthOf(departDate)) continue;
      const row: DatesRow = [destination, pair.departDate, pair.returnDate, cabin];
      if (!known.has(row.join("|"))) neighbours.set(row.join("|"), row);
    }
  }
  return [...neighbours.values()];
}

/** A search of a deal's or a drop's exact dates, as a quote to confirm. */
function datesQuote(source: string, destination: string, departDate: string, returnDate: string, cabin: FareQuote["cabin"]): FareQuote {
  const row = { destination, departDate, returnDate, price: 0, airline: "", airlineCode: null, stops: null, durationMinutes: null };
  return { ...candidateQuote(row, source), cabin, returnDate: returnDate || null };
}

function liveDeals(db: Db) {
  return db.$client
    .query("SELECT destination, depart_date, return_date, cabin, last_seen_at, price FROM deals WHERE is_active = 1 ORDER BY last_seen_at")
    .values() as [string, string, string, FareQuote["cabin"], number, number][];
}

const keyOf = (q: Pick<FareQuote, "destination" | "departDate" | "returnDate" | "cabin">) =>
  `${q.destination}|${q.departDate}|${q.returnDate ?? ""}|${q.cabin}`;

export async function sweepByDiscovery({ db, fares, history, now, today }: SweepInput): Promise<DiscoverySweep> {
  if (!fares.discover) throw new Error(`${fares.name} cannot discover`);
  const areas = fares.discoveryAreas ?? DISCOVERY_AREAS;
  const errors: string[] = [];
  const allowance = fares.allowance ? await fares.allowance(now) : null;
  const unlimited = allowance === null;
  const canSpend = () => unlimited || (allowance.spent < allowance.share && !allowance.refusal);
  const turn = rotation(areas, today);
  // Never the same query twice in a sweep: a repeat within the hour is SerpApi's cached answer (free, and nothing new).
  const distinctQueries = CORE_QUERIES.length + rotationSize(turn);
  // Looks at drops that can have held (each is a real sale's alert, or the end of a false one) and at the trips a new
  // drop's discovery could not show come before the rotation, up to half the share, so a backlog after an outage
  // cannot stop discovery.
  const heldDrops = dropsThatCanHaveHeld(db, now);
  const neighbours = hiddenNeighbours(db, now, today);
  const reservedLooks = unlimited ? 0 : Math.min(heldDrops.length + neighbours.length, Math.floor(allowance.share / 2));
  const reserved = unlimited ? 0 : confirmationReserve(allowance.share) + reservedLooks;
  const discoverCount = unlimited ? distinctQueries : Math.min(distinctQueries, allowance.share - reserved);
  const sweep: DiscoverySweep = {
    ...NO_SWEEP_COUNTS,
    observations: [],
    observedRoutes: [],
    judged: [],
    searched: 0,
    quotes: 0,
    routes: 0,
    quotaLeft: null,
    errors,
  };

  const queries = planDiscovery({ count: Math.max(1, discoverCount), areas, today, rotationDone: rotationDone(db, fares.name, areas) });

  // Discover: the cheapest trip per destination and area, a cached candidate each. With nothing left this month
  // the first discovery is still asked for: the source refuses it in its own words, sending nothing.
  const candidates = new Map<string, FareQuote>();
  for (const [index, query] of queries.entries()) {
    if (!canSpend() && !(index === 0 && allowance?.left === 0)) break;
    try {
      const found = await fares.discover({ now, ...query, nonstopOnly: false });
      sweep.discoverySearches += found.searched;
      sweep.discoveryRows += found.rawRows;
      for (const row of found.rows) {
        if (!CATALOGUE.has(row.destination)) continue;
        const quote = candidateQuote(row, fares.name);
        const kept = candidates.get(keyOf(quote));
        if (!kept || quote.price < kept.price) candidates.set(keyOf(quote), quote);
      }
    } catch (error) {
      if (allowance?.left === 0) {
        errors.push(messageOf(error));
        break;
      }
      errors.push(`discovering ${query.destination ?? query.area} ${query.tripKind} ${query.month ?? "next six months"}: ${messageOf(error)}`);
    }
  }
  const found = [...candidates.values()];
  sweep.observations.push(...notObservedToday(db, found, today).map((quote) => ({ quote, observedAt: now })));
  const judgedFound = judgeQuotes(found, history, today).judged;

  // Confirm: one fresh search per candidate, the deepest first; a candidate left unconfirmed is not a deal.
  const unconfirmed = (item: JudgedQuote, reason: string): JudgedQuote =>
    item.judgement ? { ...item, judgement: { ...item.judgement, isDeal: false, tier: null, reason } } : item;
  const fresh = new Map<string, JudgedQuote>();
  const confirmOne = async (quote: FareQuote): Promise<JudgedQuote | null | "not-sent"> => {
    if (!fares.confirm || !canSpend()) return "not-sent";
    sweep.confirmSearches++;
    try {
      const answer = await fares.confirm(quote, now);
      if (!answer || answer.cached) return null;
      const firstToday = notObservedToday(db, [answer], today).length > 0 && !candidates.has(keyOf(answer));
      sweep.observations.push(...(firstToday ? [{ quote: answer, observedAt: now }] : []), ...providerDays(answer));
      const [judged] = judgeQuotes([answer], history, today).judged;
      fresh.set(keyOf(answer), judged!);
      return judged!;
    } catch (error) {
      sweep.confirmSearches--;
      errors.push(`confirming ${quote.destination} ${quote.departDate}: ${messageOf(error)}`);
      return "not-sent";
    }
  };

  // A live deal seen again at about its price needs no new proof: the sweep's confirmations go to new candidates.
  const live = new Map(
    liveDeals(db).map(([destination, departDate, returnDate, cabin, , price]) => [
      keyOf({ destination, departDate, returnDate: returnDate || null, cabin }),
      price,
    ]),
  );
  const alreadyLive = (quote: FareQuote) => {
    const price = live.get(keyOf(quote));
    return price !== undefined && quote.price > price * (1 - DEAL_RULES.realertMinDropShare) && quote.price > price - DEAL_RULES.realertMinDropDollars;
  };
  const dealCandidates = judgedFound
    .filter((item) => item.judgement?.isDeal && !alreadyLive(item.quote))
    .sort((a, b) => b.judgement!.shareBelow - a.judgement!.shareBelow);
  for (const item of dealCandidates) {
    const outcome = await confirmOne(item.quote);
    if (outcome === "not-sent") continue;
    if (outcome) fresh.set(keyOf(outcome.quote), { ...outcome, confirmsCachedDeal: true });
    if (outcome?.judgement?.isDeal) sweep.confirmed++;
    else sweep.rejected++;
  }

  // Look at the dates of drops that can have held, when this sweep did not see them: still a drop, it alerts.
  for (const [destination, departDate, returnDate, cabin] of heldDrops) {
    const quote = datesQuote(fares.name, destination, departDate, returnDate, cabin);
    if (candidates.has(keyOf(quote)) || fresh.has(keyOf(quote))) continue;
    if ((await confirmOne(quote)) !== "not-sent") sweep.heldDropLooks++;
  }

  // Look at the trips behind a new drop that Explore could not show: one on sale too is a drop of its own.
  for (const [destination, departDate, returnDate, cabin] of neighbours) {
    const quote = datesQuote(fares.name, destination, departDate, returnDate, cabin);
    if (candidates.has(keyOf(quote)) || fresh.has(keyOf(quote))) continue;
    if ((await confirmOne(quote)) !== "not-sent") sweep.neighbourLooks++;
  }

  // Re-check live deals this sweep did not see at their dates, the longest unseen first.
  for (const [destination, departDate, returnDate, cabin, lastSeenAt] of liveDeals(db)) {
    const quote = datesQuote(fares.name, destination, departDate, returnDate, cabin);
    if (candidates.has(keyOf(quote)) || fresh.has(keyOf(quote)) || now.getTime() - lastSeenAt < RECHECK_AFTER_HOURS * HOUR_MS) continue;
    const outcome = await confirmOne(quote);
    if (outcome !== "not-sent") sweep.rechecks++;
  }

  // Routes we cannot judge yet: one fresh search brings Google's typical range (and price history) for them.
  const unjudged = judgedFound.filter((item) => item.range === null && !fresh.has(keyOf(item.quote)));
  unjudged.sort((a, b) => history.of(routeKey(a.quote)).length - history.of(routeKey(b.quote)).length);
  for (const item of unjudged) {
    if (!canSpend()) break;
    const outcome = await confirmOne(item.quote);
    // Judged by Google's own range on its fresh answer: a deal found this way is a confirmed candidate too, and the
    // discovered price, judged by that range, is the drop's first sighting.
    if (outcome === "not-sent" || !outcome?.judgement?.isDeal || !outcome.range) continue;
    sweep.confirmed++;
    if (judgeFare(item.quote, outcome.range, today).isDeal) fresh.set(keyOf(outcome.quote), { ...outcome, confirmsCachedDeal: true });
  }

  // Each candidate counts by its fresh answer when it has one; otherwise it stays an unconfirmed cached price.
  for (const item of judgedFound) {
    if (!fresh.has(keyOf(item.quote))) sweep.judged.push(item.judgement?.isDeal ? unconfirmed(item, "cached price, not confirmed by a fresh search") : item);
  }
  sweep.judged.push(...fresh.values());
  sweep.searched = sweep.discoverySearches + sweep.confirmSearches;
  sweep.quotes = found.length + fresh.size;
  sweep.observedRoutes = [...new Set([...found, ...[...fresh.values()].map((item) => item.quote)].map((quote) => quote.destination))];
  sweep.routes = sweep.observedRoutes.length;
  sweep.quotaLeft = allowance ? allowance.left - allowance.spent : null;
  return sweep;
}
