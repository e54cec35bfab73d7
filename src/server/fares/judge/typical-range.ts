/**
 * The typical price of a trip (docs/deal-rules.md "Typical range"): what fares for the same route, trip kind
 * (weekend, week-long, other lengths, one-way) and departure month cost over the last year of daily minima,
 * corrected for how far ahead the fare was seen (advance purchase), interpolated to the departure date between
 * neighbouring months, plus the date pair's lasting offset (holidays: while the pair is new, what the same dates cost
 * a year before), and moved by the route's level now (the median of its scans' levels, or this scan's when the whole
 * route has moved far) against that history, so trends and fare wars move the baseline. Prices are compared in logs: medians, and the spread is a
 * robust standard deviation (1.4826 × MAD). While our own history is thin (fewer than 20 distinct days for the
 * trip kind and month) the provider's own price history or typical range for the exact search stands in.
 */
import { DEAL_RULES, tripKindOf, type TripKind } from "../../../domain/deal-rules.ts";
import { dayNumber, sameDateAYearBefore } from "../../../domain/calendar.ts";
import type { ProviderPricePoint } from "../sources/fare-source.ts";
import type { Observation, PriceHistory } from "./observations.ts";
import { median } from "../../../domain/statistics.ts";
import { groupByKey, groupDistinctCounts, groupMedians, groupSize } from "../../../domain/grouped-statistics.ts";
import { bucketKey, bucketNumbers, columnsOf, groupByDay, LEAD_BANDS, pairNumbers, seasonalPosition, shapeNumbers, tripShape } from "./observation-columns.ts";
import { sameWeekdayAYearBefore } from "../../../domain/year-before.ts";

export interface PriceRange {
  /** P25 of ordinary fares for this trip now. */
  low: number;
  /** The typical price: the deal's "% below" is measured from it. */
  median: number;
  /** P75. */
  high: number;
  /** Distinct days of our own observations behind it (0 = the provider's figures alone). */
  observations: number;
  /** Robust standard deviation of log prices around the typical price. */
  spread: number;
  tripKind: TripKind;
}

/** Robust standard deviation from a median absolute deviation. */
const MAD_TO_SD = 1.4826;
/** P25/P75 of a normal distribution in standard deviations. */
const QUARTILE_Z = 0.6745;
/** A band gives a point of the advance-purchase curve from this many observations. */
const MIN_OBSERVATIONS_PER_LEAD_BAND = 20;
/** A day's own level (median residual) is used for the spread only when it has this many observations. */
const MIN_OBSERVATIONS_FOR_DAY_LEVEL = 8;
const MIN_PROVIDER_HISTORY_POINTS = 20;
/**
 * A date pair's own offset counts from this many observed days, shrunk as if it had this many more days at the
 * offset its departure date had a year before (a holiday comes back; an ordinary date costs what its month says).
 */
const MIN_PAIR_DAYS = 5;
const PAIR_SHRINK_DAYS = 5;
/**
 * A trip shape's offset counts from this many observations over this many date pairs (one pair's days say what its
 * dates cost, not its shape).
 */
const MIN_SHAPE_OBSERVATIONS = 20;
const MIN_SHAPE_PAIRS = 3;
/** How many days around the same weekday a year before give a date's offset. */
const CALENDAR_NEIGHBOUR_DAYS = 3;
/** How far before the same calendar date a year before its last observed departure may be. */
const SAME_DATE_LOOKBACK_DAYS = 14;

export function robustSpread(values: ArrayLike<number>): number {
  const centre = median(values);
  return MAD_TO_SD * median(Float64Array.from(values, (value) => Math.abs(value - centre)));
}

/** A point of the advance-purchase curve: at this many days ahead (the band's median), fares sit this far (log) from their month. */
interface LeadPoint {
  days: number;
  log: number;
}

/** The advance-purchase adjustment (log) at this many days ahead: straight between the curve's points, flat beyond its ends. */
export function leadAdjustment(curve: readonly LeadPoint[], daysAhead: number): number {
  if (curve.length === 0) return 0;
  if (daysAhead <= curve[0]!.days) return curve[0]!.log;
  for (let i = 1; i < curve.length; i++) {
    const right = curve[i]!;
    if (daysAhead <= right.days) {
      const left = curve[i - 1]!;
      return left.log + ((right.log - left.log) * (daysAhead - left.days)) / (right.days - left.days);
    }
  }
  return curve[curve.length - 1]!.log;
}

interface Bucket {
  /** Median log price, advance purchase taken out. */
  level: number;
  days: number;
}

