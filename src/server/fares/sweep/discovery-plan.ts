/**
 * Which Travel Explore searches one sweep makes (docs/decisions/080). Pure.
 *
 * - Every sweep first looks at North America (72 of the 81 catalogue routes: 67 in the US, 5 in Canada and Mexico) for the next
 *   six months, weekend and week-long: two searches that price most of the network.
 * - What the sweep can afford beyond that walks a rotation, so each area and each season comes round in turn:
 *   North America month by month (the next nine calendar months), turn about with every other searchable area
 *   (Europe, the Caribbean, Central America, the Atlantic) month by month, weekend and week-long. A sale that is not
 *   the cheapest trip of its six months is still seen when its month comes round (decision 087).
 * - A catalogue route that no searchable area covers (SerpApi names Europe's area alone, so by default the Caribbean,
 *   Central America and Bermuda) is searched by its own airport, next six months, weekend and week-long: a third list
 *   of the rotation, so all 81 routes are searched whatever the operator sets (decision 114).
 * - The rotation's position is how many rotation searches were made before (fare_scans.discovery_searches), so a
 *   restart carries on where it left off.
 */
import { daysBetween, monthOf, rduToday } from "../../../domain/calendar.ts";
import { discoveryAreaOf, routesOutside, type DiscoveryArea } from "../../../domain/discovery-areas.ts";
import type { DiscoveryRequest, TripKind } from "../sources/fare-source.ts";
import { tripDatePairs, type DatePair } from "./scan-plan.ts";

export interface DiscoveryQuery {
  area: DiscoveryArea;
  /** One airport of the area (a route no searchable area covers), or null for the whole area. */
  destination: string | null;
  tripKind: TripKind;
  /** 1–12, or null for the next six months. */
  month: number | null;
}

/** One query's name, to tell queries apart. */
export const queryKey = (query: DiscoveryQuery) => `${query.destination ?? query.area}|${query.tripKind}|${query.month}`;

const TRIP_KINDS: readonly TripKind[] = ["weekend", "week"];
/** North America, weekend and week-long, over six months: made by every sweep that can afford them. */
export const CORE_QUERIES: readonly DiscoveryQuery[] = TRIP_KINDS.map((tripKind) => ({ area: "north-america", destination: null, tripKind, month: null }));
/** The scan grid reaches eight months out: this month and the eight after it. */
const SEASON_MONTHS = 9;

/** The calendar months the scan grid reaches (departures up to eight months out), this one first (1–12). */
function nextMonths(today: string): number[] {
  const month = Number(today.slice(5, 7));
  return Array.from({ length: SEASON_MONTHS }, (_, i) => ((month - 1 + i) % 12) + 1);
}

/** The rotation's lists, and which list each turn takes from. */
export interface Rotation {
  lists: readonly (readonly DiscoveryQuery[])[];
  turns: readonly number[];
}

/**
 * The rotation after the core: North America month by month, the other areas month by month, and the routes no area
 * covers by their own airport, in turn. Each list keeps its own place, so with every area searchable North America's
 * 18 queries come round four times as often as the other areas' 72. The other areas get no six-month search: their
 * sales last a day or two, and a month's search shows them whether or not they are the cheapest of six months
 * (decision 087). A route searched alone gets its six months, weekend and week-long (decision 114).
 */
export function rotation(areas: readonly DiscoveryArea[], today: string): Rotation {
  const otherAreas = areas.filter((area) => area !== "north-america");
  const months = nextMonths(today);
  const byKind = (area: DiscoveryArea, month: number) => TRIP_KINDS.map((tripKind): DiscoveryQuery => ({ area, destination: null, tripKind, month }));
  const northAmericaMonths = areas.includes("north-america") ? months.flatMap((month) => byKind("north-america", month)) : [];
  const otherMonths = months.flatMap((month) => otherAreas.flatMap((area) => byKind(area, month)));
  // Every route's weekend before any route's week: each route comes round once in as many turns as there are routes.
  const routesAlone = TRIP_KINDS.flatMap((tripKind) =>
    routesOutside(areas).map((destination): DiscoveryQuery => ({ area: discoveryAreaOf(destination), destination, tripKind, month: null })),
  );
  const lists = [northAmericaMonths, otherMonths, routesAlone];
  const turns = [0, 1, 2].filter((list) => lists[list]!.length > 0);
  return { lists, turns };
}

/** The rotation's query at position `n` (0, 1, 2 … over all sweeps). */
export function rotationQuery(turn: Rotation, n: number): DiscoveryQuery | null {
  if (turn.turns.length === 0) return null;
  const listIndex = turn.turns[n % turn.turns.length]!;
  const list = turn.lists[listIndex]!;
  const usesBefore =
    Math.floor(n / turn.turns.length) * turn.turns.filter((t) => t === listIndex).length +
    turn.turns.slice(0, n % turn.turns.length).filter((t) => t === listIndex).length;
  return list[usesBefore % list.length]!;
}

/** Rotation searches until every query of the rotation was made once (its longest list's turn comes least often). */
export function rotationPeriod(turn: Rotation): number {
  return Math.max(
    0,
    ...turn.lists.map((list, index) => {
      const uses = turn.turns.filter((t) => t === index).length;
      return uses === 0 ? 0 : Math.ceil((list.length * turn.turns.length) / uses);
    }),
  );
}

/** Distinct queries of the rotation. */
export const rotationSize = (turn: Rotation) => turn.lists.reduce((sum, list) => sum + list.length, 0);

export interface DiscoveryPlanInput {
  /** Searches this sweep may spend on discovery. */
  count: number;
  /** The areas the source can search. */
  areas: readonly DiscoveryArea[];
  today: string;
  /** Rotation searches made before this sweep. */
  rotationDone: number;
}

/** The core (when North America is searchable), then the rotation from where the last sweep stopped, no query twice. */
export function planDiscovery(input: DiscoveryPlanInput): DiscoveryQuery[] {
  const core = input.areas.includes("north-america") ? CORE_QUERIES : [];
  const plan = core.slice(0, input.count);
  const turn = rotation(input.areas, input.today);
  const planned = new Set<string>();
  for (let n = input.rotationDone; plan.length < input.count && n < input.rotationDone + 4 * rotationSize(turn); n++) {
    const query = rotationQuery(turn, n)!;
    const key = queryKey(query);
    if (planned.has(key)) continue;
    planned.add(key);
    plan.push(query);
  }
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

/** How far ahead a discovery of the next six months looks; one of a month looks at that whole month. */
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
      (request.month === null ? daysBetween(today, pair.departDate) <= DISCOVERY_DAYS : monthOf(pair.departDate) === request.month),
  );
}
