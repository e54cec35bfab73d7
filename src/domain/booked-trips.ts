/**
 * "I booked it" (issue 17): the US 24-hour rule reminder and the fare watch on a booked trip. The DOT rule lets a
 * traveller cancel without penalty within 24 hours of booking when the booking is made 7 or more days before departure.
 */
import { inQuietHours, instantAt, localTime, type AlertTiming } from "./alert-timing.ts";
import { addDays, HOUR_MS, daysBetween, rduToday } from "./calendar.ts";

const MINUTE_MS = 60_000;
export const FREE_CANCELLATION_MS = 24 * HOUR_MS;
/** The 24-hour rule covers bookings made this many days or more before departure. */
export const FREE_CANCELLATION_MIN_DAYS = 7;

/** The reminder leaves at least this long to cancel before the window closes (decision 110). */
const REMINDER_MARGIN_MS = 2 * HOUR_MS;
/** A reminder that goes before the member's quiet hours goes this long before they begin, so there is time to act. */
const BEFORE_QUIET_HOURS_MS = 30 * MINUTE_MS;
/** Sooner than this after booking, a reminder tells the member nothing new. */
const REMINDER_NOT_BEFORE_MS = HOUR_MS;
/** With less than this left, a reminder comes too late to act on. */
const REMINDER_LAST_USEFUL_MS = 30 * MINUTE_MS;

export type QuietHours = Pick<AlertTiming, "timeZone" | "quietStart" | "quietEnd">;

/** When the free-cancellation reminder is due, or null when the 24-hour rule does not cover this booking. */
export function reminderDueAt(bookedAt: Date, departDate: string, quiet: QuietHours): Date | null {
  if (daysBetween(rduToday(bookedAt), departDate) < FREE_CANCELLATION_MIN_DAYS) return null;
  return reminderTime(bookedAt, quiet);
}

/**
 * When to remind a member who booked at `bookedAt` that free cancellation ends 24 hours later (decision 110): the
 * latest moment that leaves REMINDER_MARGIN_MS before the deadline and is outside their quiet hours, at least
 * BEFORE_QUIET_HOURS_MS before the next ones begin (so 9:30 pm when they begin at 10 pm, rather than 4:49 am inside
 * them). When no such moment lies between an hour after booking and that margin (quiet hours of about 21 hours or
 * more), the earliest sensible one: the end of quiet hours while 30 minutes are still left, else the margin anyway.
 */
export function reminderTime(bookedAt: Date, quiet: QuietHours): Date {
  const deadline = bookedAt.getTime() + FREE_CANCELLATION_MS;
  const latest = deadline - REMINDER_MARGIN_MS;
  const earliest = bookedAt.getTime() + REMINDER_NOT_BEFORE_MS;
  const isQuiet = (at: number) => inQuietHours(localTime(new Date(at), quiet.timeZone).hour, quiet.quietStart, quiet.quietEnd);
  // Quiet hours are whole local hours and last an hour or more, so none can begin and end inside these 30 minutes.
  const mayRemind = (at: number) => !isQuiet(at) && !isQuiet(at + BEFORE_QUIET_HOURS_MS - 1);
  if (mayRemind(latest)) return new Date(latest);

  // Otherwise the latest moment allowed is BEFORE_QUIET_HOURS_MS before some quiet hours begin.
  // Local days from the one before booking (its quiet hours may still run) to the one after the deadline's.
  const firstDay = addDays(localTime(bookedAt, quiet.timeZone).date, -1);
  const localDays = Array.from({ length: 4 }, (_, days) => addDays(firstDay, days));
  const beforeQuiet = localDays
    .map((day) => instantAt(day, quiet.quietStart, quiet.timeZone).getTime() - BEFORE_QUIET_HOURS_MS)
    .filter((at) => at >= earliest && at <= latest && mayRemind(at));
  if (beforeQuiet.length > 0) return new Date(Math.max(...beforeQuiet));

  const quietEnds = localDays
    .map((day) => instantAt(day, quiet.quietEnd, quiet.timeZone).getTime())
    .filter((at) => at >= earliest && at <= deadline - REMINDER_LAST_USEFUL_MS);
  return new Date(quietEnds.length > 0 ? Math.min(...quietEnds) : latest);
}

/** When the free-cancellation window of a booking closes. */
export function freeCancellationEndsAt(bookedAt: Date): Date {
  return new Date(bookedAt.getTime() + FREE_CANCELLATION_MS);
}

/** A further drop counts when the fare falls by the larger of 10 % and $25 below the price the watch measures from. */
export const WATCH_DROP_SHARE = 0.1;
export const WATCH_DROP_MIN_DOLLARS = 25;

/** The highest fare that counts as a further drop below `watchPrice`. */
export function furtherDropCeiling(watchPrice: number): number {
  return watchPrice - Math.max(watchPrice * WATCH_DROP_SHARE, WATCH_DROP_MIN_DOLLARS);
}

export function isFurtherDrop(watchPrice: number, fare: number): boolean {
  return fare <= furtherDropCeiling(watchPrice);
}

/** The watch stops once the trip has departed. */
export function tripHasDeparted(departDate: string, now: Date): boolean {
  return departDate < rduToday(now);
}
