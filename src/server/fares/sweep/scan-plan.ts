/**
 * What one scan asks for: every catalogue destination for a fixed grid of round trips — weekend trips
 * (Friday → Sunday, every other week) and week-long trips (Saturday → Saturday, every fourth week) from two
 * weeks to eight months out — plus a re-check of every live deal. The grid is anchored to the calendar, so
 * consecutive scans ask about the same dates and a route's daily minimum builds up per date pair.
 */
import { dayNumber, isoDateOfDay } from "../../../domain/calendar.ts";
import type { FareSearch } from "../sources/fare-source.ts";

export interface DatePair {
  departDate: string;
  returnDate: string;
}

const FIRST_WEEKEND_DAYS = 14;
const FIRST_WEEK_LONG_DAYS = 21;
const LAST_DEPARTURE_DAYS = 240;
const FRIDAY = 5;
const SATURDAY = 6;

export function tripDatePairs(today: string): DatePair[] {
  const pairs: DatePair[] = [];
  const first = dayNumber(today);
  for (let day = first + FIRST_WEEKEND_DAYS; day <= first + LAST_DEPARTURE_DAYS; day++) {
    // Day 0 (1970-01-01) was a Thursday.
    const weekday = (day + 4) % 7;
    const week = Math.floor(day / 7);
    if (weekday === FRIDAY && week % 2 === 0) pairs.push({ departDate: isoDateOfDay(day), returnDate: isoDateOfDay(day + 2) });
    if (weekday === SATURDAY && day - first >= FIRST_WEEK_LONG_DAYS && week % 4 === 1) {
      pairs.push({ departDate: isoDateOfDay(day), returnDate: isoDateOfDay(day + 7) });
    }
  }
  return pairs;
}

export interface PlanInput {
  today: string;
  destinations: readonly string[];
  /** Live deals to look at again, first in line. */
  rechecks: readonly FareSearch[];
  /** When each destination was last observed (ms); never-seen destinations come first. */
  lastObserved: ReadonlyMap<string, number>;
}

/**
 * Re-checks first, then the grid interleaved so a source with a small budget spreads it: one date pair for
 * every route (stalest route first) before a second pair for any; the starting pair rotates with the day.
 */
export function planSearches(input: PlanInput): FareSearch[] {
  const pairs = tripDatePairs(input.today);
  const routes = [...input.destinations].sort((a, b) => (input.lastObserved.get(a) ?? -1) - (input.lastObserved.get(b) ?? -1) || a.localeCompare(b));
  const searches: FareSearch[] = [...input.rechecks];
  const seen = new Set(searches.map((s) => `${s.destination}|${s.departDate}|${s.returnDate ?? ""}`));
  const rotation = pairs.length === 0 ? 0 : dayNumber(input.today) % pairs.length;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[(i + rotation) % pairs.length]!;
    for (const destination of routes) {
      const key = `${destination}|${pair.departDate}|${pair.returnDate}`;
      if (seen.has(key)) continue;
      searches.push({ destination, departDate: pair.departDate, returnDate: pair.returnDate, cabin: "economy", purpose: "discover" });
    }
  }
  return searches;
}