/** What a route's year of daily minima says, built once per day. */
export interface RouteModel {
  /** `${tripKind}|${month}` → bucket. */
  buckets: Map<string, Bucket>;
  /** The advance-purchase curve, by days ahead. */
  lead: LeadPoint[];
  spread: number;
  /** The route's level from its observations (judgedLevel, log): its level until scans have measured it. */
  observedLevel: number;
  /** `${departDate}|${returnDate}` → that date pair's own lasting offset from its month (log), and the days behind it. */
  pairOffsets: Map<string, { offset: number; days: number }>;
  /** Departure day number → the median offset of every trip that departed that day (log). */
  departureOffsets: Map<number, number>;
  /**
   * A trip's shape (tripShape: departure weekday and nights) → what trips of that shape cost against their kind and
   * month (log): a kind pools shapes that cost apart, such as Friday to Sunday and Friday to Monday (decision 142).
   */
  shapeOffsets: Map<string, number>;
  /** `${departDate}|${returnDate}` → that date pair's daily minima of the recent days, oldest first. */
  pairRecentLows: Map<string, DailyLow[]>;
}

/** A date pair's lowest price observed on one day (its day number). */
export interface DailyLow {
  day: number;
  price: number;
}

/** The log typical price (advance purchase taken out) for a departure date, between the neighbouring months' buckets. */
export function seasonalLevel(buckets: ReadonlyMap<string, Bucket>, kind: TripKind, departDate: string): { level: number; days: number } | null {
  const { month, otherMonth, t } = seasonalPosition(departDate);
  return levelBetween(buckets, bucketKey(kind, month), bucketKey(kind, otherMonth), t);
}

function levelBetween(buckets: ReadonlyMap<string, Bucket>, ownKey: string, otherKey: string, t: number): { level: number; days: number } | null {
  const own = buckets.get(ownKey);
  if (!own || own.days < DEAL_RULES.minObservationDays) return null;
  const other = buckets.get(otherKey);
  if (!other || other.days < DEAL_RULES.minObservationDays) return own;
  return { level: (1 - t) * own.level + t * other.level, days: own.days };
}

