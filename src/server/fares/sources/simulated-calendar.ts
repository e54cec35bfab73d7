/**
 * When the simulated market is dear: by departure season (interpolated between mid-months), holiday peaks on the
 * real US calendar, days to departure and the kind of trip. Pure price factors, 1 = an ordinary fare.
 */
import { addDays, weekdayOf } from "../../../domain/calendar.ts";
import { tripKindOf } from "../../../domain/deal-rules.ts";
import { federalHolidays, longWeekend } from "../../../domain/holiday-presets.ts";

/** The month factor (January first), linear between the middles of neighbouring months. */
export function seasonFactor(season: readonly number[], departDate: string): number {
  const [year, month, day] = departDate.split("-").map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const position = month - 1 + (day - 0.5) / daysInMonth - 0.5;
  const below = Math.floor(position);
  const weight = position - below;
  return season[(below + 12) % 12]! * (1 - weight) + season[(below + 13) % 12]! * weight;
}

/** [days ahead, factor]: dear in the last three weeks, cheapest about two months out, a little dearer far out. */
const ADVANCE_CURVE: readonly (readonly [number, number])[] = [
  [0, 1.45],
  [7, 1.3],
  [14, 1.13],
  [21, 1.05],
  [35, 1.0],
  [60, 0.97],
  [100, 0.98],
  [160, 1.0],
  [240, 1.05],
  [400, 1.08],
];

/** The advance-purchase factor: linear between the curve's points, flat beyond its ends. */
export function advanceFactor(daysAhead: number): number {
  if (daysAhead <= ADVANCE_CURVE[0]![0]) return ADVANCE_CURVE[0]![1];
  for (let i = 1; i < ADVANCE_CURVE.length; i++) {
    const [days, factor] = ADVANCE_CURVE[i]!;
    if (daysAhead <= days) {
      const [previousDays, previousFactor] = ADVANCE_CURVE[i - 1]!;
      return previousFactor + ((factor - previousFactor) * (daysAhead - previousDays)) / (days - previousDays);
    }
  }
  return ADVANCE_CURVE.at(-1)![1];
}

interface Peak {
  /** First and last departure date of the peak, inclusive. */
  from: string;
  to: string;
  factor: number;
}

/** The outbound rush before a long weekend: from two days before it starts to its first day. */
function longWeekendRush(holidayDate: string, factor: number): Peak {
  const { startDate } = longWeekend(holidayDate);
  return { from: addDays(startDate, -2), to: startDate, factor };
}

/** Departure dates that cost more because everyone travels then, for the holidays of one year. */
function peaksOf(year: number): Peak[] {
  const holidays = federalHolidays(year);
  const dateOf = (name: string) => holidays.find((holiday) => holiday.name === name)?.date;
  const peaks: Peak[] = [];
  const christmas = dateOf("Christmas Day");
  // Christmas to New Year: from a week before Christmas to the day after New Year's Day.
  if (christmas) peaks.push({ from: addDays(christmas, -7), to: `${year + 1}-01-02`, factor: 1.25 });
  const thanksgiving = dateOf("Thanksgiving Day");
  // Thanksgiving week: the Saturday before to the Wednesday.
  if (thanksgiving) peaks.push({ from: addDays(thanksgiving, -5), to: addDays(thanksgiving, -1), factor: 1.22 });
  const independenceDay = dateOf("Independence Day");
  if (independenceDay) peaks.push(longWeekendRush(independenceDay, 1.12));
  for (const name of ["Memorial Day", "Labor Day"]) {
    const date = dateOf(name);
    if (date) peaks.push(longWeekendRush(date, 1.1));
  }
  return peaks;
}

const peaksByYear = new Map<number, Peak[]>();

function cachedPeaksOf(year: number): Peak[] {
  let peaks = peaksByYear.get(year);
  if (!peaks) {
    peaks = peaksOf(year);
    peaksByYear.set(year, peaks);
  }
  return peaks;
}

/** The holiday peak factor of a departure date (1 outside every peak). */
export function holidayFactor(departDate: string): number {
  const year = Number(departDate.slice(0, 4));
  let factor = 1;
  for (const peaks of [cachedPeaksOf(year - 1), cachedPeaksOf(year)]) {
    for (const peak of peaks) if (departDate >= peak.from && departDate <= peak.to) factor = Math.max(factor, peak.factor);
  }
  return factor;
}

/** Departure weekday factor, Sunday first: for one-way trips and round trips of other lengths. */
const WEEKDAY_FACTOR = [1.03, 1.0, 0.95, 0.96, 1.01, 1.04, 0.98];
const WEEKEND_FACTOR = 1.04;
const WEEK_LONG_FACTOR = 0.98;
const ONE_WAY_FACTOR = 0.62;

/**
 * The trip's factor: a weekend away (Fri/Sat → Sun/Mon) flies on the busiest days and costs a few % more per trip
 * than a week away (6–8 nights); other trips follow their departure weekday.
 */
export function tripFactor(departDate: string, returnDate: string | null): number {
  const kind = tripKindOf(departDate, returnDate);
  if (kind === "weekend") return WEEKEND_FACTOR;
  if (kind === "week_long") return WEEK_LONG_FACTOR;
  const weekday = WEEKDAY_FACTOR[weekdayOf(departDate)]!;
  return kind === "one_way" ? ONE_WAY_FACTOR * weekday : weekday;
}
