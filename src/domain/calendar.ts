/** Calendar dates as 'YYYY-MM-DD' strings, counted in whole days; "today" is the date at RDU. */
import { TZDate } from "@date-fns/tz";

const DAY_MS = 86_400_000;

const RDU_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date at the airport (America/New_York) at this instant. */
export function rduToday(now: Date): string {
  const ms = now.getTime();
  if (ms !== lastInstant) {
    lastInstant = ms;
    lastDate = RDU_DATE.format(now);
  }
  return lastDate;
}

/** The hour of the day at the airport (0–23) at this instant. */
export function rduHour(now: Date): number {
  return new TZDate(now.getTime(), "America/New_York").getHours();
}

// Scans and simulated history ask for the same instant thousands of times in a row; formatting is the slow part.
let lastInstant = Number.NaN;
let lastDate = "";

// The scanner and the deal-quality replay turn the same few hundred dates into day numbers millions of times.
const dayNumbers = new Map<string, number>();

/** Days since 1970-01-01 (a Thursday). */
export function dayNumber(isoDate: string): number {
  let day = dayNumbers.get(isoDate);
  if (day === undefined) {
    const [year, month, date] = isoDate.split("-").map(Number) as [number, number, number];
    day = Date.UTC(year, month - 1, date) / DAY_MS;
    if (dayNumbers.size >= 50_000) dayNumbers.clear();
    dayNumbers.set(isoDate, day);
  }
  return day;
}

export function isoDateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return isoDateOfDay(dayNumber(isoDate) + days);
}

/** The same month and day a year earlier (29 February → 28 February). */
export function sameDateAYearBefore(isoDate: string): string {
  const monthDay = isoDate.slice(4) === "-02-29" ? "-02-28" : isoDate.slice(4);
  return `${Number(isoDate.slice(0, 4)) - 1}${monthDay}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(isoDate: string): number {
  return (((dayNumber(isoDate) + 4) % 7) + 7) % 7;
}

/** 1 … 12 */
export function monthOf(isoDate: string): number {
  return Number(isoDate.slice(5, 7));
}

export const HOUR_MS = 3_600_000;
export { DAY_MS };
