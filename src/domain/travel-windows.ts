/**
 * Travel windows: the dates a subscriber can travel. A deal fits a window when the whole trip lies inside the window's
 * dates, its nights are within the optional minimum and maximum, and (when asked) it includes a Saturday or Sunday.
 * One-way trips have no nights: only their departure day counts. deals/matching-sql.ts holds the same rule in SQL.
 */
import { daysBetween, weekdayOf } from "./calendar.ts";

export const MAX_TRAVEL_WINDOWS = 10;
/** A deal this far below typical is alerted even to subscribers who want only deals that fit their windows. */
export const EXCEPTIONAL_ALERT_PERCENT = 50;
export const MAX_WINDOW_NAME = 60;
/** Trips longer than this are not what a window describes. */
export const MAX_WINDOW_NIGHTS = 60;
/** A window may reach this far ahead: fares are published about a year out. */
export const MAX_WINDOW_DAYS_AHEAD = 400;

export interface TravelWindowRule {
  /** 'YYYY-MM-DD', inclusive */
  startDate: string;
  endDate: string;
  minNights: number | null;
  maxNights: number | null;
  needsWeekend: boolean;
}

export interface TripDates {
  departDate: string;
  /** null or '' for one-way trips */
  returnDate: string | null;
}

/** Does the trip's span include a Saturday or a Sunday? */
function includesWeekend(departDate: string, nights: number): boolean {
  const weekday = weekdayOf(departDate);
  return weekday === 0 || nights >= 6 - weekday;
}

export function fitsTravelWindow(trip: TripDates, window: TravelWindowRule): boolean {
  const back = trip.returnDate || trip.departDate;
  if (trip.departDate < window.startDate || back > window.endDate) return false;
  const nights = daysBetween(trip.departDate, back);
  if (trip.returnDate) {
    if (window.minNights !== null && nights < window.minNights) return false;
    if (window.maxNights !== null && nights > window.maxNights) return false;
  }
  return !window.needsWeekend || includesWeekend(trip.departDate, nights);
}

/** The first window (by start date) the trip fits, or null. */
export function firstFittingWindow<W extends TravelWindowRule>(trip: TripDates, windows: readonly W[]): W | null {
  return [...windows].sort((a, b) => a.startDate.localeCompare(b.startDate)).find((window) => fitsTravelWindow(trip, window)) ?? null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export interface TravelWindowInput extends TravelWindowRule {
  name: string;
}

/** A field of the window form ('From' is startDate, 'To' endDate) and what to fix in it. */
export interface TravelWindowProblem {
  field: "name" | "startDate" | "endDate" | "minNights" | "maxNights";
  message: string;
}

/** null when the window can be saved, otherwise the field to fix and how. `today` is the date at RDU. */
export function travelWindowProblem(input: TravelWindowInput, today: string): TravelWindowProblem | null {
  const name = input.name.trim();
  if (!name) return { field: "name", message: "Please give the window a name." };
  if (name.length > MAX_WINDOW_NAME) return { field: "name", message: `Names can be at most ${MAX_WINDOW_NAME} characters.` };
  const dates = windowDatesProblem(input, today);
  if (dates) return dates;
  for (const field of ["minNights", "maxNights"] as const) {
    const nights = input[field];
    if (nights !== null && (!Number.isInteger(nights) || nights < 0 || nights > MAX_WINDOW_NIGHTS)) {
      return { field, message: `Nights must be whole numbers from 0 to ${MAX_WINDOW_NIGHTS}.` };
    }
  }
  if (input.minNights !== null && input.maxNights !== null && input.minNights > input.maxNights) {
    return { field: "minNights", message: "The minimum nights cannot be more than the maximum." };
  }
  return null;
}

/** The From and To dates alone: chosen, in order, not over, not too far ahead. The form checks them as they change. */
export function windowDatesProblem(input: Pick<TravelWindowInput, "startDate" | "endDate">, today: string): TravelWindowProblem | null {
  if (!isRealDate(input.startDate)) return { field: "startDate", message: "Please choose the first day you can travel (From)." };
  if (!isRealDate(input.endDate)) return { field: "endDate", message: "Please choose the last day you can travel (To)." };
  if (input.endDate < input.startDate) return { field: "endDate", message: "The To date cannot be before the From date." };
  if (input.endDate < today) return { field: "endDate", message: "This window is already over: choose a To date from today on." };
  if (daysBetween(today, input.startDate) > MAX_WINDOW_DAYS_AHEAD) {
    return { field: "startDate", message: `Windows can start at most ${MAX_WINDOW_DAYS_AHEAD} days ahead.` };
  }
  return null;
}
