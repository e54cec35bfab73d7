/**
 * Which Travel Explore searches one sweep makes (docs/decisions/080). Pure.
 *
 * - Every sweep first looks at North America (67 of the 81 catalogue routes, with Canada and Mexico) for the next
 *   six months, weekend and week-long: two searches that price most of the network.
 * - What the sweep can afford beyond that walks a rotation, so each area and each season comes round in turn:
 *   every other searchable area (Europe, the Caribbean, Central America, the Atlantic) for the next six months,
 *   interleaved with North America month by month (the next six calendar months), weekend and week-long. A sale
 *   that is not the cheapest trip of its six months is still seen when its month comes round.
 * - The rotation's position is how many rotation searches were made before (fare_scans.discovery_searches), so a
 *   restart carries on where it left off.
 */
import { daysBetween, monthOf, rduToday } from "../../domain/calendar.ts";
import type { DiscoveryArea } from "./discovery-areas.ts";
import type { DiscoveryRequest, TripKind } from "./fare-source.ts";
import { tripDatePairs, type DatePair } from "./scan-plan.ts";

export interface DiscoveryQuery {
  area: DiscoveryArea;
  tripKind: TripKind;
  /** 1–12, or null for the next six months. */
  month: number | null;
}

const TRIP_KINDS: readonly TripKind[] = ["weekend", "week"];
/** North America, weekend and week-long, over six months: made by every sweep that can afford them. */
export const CORE_QUERIES: readonly DiscoveryQuery[] = TRIP_KINDS.map((tripKind) => ({ area: "north-america", tripKind, month: null }));
const SEASON_MONTHS = 6;

/** The next six calendar months from this one (1–12). */
function nextMonths(today: string): number[] {
  const month = Number(today.slice(5, 7));
  return Array.from({ length: SEASON_MONTHS }, (_, i) => ((month - 1 + i) % 12) + 1);
}

/** The rotation after the core: the other areas over six months, interleaved with North America month by month. */
export function rotation(areas: readonly DiscoveryArea[], today: string): DiscoveryQuery[] {
  const otherAreas = areas
    .filter((area) => area !== "north-america")
    .flatMap((area) => TRIP_KINDS.map((tripKind): DiscoveryQuery => ({ area, tripKind, month: null })));
  const seasons = areas.includes("north-america")
    ? nextMonths(today).flatMap((month) => TRIP_KINDS.map((tripKind): DiscoveryQuery => ({ area: "north-america", tripKind, month })))
    : [];
  const queries: DiscoveryQuery[] = [];
  for (let i = 0; i < Math.max(otherAreas.length, seasons.length); i++) {
    if (i < otherAreas.length) queries.push(otherAreas[i]!);
    if (i < seasons.length) queries.push(seasons[i]!);
  }
  return queries;
}

export interface DiscoveryPlanInput {
  /** Searches this sweep may spend on discovery. */
  count: number;
  /** The areas the source can search. */
  areas: readonly DiscoveryArea[];
  today: string;
  /** Rotation searches made before this sweep. */
  rotationDone: number;
}

/** The core (when North America is searchable), then the rotation from where the last sweep stopped. */
export function planDiscovery(input: DiscoveryPlanInput): DiscoveryQuery[] {
  const core = input.areas.includes("north-america") ? CORE_QUERIES : [];
  const plan = core.slice(0, input.count);
  const turn = rotation(input.areas, input.today);
  for (let i = 0; plan.length < input.count && i < turn.length; i++) plan.push(turn[(input.rotationDone + i) % turn.length]!);
  return plan;
}

/** Rotation searches in a sweep that made `discoverySearches` (the core comes first). */
export function rotationSearchesOf(discoverySearches: number, areas: readonly DiscoveryArea[]): number {
  const core = areas.includes("north-america") ? CORE_QUERIES.length : 0;
  return Math.max(0, discoverySearches - core);
}

/**
 * Of a scan's share, what is held back to confirm candidates: a quarter, at least one when the share is two or
 * more. What the confirmations do not use is not lost: the next scan's share is the month's remainder ÷ scans left.
 */
export function confirmationReserve(share: number): number {
  if (share < 2) return 0;
  return Math.max(1, Math.floor(share / 4));
}

/** How far ahead a discovery looks, as Travel Explore's "next six months". */
const DISCOVERY_DAYS = 183;

/**
 * The scan grid's trips of a discovery's kind (weekends Friday → Sunday, weeks Saturday → Saturday) in its window:
 * what a simulated Explore (the simulated market, the replay's world) takes the cheapest of.
 */
export function discoveryPairs(request: Pick<DiscoveryRequest, "now" | "tripKind" | "month">): DatePair[] {
  const today = rduToday(request.now);
  const nights = request.tripKind === "weekend" ? 2 : 7;
  return tripDatePairs(today).filter(
    (pair) =>
      daysBetween(pair.departDate, pair.returnDate) === nights &&
      daysBetween(today, pair.departDate) <= DISCOVERY_DAYS &&
      (request.month === null || monthOf(pair.departDate) === request.month),
  );
}
