/**
 * Discover wide, confirm narrow (docs/decisions/080): one scan of a source that sweeps by discovery. Travel Explore
 * searches (discovery-plan.ts) give the cheapest trip to each destination of an area; each is a cached candidate,
 * judged against the route's typical range. A candidate that looks like a deal gets one fresh Google Flights search
 * of its exact dates (confirm), which proves the fare live and brings Google's typical range and price history.
 * Then it searches the dates of drops that can have held (docs/decisions/085; their searches were set aside before
 * discovery). What the share has left then re-checks live deals not seen for a while, then prices routes we cannot
 * judge yet (no history of our own): their fresh answer carries Google's range, so a deal can be found on a new install.
 * A source that answers Explore for exact dates also gets the completeness pass (completeness-pass.ts): one grid date
 * pair a sweep, so a sale that is never its window's cheapest is still found. The phases are in sweep-phases.ts, the
 * state they share in sweep-run.ts.
 */
import type { DiscoveryArea } from "../../../domain/discovery-areas.ts";
import { DISCOVERY_AREAS } from "../../../domain/discovery-areas.ts";
import { judgeQuotes } from "../judge/judge-quotes.ts";
import type { SearchAllowance } from "../sources/fare-source.ts";
import { confirmationReserve, CORE_QUERIES, planDiscovery, rotation, rotationSize } from "./discovery-plan.ts";
import { COMPLETENESS_SEARCHES_PER_SWEEP, completenessSearches, splitDiscoverySearches } from "./completeness-pass.ts";
import { discoveryDone, dropsThatCanHaveHeld, hiddenNeighbours } from "./sweep-lookups.ts";
import { confirmDealCandidates, discoverCandidates, lookAtDates, priceUnjudgedRoutes, recheckLiveDeals, tallySweep } from "./sweep-phases.ts";
import { tripKey } from "./sweep-quotes.ts";
import { startSweep, type DiscoverySweep, type SweepInput } from "./sweep-run.ts";

export { RECHECK_AFTER_HOURS } from "./sweep-phases.ts";
export { candidateQuote, PROVIDER_HISTORY_HOUR_UTC } from "./sweep-quotes.ts";
export { NO_SWEEP_COUNTS, type DiscoverySweep, type SweepCounts, type SweepInput } from "./sweep-run.ts";

/**
 * How many discovery searches this sweep makes. Never the same query twice in a sweep: a repeat within the hour is
 * SerpApi's cached answer (free, and nothing new). Looks at drops that can have held (each is a real sale's alert, or
 * the end of a false one) and at the trips a new drop's discovery could not show come before the rotation, up to half
 * the share, so a backlog after an outage cannot stop discovery; a quarter is held for confirmations.
 */
function discoveryCount(allowance: SearchAllowance | null, areas: readonly DiscoveryArea[], today: string, looksWanted: number, passPerSweep: number): number {
  const distinctQueries = CORE_QUERIES.length + passPerSweep + rotationSize(rotation(areas, today));
  if (allowance === null) return distinctQueries;
  const reservedLooks = Math.min(looksWanted, Math.floor(allowance.share / 2));
  const reserved = confirmationReserve(allowance.share) + reservedLooks;
  return Math.min(distinctQueries, allowance.share - reserved);
}

export async function sweepByDiscovery(input: SweepInput): Promise<DiscoverySweep> {
  const { db, fares, history, now, today } = input;
  if (!fares.discover) throw new Error(`${fares.name} cannot discover`);
  const areas = fares.discoveryAreas ?? DISCOVERY_AREAS;
  const allowance = fares.allowance ? await fares.allowance(now) : null;
  const heldDrops = dropsThatCanHaveHeld(db, now);
  const neighbours = hiddenNeighbours(db, now, today);
  // The completeness pass's exact-date searches come after the core, out of the same count (completeness-pass.ts).
  const passPerSweep = fares.exactDateExplore ? COMPLETENESS_SEARCHES_PER_SWEEP : 0;
  const count = Math.max(1, discoveryCount(allowance, areas, today, heldDrops.length + neighbours.length, passPerSweep));
  const run = startSweep(input, allowance);
  const done = discoveryDone(db, fares.name, areas, passPerSweep);
  const split = splitDiscoverySearches(count, areas, passPerSweep);
  const planned = planDiscovery({ count: count - split.completeness, areas, today, rotationDone: done.rotation });
  const pass = completenessSearches({ areas, today, done: done.completeness, count: split.completeness });
  const queries = [...planned.slice(0, split.core), ...pass, ...planned.slice(split.core)];

  const found = await discoverCandidates(run, queries);
  const judgedFound = judgeQuotes(found, history, today, (quote) => run.exactDatePrices.has(tripKey(quote))).judged;
  await confirmDealCandidates(run, judgedFound);
  await lookAtDates(run, heldDrops, "heldDropLooks");
  await lookAtDates(run, neighbours, "neighbourLooks");
  await recheckLiveDeals(run);
  await priceUnjudgedRoutes(run, judgedFound);
  return tallySweep(run, found, judgedFound);
}
