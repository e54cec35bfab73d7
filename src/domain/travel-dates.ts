// Deal travel-date text (docs/product-rules.md §3 "Flight deal", §5 travel-date forms).
import { addDays, addYears, format, startOfDay } from "date-fns";
import { monthOf, weekdayOf } from "./calendar.ts";

export interface TravelDates {
  start: Date;
  /** null for a one-way deal ('Mon D, YYYY'). */
  end: Date | null;
  /** false when the text matched no accepted form; start/end are then today .. today + 7 days. */
  parsed: boolean;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

// Building blocks. The weekday ("Mon, ") and the year (", 2026") are optional in every form.
const WEEKDAY = String.raw`(?:[a-z]+\.?,?\s+)?`;
const MONTH_DAY = String.raw`([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const DASH = String.raw`\s*[-–—]\s*`;
const YEAR = String.raw`(?:,?\s*(\d{4}))?`;

// 'Day, Mon D - Day, Mon D' and 'Mon D - Mon D, YYYY'
const TWO_MONTHS = new RegExp(`^${WEEKDAY}${MONTH_DAY}${DASH}${WEEKDAY}${MONTH_DAY}${YEAR}$`, "i");
// 'Mon D-D, YYYY'
const SAME_MONTH = new RegExp(`^${WEEKDAY}${MONTH_DAY}${DASH}${DAY}${YEAR}$`, "i");
// 'Mon D, YYYY' (one-way)
const ONE_WAY = new RegExp(`^${WEEKDAY}${MONTH_DAY}${YEAR}$`, "i");

/** 0-based month index from a name ("Mar", "march", "MAR."); unknown names fall back to January. */
function monthIndex(name: string): number {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index === -1 ? 0 : index;
}

/** Local midnight of that calendar date, or null when the day does not exist in that month. */
function calendarDate(year: number, month: number, day: number): Date | null {
  const date = new Date(year, month, day);
  return date.getMonth() === month && date.getDate() === day ? date : null;
}

function unparsed(now: Date): TravelDates {
  const today = startOfDay(now);
  return { start: today, end: addDays(today, 7), parsed: false };
}

function parsedRange(start: Date | null, end: Date | null, now: Date): TravelDates {
  if (start === null || end === null) return unparsed(now);
  // Year rollover: 'Dec 28 - Jan 3' ends in the following year.
  const rolledEnd = end < start ? addYears(end, 1) : end;
  return { start, end: rolledEnd, parsed: true };
}

function yearOf(text: string | undefined, now: Date): number {
  return text === undefined ? now.getFullYear() : Number(text);
}

export function parseTravelDates(text: string | undefined, now: Date): TravelDates {
  const normalized = (text ?? "").trim().replace(/\s+/g, " ");

  const twoMonths = TWO_MONTHS.exec(normalized);
  if (twoMonths) {
    const [, startMonth = "", startDay = "", endMonth = "", endDay = "", yearText] = twoMonths;
    const year = yearOf(yearText, now);
    return parsedRange(calendarDate(year, monthIndex(startMonth), Number(startDay)), calendarDate(year, monthIndex(endMonth), Number(endDay)), now);
  }

  const sameMonth = SAME_MONTH.exec(normalized);
  if (sameMonth) {
    const [, monthName = "", startDay = "", endDay = "", yearText] = sameMonth;
    const year = yearOf(yearText, now);
    const month = monthIndex(monthName);
    return parsedRange(calendarDate(year, month, Number(startDay)), calendarDate(year, month, Number(endDay)), now);
  }

  const oneWay = ONE_WAY.exec(normalized);
  if (oneWay) {
    const [, monthName = "", day = "", yearText] = oneWay;
    const start = calendarDate(yearOf(yearText, now), monthIndex(monthName), Number(day));
    return start === null ? unparsed(now) : { start, end: null, parsed: true };
  }

  return unparsed(now);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function fromIsoDate(text: string | null | undefined): Date | null {
  const match = ISO_DATE.exec((text ?? "").trim());
  if (!match) return null;
  const [, year = "", month = "", day = ""] = match;
  return calendarDate(Number(year), Number(month) - 1, Number(day));
}

/** Fields that say when a deal travels: the display text and, from our own API, the structured ISO dates. */
export interface DatedDeal {
  travelDates?: string;
  /** 'YYYY-MM-DD' */
  departDate?: string | null;
  /** 'YYYY-MM-DD'; null or '' for a one-way deal. */
  returnDate?: string | null;
}

/**
 * A deal's travel dates. The structured departDate/returnDate win when present and valid: they carry the
 * year, which the display text ('Fri, Jan 8 - Sun, Jan 10') leaves out, so a January deal seen in November
 * is not mistaken for last January. Otherwise the text is parsed as parseTravelDates does.
 */
export function dealTravelDates(deal: DatedDeal, now: Date): TravelDates {
  const depart = fromIsoDate(deal.departDate);
  if (depart === null) return parseTravelDates(deal.travelDates, now);
  const ret = fromIsoDate(deal.returnDate);
  return { start: depart, end: ret !== null && ret >= depart ? ret : null, parsed: true };
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const yearOfIso = (isoDate: string) => isoDate.slice(0, 4);

function dateText(isoDate: string, withYear: boolean): string {
  const text = `${WEEKDAY_NAMES[weekdayOf(isoDate)]}, ${MONTH_NAMES[monthOf(isoDate) - 1]} ${Number(isoDate.slice(8, 10))}`;
  return withYear ? `${text}, ${yearOfIso(isoDate)}` : text;
}

/**
 * A calendar date as members read it: 'Fri, Apr 9' in this year, 'Fri, Apr 9, 2027' in another. `today`
 * ('YYYY-MM-DD') is the reader's date: in the member's time zone, or at RDU for a visitor.
 */
export function formatCalendarDate(isoDate: string, today: string): string {
  return dateText(isoDate, yearOfIso(isoDate) !== yearOfIso(today));
}

/**
 * A deal's travel dates as every page, email and link preview shows them (decision 111): 'Fri, Apr 9 - Sun, Apr 11'
 * in this year, 'Fri, Apr 9 - Sun, Apr 11, 2027' in another, 'Thu, Dec 30, 2027 - Sun, Jan 2, 2028' across two;
 * one-way ('' or null return): 'Fri, Apr 9'. Dates are 'YYYY-MM-DD'; `today` as for formatCalendarDate.
 */
export function formatTravelDates(departDate: string, returnDate: string | null, today: string): string {
  if (!returnDate) return formatCalendarDate(departDate, today);
  if (yearOfIso(departDate) !== yearOfIso(returnDate)) return `${dateText(departDate, true)} - ${dateText(returnDate, true)}`;
  return `${dateText(departDate, false)} - ${formatCalendarDate(returnDate, today)}`;
}

/** 'YYYY-MM-DD' of the local calendar date. */
export function toIsoDate(d: Date): string {
  return format(d, "yyyy-MM-dd");
}
