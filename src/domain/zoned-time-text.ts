/**
 * Instants as members read them (decision 111): in the member's chosen time zone, with the zone named, the year only
 * when it is not this year, e.g. 'Sun, Nov 29, 6:49 am EST'. The one formatter of a time of day for pages and emails.
 */
import { localTime } from "./alert-timing.ts";
import { formatCalendarDate } from "./travel-dates.ts";

/** Where the member has not chosen (a visitor, a shared page): RDU's zone, the product's default. */
export const RDU_TIME_ZONE = "America/New_York";

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at that instant: 'EST', 'EDT', 'PST', 'HST'; zones without one in English read 'GMT+1'. */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    zoneNames.set(timeZone, format);
  }
  return format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/** '6:49 am EST' */
export function formatClockTime(instant: Date, timeZone: string): string {
  const { hour, minute } = localTime(instant, timeZone);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
  return `${clock} ${zoneAbbreviation(instant, timeZone)}`;
}

/** The day of an instant in the zone: 'Sun, Nov 29'; 'Sat, Jan 2, 2027' when not in the year of `now` there. */
export function formatZonedDate(instant: Date, timeZone: string, now: Date): string {
  return formatCalendarDate(localTime(instant, timeZone).date, localTime(now, timeZone).date);
}

/** 'Sun, Nov 29, 6:49 am EST'; 'Sat, Jan 2, 2027, 6:49 am EST' when that day is not in the year of `now` (both in the zone). */
export function formatZonedTime(instant: Date, timeZone: string, now: Date): string {
  return `${formatZonedDate(instant, timeZone, now)}, ${formatClockTime(instant, timeZone)}`;
}

/** How long until a moment, as a reminder says it: '45 minutes', 'about 2 hours', 'less than a minute'. */
export function timeLeftText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? "about 1 hour" : `about ${hours} hours`;
}
