/**
 * The published deal rule (docs/deal-rules.md, and the public page /how-we-find-deals): the thresholds the
 * detector applies and the page states, in one place so they cannot disagree. Pure values and small helpers.
 */
import { addDays, dayNumber, HOUR_MS, rduHour, rduToday, weekdayOf } from "./calendar.ts";
import { median } from "./statistics.ts";

/** Trips are compared only with trips of the same kind: a weekend costs more than a week away. */
export type TripKind = "weekend" | "week_long" | "other" | "one_way";

/** weekend: Fri/Sat → Sun/Mon; week-long: 6–8 nights; other lengths apart; one-way apart. */
export function tripKindOf(departDate: string, returnDate: string | null): TripKind {
  if (!returnDate) return "one_way";
  const nights = dayNumber(returnDate) - dayNumber(departDate);
  const departs = weekdayOf(departDate);
  const returns = weekdayOf(returnDate);
  if (nights <= 3 && (departs === 5 || departs === 6) && (returns === 0 || returns === 1)) return "weekend";
  if (nights >= 6 && nights <= 8) return "week_long";
  return "other";
}

/** The method page draws its example from a deal only with at least this many days of fares (decision 109). */
export const RULE_EXAMPLE_MIN_DAYS = 10;

export const TRIP_KIND_WORDS: Record<TripKind, string> = {
  weekend: "weekend trips",
  week_long: "week-long trips",
  other: "round trips of this length",
  one_way: "one-way trips",
};

export interface DealThresholds {
  /** Share below the typical price, 0.2 = 20%. */
  minShareBelow: number;
  /** The saving a deal is meant to have against the true typical price, in dollars. */
  aimSaved: number;
  /** Dollars below our typical price: the aim less its margin. */
  minSaved: number;
}

/**
 * Our typical price is an estimate a few percent off: judged against one a few percent low, a fare that truly saves
 * the aim would be missed, so the minimum gives it this share of margin (decision 064).
 */
const SAVED_MARGIN = 0.1;

function thresholds(minShareBelow: number, aimSaved: number): DealThresholds {
  return { minShareBelow, aimSaved, minSaved: Math.round(aimSaved * (1 - SAVED_MARGIN)) };
}

export const DEAL_RULES = {
  domestic: thresholds(0.2, 50),
  international: thresholds(0.2, 150),
  /** The fare must stand out from the route's own day-to-day wobble: robust z of the log price at most this. */
  maxRobustZ: -2.5,
  minDaysToDeparture: 7,
  /**
   * A new deal whose fresh answer lists its dates' own daily prices (Google Flights' price history) must also be this
   * far below their median over the last `days` days, when the answer lists at least `minDays` of them (decision 141).
   * Our typical price models a whole route; among the thousands of date pairs a budget searches, the few it prices
   * 10 % too high look like deals, and their own days say they are not.
   */
  ownDates: { shareBelow: 0.2, days: 30, minDays: 7 },
  /** Distinct days of our own observations a trip kind and month need before we trust them alone. */
  minObservationDays: 20,
  /** A route's level is the median of its scans' levels over this many days (its everyday wander is noise) … */
  levelDays: 120,
  /** … unless a scan finds the whole route this far (log, ~10%) below it: a fare war, judged at the scan's own level (a scan far above it, a spike, is not followed). */
  levelShift: 0.1,
  /** … and a route that every scan of this many days found levelShift above it has moved (longer than a spike lasts: a fare war has ended, a hike holds), judged at those days' level. */
  levelMovedAfterDays: 4,
  /** Until scans have measured the level, the observations of levelDays give it, or those of this many recent days when they find the whole route levelShift away. */
  recentLevelDays: 14,
  /** A look that quotes too few of a route's trips to measure its level takes the level its last scan measured, up to this many hours ago. */
  levelHoldsHours: 6,
  /**
   * A deal ends when its fare is back above the typical low; a new drop on the same dates (a new episode) must be
   * shareBelowRecent below their usual daily low (the median of the recent days' lows since its deal ended) and hold
   * holdsHours. The two go together: a looser step lets in deeper dips of the dates' own noise, a longer hold keeps
   * them out. A grid source looks at a waiting drop's dates every hour and can wait two regular scans; a discovery
   * sweep's looks come out of its search budget, and waiting twelve hours there lost sales before the look (decision 095).
   */
  newEpisode: {
    grid: { shareBelowRecent: 0.12, holdsHours: 12 },
    sweep: { shareBelowRecent: 0.15, holdsHours: 6 },
  },
  /** Days of a date pair's daily lows that count as "recent" for a new episode. */
  recentPairDays: 7,
  /**
   * A drop (a new deal, a live deal's further fall) alerts once it has held this many hours: every look at its dates
   * since it was first seen found it a drop (decision 084; a new episode holds newEpisode's holdsHours, as a deep dip
   * of its dates' own noise held 3 hours now and then: decisions 094 and 095) …
   */
  dropHoldsHours: 3,
  /** … at the fare it was first seen at, give or take this share: a fresh look at another fare starts it again (decision 146) … */
  heldFareShare: 0.01,
  /**
   * … except a first sighting on dates never alerted that is clearly a deal (decision 140): this far below our typical
   * price, it alerts at once. A fare judged 20 % below can be a typical price estimated a few percent high plus one
   * hour's noise (the hold is for those); one judged this far below would need a typical price estimated over 10 %
   * high to be less than 20 % below the true one.
   */
  clearDropShareBelow: 0.28,
  /** … a possible mistake fare (the exceptional tier, 50 % or more below typical: gone within hours) this many … */
  mistakeFareHoldsHours: 0.5,
  /** … and it was first seen at most this many hours ago. */
  dropSightingWithinHours: 24,
  /** A grid source looks at a drop's dates again at a minute past the first full hour at least this many minutes away. */
  lookAgainAfterMinutes: 30,
  /** A live deal alerts again only after a further fall of both this share and these dollars, and this many hours. */
  realertMinDropShare: 0.1,
  realertMinDropDollars: 25,
  realertMinHours: 24,
} as const;

