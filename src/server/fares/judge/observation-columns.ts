/**
 * A route's observations as its model build reads them: typed columns to group by number, each date pair's month
 * buckets, departure day and shape made once, as numbers.
 */
import { tripKindOf, type TripKind } from "../../../domain/deal-rules.ts";
import { dayNumber, weekdayOf } from "../../../domain/calendar.ts";
import { groupByKey, KeyNumbers, type Grouping } from "../../../domain/grouped-statistics.ts";
import type { Observation } from "./observations.ts";

/** Upper bounds (days ahead, exclusive) of the advance-purchase bands; the curve runs straight between their middles. */
export const LEAD_BANDS = [14, 21, 28, 35, 45, 60, 75, 90, 110, 130, 155, 180, 210, 240, Number.POSITIVE_INFINITY];

function leadBand(daysAhead: number): number {
  return LEAD_BANDS.findIndex((bound) => daysAhead < bound);
}

export const bucketKey = (kind: TripKind, month: number) => `${kind}|${month}`;

const midMonthDay = (year: number, month: number) => Date.UTC(year, month - 1, 15) / 86_400_000;

/** Where a departure date sits between its month's middle and the nearer neighbouring month's: the two months and the weight of the other. */
interface SeasonalPosition {
  month: number;
  otherMonth: number;
  t: number;
}

// Every model build places every observation's departure date; the same few hundred dates come back each day.
const seasonalPositions = new Map<string, SeasonalPosition>();

export function seasonalPosition(departDate: string): SeasonalPosition {
  let position = seasonalPositions.get(departDate);
  if (!position) {
    const year = Number(departDate.slice(0, 4));
    const month = Number(departDate.slice(5, 7));
    const day = dayNumber(departDate);
    const mid = midMonthDay(year, month);
    const otherMonth = day >= mid ? (month % 12) + 1 : ((month + 10) % 12) + 1;
    const otherYear = day >= mid ? (month === 12 ? year + 1 : year) : month === 1 ? year - 1 : year;
    position = { month, otherMonth, t: Math.abs(day - mid) / Math.abs(midMonthDay(otherYear, otherMonth) - mid) };
    if (seasonalPositions.size >= 50_000) seasonalPositions.clear();
    seasonalPositions.set(departDate, position);
  }
  return position;
}

/** What a model build reads of a date pair, the same for each of its observations: made once per date pair. */
interface TripFacts {
  /** Its month's bucket, and the nearer neighbouring month's with its weight (seasonalPosition), as KeyNumbers. */
  bucket: number;
  otherBucket: number;
  otherWeight: number;
  departDay: number;
  pair: number;
  shape: number;
}

export const bucketNumbers = new KeyNumbers();
export const pairNumbers = new KeyNumbers();
export const shapeNumbers = new KeyNumbers();

/** A trip's shape: its departure weekday and nights ("one way" for a one-way trip). */
export function tripShape(departDate: string, returnDate: string | null): string {
  if (!returnDate) return "one way";
  return `${weekdayOf(departDate)}|${dayNumber(returnDate) - dayNumber(departDate)}`;
}

// Departure date → return date ('' one way) → facts. Nested maps: a year of observations names a few thousand date
// pairs, and looking up its two dates costs less than joining them into a key for every observation at every build.
const tripFacts = new Map<string, Map<string, TripFacts>>();

function tripFactsOf(departDate: string, returnDate: string): TripFacts {
  let byReturn = tripFacts.get(departDate);
  if (!byReturn) {
    byReturn = new Map();
    tripFacts.set(departDate, byReturn);
  }
  let facts = byReturn.get(returnDate);
  if (!facts) {
    const kind = tripKindOf(departDate, returnDate || null);
    const { month, otherMonth, t } = seasonalPosition(departDate);
    facts = {
      bucket: bucketNumbers.numberOf(bucketKey(kind, month)),
      otherBucket: bucketNumbers.numberOf(bucketKey(kind, otherMonth)),
      otherWeight: t,
      departDay: dayNumber(departDate),
      pair: pairNumbers.numberOf(`${departDate}|${returnDate}`),
      shape: shapeNumbers.numberOf(tripShape(departDate, returnDate || null)),
    };
    byReturn.set(returnDate, facts);
  }
  return facts;
}

// A server running for months names new date pairs every day. Their numbers need to hold for one build only, so past
// this many the date pairs are numbered afresh, which also keeps each build's arrays indexed by pair small.
const DATE_PAIRS_LIMIT = 200_000;

/** The observations as the typed columns a model build groups, in their order. */
export function columnsOf(observations: readonly Observation[]) {
  if (pairNumbers.size >= DATE_PAIRS_LIMIT) {
    tripFacts.clear();
    pairNumbers.clear();
  }
  const n = observations.length;
  const columns = {
    log: new Float64Array(n),
    bucket: new Int32Array(n),
    otherBucket: new Int32Array(n),
    otherWeight: new Float64Array(n),
    band: new Int32Array(n),
    daysAhead: new Float64Array(n),
    day: new Int32Array(n),
    departDay: new Int32Array(n),
    pair: new Int32Array(n),
    shape: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const o = observations[i]!;
    const trip = tripFactsOf(o.departDate, o.returnDate);
    const daysAhead = trip.departDay - o.day;
    columns.log[i] = Math.log(o.price);
    columns.bucket[i] = trip.bucket;
    columns.otherBucket[i] = trip.otherBucket;
    columns.otherWeight[i] = trip.otherWeight;
    columns.band[i] = leadBand(daysAhead);
    columns.daysAhead[i] = daysAhead;
    columns.day[i] = o.day;
    columns.departDay[i] = trip.departDay;
    columns.pair[i] = trip.pair;
    columns.shape[i] = trip.shape;
  }
  return columns;
}

/** Groups rows by a day number column (its days counted from the first). */
export function groupByDay(days: Int32Array): { grouping: Grouping; firstDay: number } {
  let firstDay = Number.POSITIVE_INFINITY;
  let lastDay = Number.NEGATIVE_INFINITY;
  for (const day of days) {
    if (day < firstDay) firstDay = day;
    if (day > lastDay) lastDay = day;
  }
  return {
    grouping: groupByKey(
      days.map((day) => day - firstDay),
      lastDay - firstDay + 1,
    ),
    firstDay,
  };
}
