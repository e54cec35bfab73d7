/**
 * Which departure day a year before says what a date costs against its month (typical-range.ts, calendarOffset).
 * Pure; server only, as it reads the holiday calendar (holiday-presets.ts).
 */
import { dayNumber } from "./calendar.ts";
import { federalHolidays } from "./holiday-presets.ts";

/** 52 weeks: the same weekday a year before. */
const WEEKDAY_YEAR_DAYS = 364;
/** A departure this close to a holiday is read against the same holiday a year before. */
const NEAR_HOLIDAY_DAYS = 10;

// Every quote judged asks; a few hundred departure dates are ever asked about.
const sameWeekdayByDate = new Map<string, number>();
const holidaysByYear = new Map<number, { day: number; name: string }[]>();

function holidaysOf(year: number): { day: number; name: string }[] {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = federalHolidays(year).map((holiday) => ({ day: dayNumber(holiday.date), name: holiday.name }));
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

/**
 * The same weekday a year before, as a day number: 52 weeks back, except near a holiday kept on a weekday of a week
 * (Memorial Day, Labor Day, Thanksgiving), which moves a week now and then (Labor Day: 1 September 2025, 7 September
 * 2026). Near one, the day a year before is as far from the same holiday that year, so the weekend after last year's
 * peak is not read as this year's peak (decision 142). A holiday kept on a date (4 July) moves a weekday instead: the
 * same-date reading covers it.
 */
export function sameWeekdayAYearBefore(departDate: string): number {
  let before = sameWeekdayByDate.get(departDate);
  if (before === undefined) {
    before = alignedOnHoliday(departDate);
    sameWeekdayByDate.set(departDate, before);
  }
  return before;
}

function alignedOnHoliday(departDate: string): number {
  const day = dayNumber(departDate);
  const year = Number(departDate.slice(0, 4));
  const near = [year - 1, year, year + 1]
    .flatMap((y) => holidaysOf(y).map((holiday) => ({ ...holiday, year: y })))
    .filter((holiday) => Math.abs(holiday.day - day) <= NEAR_HOLIDAY_DAYS)
    .sort((a, b) => Math.abs(a.day - day) - Math.abs(b.day - day))[0];
  const before = near ? holidaysOf(near.year - 1).find((holiday) => holiday.name === near.name) : undefined;
  if (!near || !before || (near.day - before.day) % 7 !== 0) return day - WEEKDAY_YEAR_DAYS;
  return before.day + (day - near.day);
}
