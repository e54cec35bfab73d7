// Dashboard search filter, region toggle and table sorting (docs/product-rules.md §2 Dashboard, §5 Validation rules).
import { endOfDay, format, startOfDay } from "date-fns";
import { detectNonstop, isNonstop, parsePrice, type DealLike } from "./deals";
import { dealTravelDates } from "./travel-dates";

export interface DealFilter {
  /** Airport code; '' = any destination. */
  destination: string;
  begin: Date | null;
  end: Date | null;
  /** 'Any dates available': begin/end are ignored. */
  anyDates: boolean;
  nonstopOnly: boolean;
}

export const EMPTY_FILTER: DealFilter = Object.freeze({
  destination: "",
  begin: null,
  end: null,
  anyDates: false,
  nonstopOnly: false,
});

function normalizeCode(code: string | undefined): string {
  return (code ?? "").trim().toUpperCase();
}

export function isFilterActive(f: DealFilter): boolean {
  return normalizeCode(f.destination) !== "" || f.begin !== null || f.end !== null || f.anyDates || f.nonstopOnly;
}

function usesDateRange(f: DealFilter): boolean {
  return !f.anyDates && (f.begin !== null || f.end !== null);
}

function matchesDestination(deal: DealLike, f: DealFilter): boolean {
  const wanted = normalizeCode(f.destination);
  return wanted === "" || normalizeCode(deal.destination) === wanted;
}

/** Overlap test: the deal must not end before the begin day nor start after the end day (inclusive). */
function matchesDates(deal: DealLike, f: DealFilter, now: Date): boolean {
  if (!usesDateRange(f)) return true;
  const dates = dealTravelDates(deal, now);
  if (!dates.parsed) return false;
  const dealStart = dates.start;
  const dealEnd = dates.end ?? dates.start;
  if (f.begin !== null && dealEnd < startOfDay(f.begin)) return false;
  if (f.end !== null && dealStart > endOfDay(f.end)) return false;
  return true;
}

function matchesNonstop(deal: DealLike, f: DealFilter): boolean {
  return !f.nonstopOnly || isNonstop(deal);
}

export function filterDeals<T extends DealLike>(deals: T[], f: DealFilter, now: Date): T[] {
  return deals.filter((deal) => matchesDestination(deal, f) && matchesDates(deal, f, now) && matchesNonstop(deal, f));
}

export const DATE_RANGE_MESSAGES = {
  beginInPast: "Begin date cannot be in the past.",
  beginAfterEnd: "Begin date cannot be after the end date.",
  endBeforeBegin: "End date cannot be before the begin date.",
} as const;

/**
 * null when the range is acceptable, otherwise a user-facing message.
 * `edited` names the picker the user just changed, so an inverted range is reported on that field
 * (begin after end vs. end before begin); it defaults to 'begin'.
 */
export function validateDateRange(begin: Date | null, end: Date | null, now: Date, edited: "begin" | "end" = "begin"): string | null {
  if (begin !== null && startOfDay(begin) < startOfDay(now)) return DATE_RANGE_MESSAGES.beginInPast;
  if (begin !== null && end !== null && startOfDay(begin) > startOfDay(end)) {
    return edited === "end" ? DATE_RANGE_MESSAGES.endBeforeBegin : DATE_RANGE_MESSAGES.beginAfterEnd;
  }
  return null;
}

function dateRangeSuffix(f: DealFilter): string {
  if (!usesDateRange(f)) return "";
  const label = (d: Date) => format(d, "MMM dd");
  if (f.begin !== null && f.end !== null) return ` from ${label(f.begin)} to ${label(f.end)}`;
  if (f.begin !== null) return ` from ${label(f.begin)}`;
  if (f.end !== null) return ` until ${label(f.end)}`;
  return "";
}

/** e.g. 'Showing 3 filtered results to LHR from Mar 03 to Mar 10 (nonstop only)'. */
export function filterBannerText(count: number, f: DealFilter): string {
  const destination = normalizeCode(f.destination);
  return [
    `Showing ${count} filtered results`,
    destination === "" ? "" : ` to ${destination}`,
    dateRangeSuffix(f),
    f.nonstopOnly ? " (nonstop only)" : "",
    f.anyDates ? " (any dates)" : "",
  ].join("");
}

export type DealRegion = "all" | "domestic" | "international";

export function filterByRegion<T extends DealLike>(deals: T[], region: DealRegion, isInternational: (code: string) => boolean): T[] {
  if (region === "all") return [...deals];
  const wantInternational = region === "international";
  return deals.filter((deal) => isInternational(normalizeCode(deal.destination)) === wantInternational);
}

export type SortKey = "status" | "airline" | "destination" | "dates" | "price" | "tripType" | "nonstop";
export type SortDirection = "asc" | "desc";

type SortValue = string | number | null;

function textValue(text: string | undefined): SortValue {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? null : trimmed;
}

// Ascending puts new deals first for 'status', and for 'nonstop' reads like the text: 'No' before 'Yes'
// (the column's tooltip says so; descending is nonstop first).
function sortValue(deal: DealLike, key: SortKey, now: Date): SortValue {
  switch (key) {
    case "status":
      return typeof deal.isNewForUser === "boolean" ? (deal.isNewForUser ? 0 : 1) : null;
    case "airline":
      return textValue(deal.airline);
    case "destination":
      return textValue(deal.destination);
    case "tripType":
      return textValue(deal.tripType);
    case "dates": {
      const dates = dealTravelDates(deal, now);
      return dates.parsed ? dates.start.getTime() : null;
    }
    case "price":
      return parsePrice(deal.startingPrice);
    case "nonstop": {
      const answer = detectNonstop(deal);
      return answer === null ? null : answer === "No" ? 0 : 1;
    }
  }
}

function compareKnown(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), "en", { sensitivity: "base" });
}

/** New sorted array; stable (ties keep their order in both directions); unknown values always last. */
export function sortDeals<T extends DealLike>(deals: T[], key: SortKey, direction: SortDirection, now: Date): T[] {
  const sign = direction === "asc" ? 1 : -1;
  const keyed = deals.map((deal) => ({ deal, value: sortValue(deal, key, now) }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      return (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0);
    }
    return sign * compareKnown(a.value, b.value);
  });
  return keyed.map((entry) => entry.deal);
}
