/**
 * A route's observations as its model build reads them: each observation's bucket, lead band, date pair and shape made
 * once as numbers, and a build's rows laid out as typed columns to group by number.
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

/** An observation as a model build reads it, made once per observation: its keys are numbers (KeyNumbers) to group by. */
export interface ObservationRow {
  log: number;
  /** Its month's bucket, and the nearer neighbouring month's with its weight (seasonalPosition). */
  bucket: number;
  otherBucket: number;
  otherWeight: number;
  band: number;
  daysAhead: number;
  day: number;
  departDay: number;
  pair: number;
  shape: number;
  price: number;
}

export const bucketNumbers = new KeyNumbers();
export const pairNumbers = new KeyNumbers();
export const shapeNumbers = new KeyNumbers();

/** A trip's shape: its departure weekday and nights ("one way" for a one-way trip). */
export function tripShape(departDate: string, returnDate: string | null): string {
  if (!returnDate) return "one way";
  return `${weekdayOf(departDate)}|${dayNumber(returnDate) - dayNumber(departDate)}`;
}

// A route's model is rebuilt every day from the same year of observations. The replay's history updates a finished
// day's price in place, so a kept row is made again when its price differs.
const observationRows = new WeakMap<Observation, ObservationRow>();

export function rowOf(o: Observation): ObservationRow {
  let row = observationRows.get(o);
  if (!row || row.price !== o.price) {
    const kind = tripKindOf(o.departDate, o.returnDate || null);
    const { month, otherMonth, t } = seasonalPosition(o.departDate);
    const departDay = dayNumber(o.departDate);
    row = {
      log: Math.log(o.price),
      bucket: bucketNumbers.numberOf(bucketKey(kind, month)),
      otherBucket: bucketNumbers.numberOf(bucketKey(kind, otherMonth)),
      otherWeight: t,
      band: leadBand(departDay - o.day),
      daysAhead: departDay - o.day,
      day: o.day,
      departDay,
      pair: pairNumbers.numberOf(`${o.departDate}|${o.returnDate}`),
      shape: shapeNumbers.numberOf(tripShape(o.departDate, o.returnDate || null)),
      price: o.price,
    };
    observationRows.set(o, row);
  }
  return row;
}

/** The rows' fields as columns, and the span of their days. */
export function columnsOf(rows: readonly ObservationRow[]) {
  const n = rows.length;
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
    const r = rows[i]!;
    columns.log[i] = r.log;
    columns.bucket[i] = r.bucket;
    columns.otherBucket[i] = r.otherBucket;
    columns.otherWeight[i] = r.otherWeight;
    columns.band[i] = r.band;
    columns.daysAhead[i] = r.daysAhead;
    columns.day[i] = r.day;
    columns.departDay[i] = r.departDay;
    columns.pair[i] = r.pair;
    columns.shape[i] = r.shape;
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
