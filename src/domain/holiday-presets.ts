/**
 * Ready-made travel windows from the US federal holidays (the date-holidays library's calendar, not a typed table):
 * each holiday's long weekend, Thanksgiving week and the winter break. Pure: the moment is a parameter. Only the
 * server imports this file, so the holiday data stays out of the browser bundle.
 */
import Holidays from "date-holidays";
import { addDays, daysBetween, rduToday, weekdayOf } from "./calendar.ts";

export interface WindowPreset {
  name: string;
  startDate: string;
  endDate: string;
}

/** How far ahead presets reach. */
const PRESET_DAYS_AHEAD = 365;
/** A trip out and back needs this many days of a window, counted from tomorrow (today is too late to book for). */
export const MIN_DAYS_LEFT_TO_TRAVEL = 3;

const us = new Holidays("US");

export interface FederalHoliday {
  date: string;
  name: string;
}

/** The year's US federal holidays on their own dates (substitute days off left out). */
export function federalHolidays(year: number): FederalHoliday[] {
  return us
    .getHolidays(year)
    .filter((holiday) => holiday.type === "public" && !holiday.substitute)
    .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }));
}

/** The weekend a holiday joins: Friday–Sunday, Saturday–Monday, or the holiday with the weekend nearest it. */
export function longWeekend(date: string): { startDate: string; endDate: string } {
  const weekday = weekdayOf(date);
  if (weekday === 1) return { startDate: addDays(date, -2), endDate: date };
  if (weekday === 5) return { startDate: date, endDate: addDays(date, 2) };
  if (weekday === 2) return { startDate: addDays(date, -3), endDate: date };
  if (weekday === 4) return { startDate: date, endDate: addDays(date, 3) };
  if (weekday === 6) return { startDate: addDays(date, -1), endDate: addDays(date, 1) };
  if (weekday === 0) return { startDate: addDays(date, -1), endDate: addDays(date, 1) };
  return { startDate: date, endDate: date };
}

/**
 * Can a trip still fit in what is left of the window? At least MIN_DAYS_LEFT_TO_TRAVEL days of it from tomorrow on,
 * or all of it when it is shorter (a one-day holiday is offered until the day before).
 */
export function hasDaysLeftToTravel(window: { startDate: string; endDate: string }, today: string): boolean {
  const firstDay = window.startDate > today ? window.startDate : addDays(today, 1);
  const daysLeft = daysBetween(firstDay, window.endDate) + 1;
  const windowDays = daysBetween(window.startDate, window.endDate) + 1;
  return daysLeft >= Math.min(MIN_DAYS_LEFT_TO_TRAVEL, windowDays);
}

/** Every preset with days left to travel (a trip still fits) that starts within a year, soonest first. */
export function travelWindowPresets(now: Date): WindowPreset[] {
  const today = rduToday(now);
  const year = Number(today.slice(0, 4));
  const presets: WindowPreset[] = [];
  for (const y of [year, year + 1]) {
    const holidays = federalHolidays(y);
    for (const holiday of holidays) {
      if (holiday.name.startsWith("Christmas") || holiday.name.startsWith("New Year")) continue;
      if (holiday.name.startsWith("Thanksgiving")) {
        presets.push({ name: `Thanksgiving week ${y}`, startDate: addDays(holiday.date, -5), endDate: addDays(holiday.date, 3) });
        continue;
      }
      presets.push({ name: `${holiday.name} weekend ${y}`, ...longWeekend(holiday.date) });
    }
    const christmas = holidays.find((holiday) => holiday.name.startsWith("Christmas"));
    const newYear = federalHolidays(y + 1).find((holiday) => holiday.name.startsWith("New Year"));
    if (christmas && newYear) {
      // From the Saturday before Christmas to the Sunday after New Year's Day.
      const startDate = addDays(christmas.date, -((weekdayOf(christmas.date) + 1) % 7 || 7));
      const endDate = addDays(newYear.date, (7 - weekdayOf(newYear.date)) % 7);
      presets.push({ name: `Winter break ${y}–${y + 1}`, startDate, endDate });
    }
  }
  const last = addDays(today, PRESET_DAYS_AHEAD);
  return presets.filter((preset) => hasDaysLeftToTravel(preset, today) && preset.startDate <= last).sort((a, b) => a.startDate.localeCompare(b.startDate));
}
