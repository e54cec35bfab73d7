/**
 * What counts as a deal, when to alert again and when a deal ends (docs/deal-rules.md "What counts as a deal").
 * Pure: prices, dates and the clock come in as values.
 */
import type { DealTier } from "../../../domain/api/deals.ts";
import { DEAL_RULES, type DealThresholds, type NewEpisodeRule } from "../../../domain/deal-rules.ts";
import { isInternational } from "../../../domain/destinations.ts";
import { daysBetween, DAY_MS, HOUR_MS } from "../../../domain/calendar.ts";
import type { Cabin, TripType } from "../sources/fare-source.ts";
import { median } from "../../../domain/statistics.ts";
import type { DailyLow, PriceRange } from "./typical-range.ts";

export type { DealThresholds } from "../../../domain/deal-rules.ts";

export const DOMESTIC_THRESHOLDS: DealThresholds = DEAL_RULES.domestic;
export const INTERNATIONAL_THRESHOLDS: DealThresholds = DEAL_RULES.international;
export const MIN_DAYS_TO_DEPARTURE = DEAL_RULES.minDaysToDeparture;

export const EXPIRE_NOT_SEEN_HOURS = 48;
export const EXPIRE_DEPARTURE_WITHIN_DAYS = 3;
export const EXPIRE_AGE_DAYS = 7;

export function thresholdsFor(destination: string): DealThresholds {
  return isInternational(destination) ? INTERNATIONAL_THRESHOLDS : DOMESTIC_THRESHOLDS;
}

/** good 20–34% off, great 35–49%, exceptional (possibly a mistake fare) 50% and more. */
export function tierFor(shareBelow: number): DealTier | null {
  if (shareBelow >= 0.5) return "exceptional";
  if (shareBelow >= 0.35) return "great";
  if (shareBelow >= 0.2) return "good";
  return null;
}

export interface FareJudgement {
  isDeal: boolean;
  /** Why it is or is not a deal, for logs and tests. */
  reason: string;
  shareBelow: number;
  saved: number;
  /** Robust z of the log price against the typical price and the spread of ordinary fares. */
  robustZ: number;
  tier: DealTier | null;
}

export function judgeFare(fare: { price: number; destination: string; departDate: string }, range: PriceRange, today: string): FareJudgement {
  const saved = range.median - fare.price;
  const shareBelow = range.median > 0 ? saved / range.median : 0;
  const robustZ = range.spread > 0 ? Math.log(fare.price / range.median) / range.spread : Number.NEGATIVE_INFINITY;
  const tier = tierFor(shareBelow);
  const rules = thresholdsFor(fare.destination);
  const verdict = (isDeal: boolean, reason: string): FareJudgement => ({ isDeal, reason, shareBelow, saved, robustZ, tier: isDeal ? tier : null });
  if (daysBetween(today, fare.departDate) < MIN_DAYS_TO_DEPARTURE) return verdict(false, "departs in less than 7 days");
  if (shareBelow < rules.minShareBelow) return verdict(false, `less than ${Math.round(rules.minShareBelow * 100)}% below typical`);
  if (saved < rules.minSaved) return verdict(false, `saves less than $${rules.minSaved}`);
  if (robustZ > DEAL_RULES.maxRobustZ) return verdict(false, "within the route's ordinary ups and downs");
  return verdict(true, `${Math.round(shareBelow * 100)}% below typical`);
}

/** Alert again only after a further drop of both 10% and $25, and at least 24 hours after the last alert. */
export function deservesNewAlert(last: { price: number; alertedAt: Date }, price: number, now: Date): boolean {
  if (now.getTime() - last.alertedAt.getTime() < DEAL_RULES.realertMinHours * HOUR_MS) return false;
  const drop = last.price - price;
  return drop >= Math.max(DEAL_RULES.realertMinDropDollars, last.price * DEAL_RULES.realertMinDropShare);
}

/**
 * A date pair's usual daily low: the median of its recent daily lows (DEAL_RULES.recentPairDays) since the day its
 * deal ended, so the days of that earlier sale do not count as usual; all the recent days' when none came after it.
 * Only the days before the drop was first seen count: a drop waiting to hold past midnight is not its own usual low
 * (decision 094). Null without any.
 */
