/**
 * One world, seed and monthly budget, measured (issue 15): the replayed year from a warm start, scanned every hour
 * by discovery and confirmation within the budget (replay.ts's budgeted mode), scored against the world's truth.
 */
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import type { DiscoveryArea } from "../../src/domain/discovery-areas.ts";
import { PROVIDER_NAMES, type PricedProvider } from "../../src/server/fares/sweep/provider-prices.ts";
import { REPLAY_START, worldTruth } from "./evaluate.ts";
import { measureAlerts, quantile } from "./metrics.ts";
import { replay } from "./replay.ts";
import { coverageEvery6h } from "./world-budgeted-source.ts";
import { SyntheticWorld } from "./world.ts";
import type { WorldKind } from "./world-events.ts";

export interface BudgetJobSpec {
  kind: WorldKind;
  seed: number;
  days: number;
  searchesPerMonth: number;
  /**
   * Whose Explore the replay answers like: SerpApi's searches the areas it names with no SERPAPI_EXPLORE_AREAS (North
   * America, Europe; the other routes by their own airport), SearchApi's every area (searchapi.ts).
   */
  provider: PricedProvider;
  /** Explore answers exact dates and the sweep makes its completeness pass (decision 139). */
  completeness?: boolean;
}

/** The areas SerpApi's Explore can search with no operator setting (serpapi.ts). */
export const SERPAPI_DEFAULT_AREAS: readonly DiscoveryArea[] = ["north-america", "europe"];

export interface BudgetJobResult {
  spec: BudgetJobSpec;
  seconds: number;
  /** Routes of the world, and of the catalogue (the world prices only its own). */
  worldRoutes: number;
  catalogueRoutes: number;
  /** Share of (route, 6-hour window) pairs of the world's routes priced in that window. */
  coverage6h: number;
  realDropRecall: { hit: number; of: number };
  alerts: number;
  realAlerts: number;
  /** Re-alerts of the same route and dates that only noise explains (metrics.ts). */
  duplicates: number;
  hoursToAlert: { median: number | null; p95: number | null };
  searches: number;
  /** The most spent in any calendar month, and the budget. */
  mostInAMonth: number;
  months: number;
}

export async function evaluateBudget(spec: BudgetJobSpec): Promise<BudgetJobResult> {
  const world = new SyntheticWorld({ kind: spec.kind, seed: spec.seed, replayStart: REPLAY_START, replayDays: spec.days });
  const year = await replay({
    world,
    from: REPLAY_START,
    days: spec.days,
    warmStart: true,
    searchesPerMonth: spec.searchesPerMonth,
    areas: spec.provider === "serpapi" ? SERPAPI_DEFAULT_AREAS : undefined,
    exactDateExplore: spec.completeness === true,
    progressLabel: `${PROVIDER_NAMES[spec.provider]} ${spec.searchesPerMonth}, ${spec.kind} world, seed ${spec.seed}`,
  });
  const source = year.budgeted!;
  const metrics = measureAlerts(year.alerts.current, worldTruth(world, REPLAY_START, world.replayEnd));
  const spent = [...source.spentByMonth.values()];
  return {
    spec,
    seconds: year.seconds,
    worldRoutes: world.routes.length,
    catalogueRoutes: DESTINATIONS.length,
    coverage6h: coverageEvery6h(
      source,
      world.routes.map((r) => r.code),
      REPLAY_START,
      world.replayEnd,
    ),
    realDropRecall: metrics.realDropRecall,
    alerts: metrics.alerts,
    realAlerts: metrics.realAlerts,
    duplicates: metrics.duplicates,
    hoursToAlert: { median: quantile(metrics.hoursToAlert, 0.5), p95: quantile(metrics.hoursToAlert, 0.95) },
    searches: spent.reduce((a, b) => a + b, 0),
    mostInAMonth: Math.max(0, ...spent),
    months: spent.length,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const hours = (value: number | null) => (value === null ? "–" : `${value.toFixed(1)} h`);

/** The budget table, one row per world, seed and budget. */
export function budgetTable(results: readonly BudgetJobResult[]): string {
  const rows = results.map((r) => {
    const recall = r.realDropRecall.of === 0 ? "–" : `${percent(r.realDropRecall.hit / r.realDropRecall.of)} (${r.realDropRecall.hit}/${r.realDropRecall.of})`;
    const real = r.alerts === 0 ? "–" : `${percent(r.realAlerts / r.alerts)} (${r.realAlerts}/${r.alerts})`;
    return (
      `| ${PROVIDER_NAMES[r.spec.provider]} | ${r.spec.kind} | ${r.spec.seed} | ${r.spec.searchesPerMonth.toLocaleString("en-US")} | ${percent(r.coverage6h)} | ${recall} | ${real} | ` +
      `${r.duplicates} | ${hours(r.hoursToAlert.median)} | ${hours(r.hoursToAlert.p95)} | ${r.searches.toLocaleString("en-US")} | ${r.mostInAMonth.toLocaleString("en-US")} |`
    );
  });
  return [
    "| Provider | World | Seed | Budget / month | Routes seen every 6 h | Recall, real drops ≥ 25 % | Alerts that are real | Duplicate alerts | Median drop → alert | p95 drop → alert | Searches spent | Most in a month |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
