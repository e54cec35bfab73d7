/**
 * "I booked it" (issue 17): the US 24-hour rule reminder and the fare watch on a booked trip. The DOT rule lets a
 * traveller cancel without penalty within 24 hours of booking when the booking is made 7 or more days before departure.
 */
import { HOUR_MS, daysBetween, rduToday } from "./calendar.ts";

/** The reminder goes out this long after booking: two hours before the free-cancellation window closes. */
export const REMINDER_AFTER_MS = 22 * HOUR_MS;
export const FREE_CANCELLATION_MS = 24 * HOUR_MS;
/** The 24-hour rule covers bookings made this many days or more before departure. */
export const FREE_CANCELLATION_MIN_DAYS = 7;

/** When the free-cancellation reminder is due, or null when the 24-hour rule does not cover this booking. */
export function reminderDueAt(bookedAt: Date, departDate: string): Date | null {
  if (daysBetween(rduToday(bookedAt), departDate) < FREE_CANCELLATION_MIN_DAYS) return null;
  return new Date(bookedAt.getTime() + REMINDER_AFTER_MS);
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
