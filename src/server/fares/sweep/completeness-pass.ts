/**
 * The completeness pass (issue 43 item 3): a sale that is never the cheapest trip of its Explore window (a holiday
 * weekend, a second sale weekend in a month) is never in a window's answer. So a sweep whose source answers Explore for
 * exact dates (FareSource.exactDateExplore) also makes one exact-date Explore search a sweep: one grid date pair
 * (scan-plan.ts) and one searchable area, every place of the area Google prices priced for that one trip. The pass
 * walks every (date pair, area) in turn, nearest departure first, and starts again, so each pair and area is searched
 * once every (pairs × areas) sweeps: at an hourly schedule with North America and Europe about every two days. Its
 * rows are candidates like discovery's (sweep-phases.ts discoverCandidates), judged and confirmed the same way.
 *
 * Its search is taken out of the discovery count, after the core and before the rotation, so the sweep never spends
 * more than its share. The pass's place is how many pass searches were made before (fare_scans.discovery_searches).
 * Pure.
 */
import type { DiscoveryArea } from "../../../domain/discovery-areas.ts";
import type { DiscoveryRequest } from "../sources/fare-source.ts";
import { CORE_QUERIES, type DiscoveryQuery } from "./discovery-plan.ts";
import { tripDatePairs } from "./scan-plan.ts";
import { daysBetween } from "../../../domain/calendar.ts";

/** Exact-date Explore searches per sweep, when the source answers them: at hourly sweeps 720 a month. */
export const COMPLETENESS_SEARCHES_PER_SWEEP = 1;

/** A discovery search: a query of the plan, with exact dates when it prices one trip (the completeness pass). */
export type DiscoverySearch = DiscoveryQuery & Pick<DiscoveryRequest, "dates">;

/** Every (grid date pair, area) the pass searches, nearest departure first, each pair's areas together. */
export function completenessCycle(areas: readonly DiscoveryArea[], today: string): DiscoverySearch[] {
  const pairs = tripDatePairs(today).sort((a, b) => a.departDate.localeCompare(b.departDate) || a.returnDate.localeCompare(b.returnDate));
  return pairs.flatMap((pair) =>
    areas.map(
      (area): DiscoverySearch => ({
        area,
        destination: null,
        tripKind: daysBetween(pair.departDate, pair.returnDate) <= 4 ? "weekend" : "week",
        month: null,
        dates: { departDate: pair.departDate, returnDate: pair.returnDate },
      }),
    ),
  );
}

/** This sweep's pass searches: `count` of the cycle from where the pass stood after `done` searches. */
export function completenessSearches(input: { areas: readonly DiscoveryArea[]; today: string; done: number; count: number }): DiscoverySearch[] {
  const cycle = completenessCycle(input.areas, input.today);
  if (cycle.length === 0) return [];
  const count = Math.min(input.count, cycle.length);
  return Array.from({ length: count }, (_, i) => cycle[(input.done + i) % cycle.length]!);
}

/**
 * How a sweep's discovery searches split, in the order it makes them: the core first, then the pass's, then the
 * rotation's. The rotation keeps one search before the pass takes any: it is what reaches every area and the routes
 * searched alone, and a small budget (3,000 a month, hourly) left it none. From the count alone, so earlier sweeps'
 * splits come from fare_scans.discovery_searches.
 */
export function splitDiscoverySearches(
  discoverySearches: number,
  areas: readonly DiscoveryArea[],
  passPerSweep: number,
): { core: number; completeness: number; rotation: number } {
  const core = Math.min(discoverySearches, areas.includes("north-america") ? CORE_QUERIES.length : 0);
  const rotationFirst = Math.min(1, discoverySearches - core);
  const completeness = Math.min(passPerSweep, discoverySearches - core - rotationFirst);
  return { core, completeness, rotation: discoverySearches - core - completeness };
}