export function buildRouteModel(observations: readonly Observation[], today: string): RouteModel | null {
  if (observations.length === 0) return null;
  const todayDay = dayNumber(today);
  const c = columnsOf(observations);

  // Pass 1: month medians with every lead pooled, to read the advance-purchase curve from what is left over.
  const byBucket = groupByKey(c.bucket, bucketNumbers.size);
  const firstPass = groupMedians(byBucket, c.log);
  const pooledResidual = c.log.map((log, i) => log - firstPass[byBucket.group[i]!]!);
  const byBand = groupByKey(c.band, LEAD_BANDS.length);
  const bandDays = groupMedians(byBand, c.daysAhead, MIN_OBSERVATIONS_PER_LEAD_BAND);
  const bandLogs = groupMedians(byBand, pooledResidual, MIN_OBSERVATIONS_PER_LEAD_BAND);
  const lead: LeadPoint[] = [];
  for (const g of byBand.keys.map((_, g) => g).sort((a, b) => byBand.keys[a]! - byBand.keys[b]!)) {
    if (groupSize(byBand, g) >= MIN_OBSERVATIONS_PER_LEAD_BAND) lead.push({ days: bandDays[g]!, log: bandLogs[g]! });
  }
  const leadFree = c.log.map((log, i) => log - leadAdjustment(lead, c.daysAhead[i]!));

  // Pass 2: month medians with the advance-purchase effect taken out, and the distinct days behind each.
  const bucketLevels = groupMedians(byBucket, leadFree);
  const bucketDays = groupDistinctCounts(byBucket, c.day);
  const buckets = new Map<string, Bucket>();
  const groupOfBucket = new Int32Array(bucketNumbers.size).fill(-1);
  byBucket.keys.forEach((bucket, g) => {
    buckets.set(bucketNumbers.names[bucket]!, { level: bucketLevels[g]!, days: bucketDays[g]! });
    groupOfBucket[bucket] = g;
  });

  // Residuals against the seasonal typical price (levelBetween, the own month's when it is thin): by day they give the
  // route's level; around it, the spread and each date pair's own lasting offset (a holiday weekend costs more than
  // its month says).
  const residuals = leadFree.map((adjusted, i) => {
    const own = byBucket.group[i]!;
    const other = groupOfBucket[c.otherBucket[i]!]!;
    const t = c.otherWeight[i]!;
    const blend = bucketDays[own]! >= DEAL_RULES.minObservationDays && other >= 0 && bucketDays[other]! >= DEAL_RULES.minObservationDays;
    return adjusted - (blend ? (1 - t) * bucketLevels[own]! + t * bucketLevels[other]! : bucketLevels[own]!);
  });
  const byDay = groupByDay(c.day).grouping;
  const dayLevels = groupMedians(byDay, residuals, MIN_OBSERVATIONS_FOR_DAY_LEVEL);
  const since = (days: number) => residuals.filter((_, i) => c.day[i]! >= todayDay - days);
  const recent = since(DEAL_RULES.recentLevelDays);
  const longer = since(DEAL_RULES.levelDays);
  const recentLevel = recent.length > 0 ? median(recent) : 0;
  const longerLevel = longer.length > 0 ? median(longer) : recentLevel;
  const dayLevelOf = (i: number) => dayLevels[byDay.group[i]!]!;
  const aroundDayLevel: number[] = [];
  residuals.forEach((residual, i) => {
    if (!Number.isNaN(dayLevelOf(i))) aroundDayLevel.push(residual - dayLevelOf(i));
  });
  const spread = aroundDayLevel.length >= 200 ? robustSpread(aroundDayLevel) : robustSpread(residuals);
  const offsets = residuals.map((residual, i) => residual - (Number.isNaN(dayLevelOf(i)) ? 0 : dayLevelOf(i)));

  const byPair = groupByKey(c.pair, pairNumbers.size);
  const pairMedians = groupMedians(byPair, offsets, MIN_PAIR_DAYS);
  const pairOffsets = new Map<string, { offset: number; days: number }>();
  byPair.keys.forEach((pair, g) => {
    const days = groupSize(byPair, g);
    if (days >= MIN_PAIR_DAYS) pairOffsets.set(pairNumbers.names[pair]!, { offset: pairMedians[g]!, days });
  });
  const byShape = groupByKey(c.shape, shapeNumbers.size);
  const shapeMedians = groupMedians(byShape, offsets, MIN_SHAPE_OBSERVATIONS);
  const shapePairs = groupDistinctCounts(byShape, c.pair);
  const shapeOffsets = new Map<string, number>();
  const shapeOffsetOfGroup = new Float64Array(byShape.keys.length);
  byShape.keys.forEach((shape, g) => {
    if (groupSize(byShape, g) < MIN_SHAPE_OBSERVATIONS || shapePairs[g]! < MIN_SHAPE_PAIRS) return;
    shapeOffsets.set(shapeNumbers.names[shape]!, shapeMedians[g]!);
    shapeOffsetOfGroup[g] = shapeMedians[g]!;
  });
  // A departure day's offset is its date's (a holiday), with each trip's shape taken out.
  const dateOffsets = offsets.map((offset, i) => offset - shapeOffsetOfGroup[byShape.group[i]!]!);
  const { grouping: byDeparture, firstDay: firstDeparture } = groupByDay(c.departDay);
  const departureMedians = groupMedians(byDeparture, dateOffsets, MIN_PAIR_DAYS);
  const departureOffsets = new Map<number, number>();
  byDeparture.keys.forEach((day, g) => {
    if (groupSize(byDeparture, g) >= MIN_PAIR_DAYS) departureOffsets.set(day + firstDeparture, departureMedians[g]!);
  });

  const lastWeek = observations.filter((o) => o.day >= todayDay - DEAL_RULES.recentPairDays).sort((a, b) => a.day - b.day);
  const pairRecentLows = new Map<string, DailyLow[]>();
  for (const o of lastWeek) {
    const pair = `${o.departDate}|${o.returnDate}`;
    const lows = pairRecentLows.get(pair);
    if (lows) lows.push({ day: o.day, price: o.price });
    else pairRecentLows.set(pair, [{ day: o.day, price: o.price }]);
  }

  return { buckets, lead, spread, observedLevel: judgedLevel(longerLevel, recentLevel), pairOffsets, departureOffsets, shapeOffsets, pairRecentLows };
}

/**
 * The level a route's observations give, for when scans have not measured it (a fresh install, or a sweep by
 * discovery that quotes a route a few trips at a time): its usual level (over levelDays, so its everyday wander stays
 * noise), unless its recent days find the whole route far from it either way (a fare war, a price hike: two weeks of
 * daily lows, which a spike of a day or three does not move). Scans judge by levelNow.
 */
export function judgedLevel(usual: number, now: number): number {
  return Math.abs(now - usual) > DEAL_RULES.levelShift ? now : usual;
}

/** The route models of a history, each built once until its route's observations change. */
export function routeModels(history: PriceHistory): Map<string, RouteModel | null> {
  const models = new Map<string, RouteModel | null>();
  for (const [route, observations] of history.routes) {
    if (!history.derived.has(route)) history.derived.set(route, buildRouteModel(observations, history.today));
    models.set(route, history.derived.get(route) as RouteModel | null);
  }
  return models;
}

export interface TripToPrice {
  departDate: string;
  returnDate: string | null;
  price: number;
}

