/**
 * When an alert may go out, in the subscriber's own time zone: quiet hours hold instant alerts until they end, and a
 * digest goes at the chosen local hour (daily, or Saturdays for weekly). Pure: the moment is a parameter.
 */
import { tzOffset } from "@date-fns/tz";
import { HOUR_MS } from "./calendar.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface AlertTiming {
  delivery: "instant" | "daily" | "weekly";
  digestHour: number;
  timeZone: string;
  quietStart: number;
  quietEnd: number;
}

/** The zones the alert settings offer: US zones first (most members); the browser's own is added when it is another. */
export const OFFERED_TIME_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
] as const;

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
    });
    formats.set(timeZone, format);
  }
  return format;
}

export interface LocalTime {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/**
 * Local times already worked out, by zone and minute (every zone's offset is whole minutes): a bulk alert run asks the
 * same few zones thousands of times a minute, and Intl's formatToParts was a few per cent of each email's CPU.
 */
const localTimes = new Map<string, LocalTime>();
const MAX_LOCAL_TIMES = 2000;

export function localTime(instant: Date, timeZone: string): LocalTime {
  const key = `${timeZone}|${Math.floor(instant.getTime() / MINUTE_MS)}`;
  const known = localTimes.get(key);
  if (known) return known;
  if (localTimes.size >= MAX_LOCAL_TIMES) localTimes.clear();
  const time = Object.freeze(localTimeOf(instant, timeZone));
  localTimes.set(key, time);
  return time;
}

function localTimeOf(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? "Sun"),
  };
}

/** The zone's UTC offset at an instant, in ms: @date-fns/tz reads it from Intl (decision 101). */
const offsetMs = (timeZone: string, at: number) => tzOffset(timeZone, new Date(at)) * MINUTE_MS;

/**
 * The instant a local date and whole hour begin in that zone: the earliest instant whose wall clock reads that hour or
 * later. A repeated hour (clocks back) is its first occurrence; a skipped hour (clocks forward) resolves forward, to
 * the moment the clocks jump past it, so quiet hours never end, and a digest never goes, before the hour the member chose.
 */
export function instantAt(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  // The offsets a day before and a day after: an offset change near this wall time lies between them.
  const before = offsetMs(timeZone, wall - DAY_MS);
  const after = offsetMs(timeZone, wall + DAY_MS);
  if (before === after) return new Date(wall - before);
  const readsWall = (at: number) => at + offsetMs(timeZone, at) === wall;
  const candidates = [wall - before, wall - after].filter(readsWall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // Skipped: the clocks jumped from `before` to `after` somewhere in [wall - after, wall - before); find when, to the minute.
  let [skippedFrom, jumpedBy] = [wall - after, wall - before];
  while (jumpedBy - skippedFrom > MINUTE_MS) {
    const middle = skippedFrom + Math.floor((jumpedBy - skippedFrom) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMs(timeZone, middle) === before) skippedFrom = middle;
    else jumpedBy = middle;
  }
  return new Date(offsetMs(timeZone, skippedFrom) === before ? jumpedBy : skippedFrom);
}

const nextDate = (date: string, days = 1) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 24 * HOUR_MS).toISOString().slice(0, 10);

/** Is this local hour inside quiet hours? Quiet hours may wrap midnight (22 → 7); equal hours mean none. */
export function inQuietHours(hour: number, quietStart: number, quietEnd: number): boolean {
  if (quietStart === quietEnd) return false;
  return quietStart < quietEnd ? hour >= quietStart && hour < quietEnd : hour >= quietStart || hour < quietEnd;
}

/** When an instant alert may go: now, or when the quiet hours it falls in end. */
export function instantAlertTime(now: Date, timing: Pick<AlertTiming, "timeZone" | "quietStart" | "quietEnd">): Date {
  const local = localTime(now, timing.timeZone);
  if (!inQuietHours(local.hour, timing.quietStart, timing.quietEnd)) return now;
  const endsToday = timing.quietStart > timing.quietEnd && local.hour < timing.quietEnd;
  const endsOn = endsToday || timing.quietStart < timing.quietEnd ? local.date : nextDate(local.date);
  return instantAt(endsOn, timing.quietEnd, timing.timeZone);
}

/** The first morning after the local day of `now` at which alerts may go: the next day, once its quiet hours ended. */
export function nextDayAlertTime(now: Date, timing: Pick<AlertTiming, "timeZone" | "quietStart" | "quietEnd">): Date {
  const local = localTime(now, timing.timeZone);
  const start = instantAt(nextDate(local.date), 0, timing.timeZone);
  return instantAlertTime(start, timing);
}

/** The next digest after `now`: today's or tomorrow's digest hour (daily), or the next Saturday's (weekly). */
export function nextDigestTime(now: Date, timing: Pick<AlertTiming, "delivery" | "digestHour" | "timeZone">): Date {
  const local = localTime(now, timing.timeZone);
  for (let days = 0; days <= 7; days++) {
    const date = days === 0 ? local.date : nextDate(local.date, days);
    const weekday = (local.weekday + days) % 7;
    if (timing.delivery === "weekly" && weekday !== 6) continue;
    const at = instantAt(date, timing.digestHour, timing.timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  return instantAt(nextDate(local.date, 7), timing.digestHour, timing.timeZone);
}

/** The subscriber's local date of an instant: the day a daily cap counts in. */
export const localDay = (instant: Date, timeZone: string) => localTime(instant, timeZone).date;