export function usualDailyLow(recentLows: readonly DailyLow[], endedDay: number | null, firstSeenDay: number | null = null): number | null {
  const beforeSeen = firstSeenDay === null ? recentLows : recentLows.filter((low) => low.day < firstSeenDay);
  const sinceEnded = endedDay === null ? beforeSeen : beforeSeen.filter((low) => low.day > endedDay);
  const usual = sinceEnded.length > 0 ? sinceEnded : beforeSeen;
  return usual.length > 0 ? median(usual.map((low) => low.price)) : null;
}

/**
 * An ended deal's dates alert again only for a separate drop: the fare must be the source's step (12% for a grid
 * source, 15% for a discovery sweep) below that date pair's usual daily low (usualDailyLow), so a fare bobbing around
 * the threshold is one deal, not many, while a new sale after the fare recovered is a new deal.
 */
export function isNewEpisode(price: number, pairUsualLow: number | null, rule: NewEpisodeRule): boolean {
  return pairUsualLow === null || price <= pairUsualLow * (1 - rule.shareBelowRecent);
}

/**
 * A drop (a new deal, a new episode on an ended deal's dates, a live deal's further fall) alerts only once it has held:
 * first seen 3 to 24 hours ago (a new episode its source's holdsHours, 12 or 6: decisions 094 and 095), and every look
 * at its dates since then a drop too (a look that finds none forgets it).
 * A sale holds its price for days, while the noise of one search, or of a few hours' prices, is gone hours later. A
 * possible mistake fare (half price or less) is no noise and may last only hours: it alerts on the next look, half an
 * hour or more after the first (decisions 055 and 084).
 */
export function dropHasHeld(firstSeenAt: Date | null, now: Date, shareBelow: number, newEpisode: NewEpisodeRule | null = null): boolean {
  if (firstSeenAt === null) return false;
  const ordinaryHours = newEpisode ? newEpisode.holdsHours : DEAL_RULES.dropHoldsHours;
  const hours = tierFor(shareBelow) === "exceptional" ? DEAL_RULES.mistakeFareHoldsHours : ordinaryHours;
  const since = now.getTime() - firstSeenAt.getTime();
  return since >= hours * HOUR_MS && since <= DEAL_RULES.dropSightingWithinHours * HOUR_MS;
}

/**
 * Whether a fresh look found a waiting drop at the fare it was first seen at (within DEAL_RULES.heldFareShare, a cent in
 * the dollar): a sale holds its fare, while an hour's noise that happens to stay a drop moves it (decision 146). A
 * sighting kept before this rule has no fare and starts again.
 */
export function heldItsFare(firstFare: number | null, fare: number): boolean {
  return firstFare !== null && Math.abs(fare - firstFare) <= DEAL_RULES.heldFareShare * firstFare;
}

export interface ExpiryFacts {
  departDate: string;
  lastSeenAt: Date;
  /** When the current alert version went out: a deal re-alerted at a lower price starts a new week. */
  lastAlertedAt: Date;
}

/** Why a live deal ends now regardless of any new price; null while it lives on. */
export function expiryReason(deal: ExpiryFacts, now: Date, today: string): string | null {
  if (daysBetween(today, deal.departDate) <= EXPIRE_DEPARTURE_WITHIN_DAYS) return "departs within 3 days";
  if (now.getTime() - deal.lastSeenAt.getTime() >= EXPIRE_NOT_SEEN_HOURS * HOUR_MS) return "not seen for 48 hours";
  if (now.getTime() - deal.lastAlertedAt.getTime() >= EXPIRE_AGE_DAYS * DAY_MS) return "7 days old";
  return null;
}

/** A re-check of a live deal: above the typical low, it is over. */
export function recheckExpiryReason(price: number, typicalLow: number): string | null {
  return price > typicalLow ? "price rose above the typical low" : null;
}

export interface DealKeyParts {
  origin: string;
  destination: string;
  tripType: TripType;
  cabin: Cabin;
  departDate: string;
  returnDate: string | null;
}

/** route + trip type + cabin + dates: one deal per key. */
export function dealKey(parts: DealKeyParts): string {
  return `${parts.origin}-${parts.destination}|${parts.tripType}|${parts.cabin}|${parts.departDate}|${parts.returnDate ?? ""}`;
}