/**
 * A drop alerts on its first sighting, without a hold, when it is on dates never alerted and clearly a deal
 * (clearDropShareBelow or more below our typical price: decision 140). A marginal one, a new episode on dates alerted
 * before, or a live deal's further fall still holds (decisions 058, 059, 084 and 094): those are where noise and
 * duplicates come from.
 */
export function alertsOnFirstSighting(drop: { datesAlertedBefore: boolean; shareBelow: number }): boolean {
  return !drop.datesAlertedBefore && drop.shareBelow >= DEAL_RULES.clearDropShareBelow;
}

/**
 * Whether a fare is also a deal against its own dates' daily prices of the last DEAL_RULES.ownDates.days days
 * (decision 141); null when the answer lists fewer than minDays of them, and then our typical price alone decides.
 */
export function belowOwnDates(price: number, ownDailyPrices: readonly { day: string; price: number }[], today: string): boolean | null {
  const since = addDays(today, -DEAL_RULES.ownDates.days);
  const recent = ownDailyPrices.filter((point) => point.day >= since && point.day < today && point.price > 0).map((point) => point.price);
  if (recent.length < DEAL_RULES.ownDates.minDays) return null;
  return price <= (1 - DEAL_RULES.ownDates.shareBelow) * median(recent);
}

/**
 * A grid's typical prices learn from each trip's lowest price of the day, and the lowest of more sightings is lower by
 * chance alone. So whatever its cadence a grid keeps the prices of one regular scan per quarter of the RDU day, the
 * quarter's first: the four a day its rules were measured on (decision 144).
 */
export function gridPricePeriodOf(at: Date): string {
  return `${rduToday(at)} ${Math.floor(rduHour(at) / 6)}`;
}

/** How a source's new episodes are judged: the grid's or a discovery sweep's (DEAL_RULES.newEpisode). */
export type NewEpisodeRule = (typeof DEAL_RULES.newEpisode)[keyof typeof DEAL_RULES.newEpisode];

/**
 * How long until a drop that has not held yet is looked at again: a minute past the first full hour at least 30
 * minutes away (fares re-price by the hour).
 */
export function secondLookDelayMs(nowMs: number): number {
  const earliest = nowMs + DEAL_RULES.lookAgainAfterMinutes * 60_000;
  return Math.ceil(earliest / HOUR_MS) * HOUR_MS + 60_000 - nowMs;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26), for "cheaper than N % of fares". */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(z) / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The share of ordinary fares for the same kind of trip that cost more than a fare with this robust z. */
export function shareOfFaresCheaperThan(robustZ: number): number {
  return 1 - normalCdf(robustZ);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export interface DealEvidence {
  tripKind: TripKind | null;
  robustZ: number | null;
  historyDays: number | null;
  destinationCity: string;
  departDate: string;
}

/** "weekend trips to Boston in March": the series the decision compared with. */
export function comparedWith(deal: Pick<DealEvidence, "tripKind" | "destinationCity" | "departDate">): string {
  const kind = deal.tripKind ? TRIP_KIND_WORDS[deal.tripKind] : "trips";
  return `${kind} to ${deal.destinationCity} in ${MONTHS[Number(deal.departDate.slice(5, 7)) - 1]}`;
}

/** "Cheaper than 99% of fares we've seen for weekend trips to Boston in March", or null for deals found before this was kept. */
export function evidenceSentence(deal: DealEvidence): string | null {
  if (deal.robustZ === null || deal.tripKind === null) return null;
  const share = Math.min(99.9, shareOfFaresCheaperThan(deal.robustZ) * 100);
  const shown = share >= 99 ? share.toFixed(1).replace(/\.0$/, "") : String(Math.floor(share));
  const whose = deal.historyDays === 0 ? "the flight search has seen" : `we've seen over ${deal.historyDays} days`;
  return `Cheaper than ${shown}% of fares ${whose} for ${comparedWith(deal)}.`;
}