/** The median offset of the departures observed from `first` to `last` (day numbers); null without any. */
function departureOffsetBetween(model: RouteModel, first: number, last: number): number | null {
  const offsets: number[] = [];
  for (let day = first; day <= last; day++) {
    const offset = model.departureOffsets.get(day);
    if (offset !== undefined) offsets.push(offset);
  }
  return offsets.length > 0 ? median(offsets) : null;
}

/** The offset of the last departure observed on or before `day`, within SAME_DATE_LOOKBACK_DAYS; null without one. */
function lastDepartureOffsetUpTo(model: RouteModel, day: number): number | null {
  for (let earlier = day; earlier > day - SAME_DATE_LOOKBACK_DAYS; earlier--) {
    const offset = model.departureOffsets.get(earlier);
    if (offset !== undefined) return offset;
  }
  return null;
}

/**
 * What departures like this one cost against their month a year before (log); 0 without them. A holiday falls on a
 * weekday (Thanksgiving) or on a date (Christmas), so two readings of a year before speak: the departures around the
 * same weekday (lined up on a weekday-bound holiday nearby: sameWeekdayAYearBefore), and the last departure up to the
 * same calendar date. They disagree on the edge of a peak, which for
 * a date-bound holiday moves a weekday a year; then the lower is taken, so a date just outside this year's peak is
 * never priced as in it (the other error, a peak's first day priced as ordinary, hides a deal instead of inventing one).
 */
export function calendarOffset(model: RouteModel, departDate: string): number {
  const sameWeekday = sameWeekdayAYearBefore(departDate);
  const byWeekday = departureOffsetBetween(model, sameWeekday - CALENDAR_NEIGHBOUR_DAYS, sameWeekday + CALENDAR_NEIGHBOUR_DAYS);
  const byDate = lastDepartureOffsetUpTo(model, dayNumber(sameDateAYearBefore(departDate)));
  if (byWeekday === null || byDate === null) return byWeekday ?? byDate ?? 0;
  return Math.min(byWeekday, byDate);
}

/**
 * A date pair's lasting offset from its month (log): its own, shrunk towards what its dates cost a year before and
 * what its shape costs (decision 142) while it has few days.
 */
export function pairOffset(model: RouteModel, departDate: string, returnDate: string | null): number {
  const prior = calendarOffset(model, departDate) + (model.shapeOffsets.get(tripShape(departDate, returnDate)) ?? 0);
  const own = model.pairOffsets.get(`${departDate}|${returnDate ?? ""}`);
  if (!own) return prior;
  return (own.offset * own.days + prior * PAIR_SHRINK_DAYS) / (own.days + PAIR_SHRINK_DAYS);
}

/** Log typical price of a trip before the route's level now, and the distinct days behind it; null while thin. */
export function baseLevel(model: RouteModel, trip: TripToPrice, today: string): { log: number; days: number; kind: TripKind } | null {
  const kind = tripKindOf(trip.departDate, trip.returnDate);
  const seasonal = seasonalLevel(model.buckets, kind, trip.departDate);
  if (!seasonal) return null;
  const lead = leadAdjustment(model.lead, dayNumber(trip.departDate) - dayNumber(today));
  const offset = pairOffset(model, trip.departDate, trip.returnDate);
  return { log: seasonal.level + lead + offset, days: seasonal.days, kind };
}

export function rangeAround(logTypical: number, spread: number, days: number, tripKind: TripKind): PriceRange {
  const median = Math.exp(logTypical);
  return { low: median * Math.exp(-QUARTILE_Z * spread), median, high: median * Math.exp(QUARTILE_Z * spread), observations: days, spread, tripKind };
}

export interface ProviderFigures {
  typicalLow: number | null;
  typicalHigh: number | null;
  priceHistory?: readonly ProviderPricePoint[] | null;
}

/** While our history is thin: the provider's ~60 days of prices for this exact search, else its typical range. */
export function providerRange(figures: ProviderFigures, tripKind: TripKind): PriceRange | null {
  const points = (figures.priceHistory ?? []).map((p) => p.price).filter((price) => Number.isFinite(price) && price > 0);
  if (points.length >= MIN_PROVIDER_HISTORY_POINTS) {
    const logs = points.map(Math.log);
    return rangeAround(median(logs), robustSpread(logs), 0, tripKind);
  }
  const { typicalLow: low, typicalHigh: high } = figures;
  if (low === null || high === null || !Number.isFinite(low) || !Number.isFinite(high) || low <= 0 || high <= low) return null;
  return rangeAround((Math.log(low) + Math.log(high)) / 2, (Math.log(high) - Math.log(low)) / (2 * QUARTILE_Z), 0, tripKind);
}
