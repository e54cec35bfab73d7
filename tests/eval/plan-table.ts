/**
 * The plans an operator can buy, priced (src/server/fares/sweep/provider-prices.ts) and with what the replay measured
 * each buys (replay-outcomes.json): the table in docs/deploying.md's "Picking a plan", written by the budgeted eval
 * between its markers and checked against both files by tests/unit/plan-table.test.ts, so it is never typed.
 */
import { join } from "node:path";
import { PROVIDER_NAMES, PROVIDER_PLAN_PRICES, pricePerThousand } from "../../src/server/fares/sweep/provider-prices.ts";
import { outcomeWithin, type ReplayOutcomes, type ReplayRun } from "../../src/server/fares/sweep/replay-outcomes.ts";
import type { BudgetJobResult } from "./evaluate-budget.ts";

export const REPLAY_OUTCOMES_PATH = join(import.meta.dir, "../../src/server/fares/sweep/replay-outcomes.json");
export const DEPLOYING_PATH = join(import.meta.dir, "../../docs/deploying.md");
export const PLAN_TABLE_START = "<!-- plan-table:start -->";
export const PLAN_TABLE_END = "<!-- plan-table:end -->";

/** The budgeted runs as the product reads them. */
export function replayOutcomesOf(results: readonly BudgetJobResult[], command: string): ReplayOutcomes {
  const first = results[0]!;
  return {
    command,
    measuredOn: new Date().toISOString().slice(0, 10),
    days: first.spec.days,
    runs: results.map((r) => ({
      provider: r.spec.provider,
      searchesPerMonth: r.spec.searchesPerMonth,
      seed: r.spec.seed,
      salesAlerted: r.realDropRecall.of === 0 ? 0 : r.realDropRecall.hit / r.realDropRecall.of,
      alertsReal: r.alerts === 0 ? 0 : r.realAlerts / r.alerts,
      medianHours: r.hoursToAlert.median,
      p95Hours: r.hoursToAlert.p95,
      duplicates: r.duplicates,
      routesSeenEvery6h: r.coverage6h,
    })),
  };
}

function span(runs: ReplayRun[], pick: (run: ReplayRun) => number | null, format: (value: number) => string): string {
  const values = runs.map(pick).filter((value): value is number => value !== null);
  if (values.length === 0) return "–";
  const [low, high] = [format(Math.min(...values)), format(Math.max(...values))];
  return low === high ? low : `${low}–${high}`;
}

/** The table with its markers: every listed plan, its price, and the replay's outcome at the most it measured within it. */
export function planTable(outcomes: ReplayOutcomes): string {
  const n = (value: number) => value.toLocaleString("en-US");
  const rows = PROVIDER_PLAN_PRICES.map((plan) => {
    const runs = outcomeWithin(plan.provider, plan.searchesPerMonth, outcomes);
    const measured = runs
      ? runs[0]!.searchesPerMonth === plan.searchesPerMonth
        ? n(plan.searchesPerMonth)
        : `${n(runs[0]!.searchesPerMonth)} (the most measured within)`
      : "not measured";
    const cells = runs
      ? [
          span(
            runs,
            (r) => r.salesAlerted * 100,
            (v) => `${Math.round(v)} %`,
          ),
          span(
            runs,
            (r) => r.medianHours,
            (v) => `${v.toFixed(1)} h`,
          ),
          span(
            runs,
            (r) => r.p95Hours,
            (v) => `${v.toFixed(1)} h`,
          ),
          span(
            runs,
            (r) => r.alertsReal * 100,
            (v) => `${Math.round(v)} %`,
          ),
        ]
      : ["–", "–", "–", "–"];
    return `| ${PROVIDER_NAMES[plan.provider]} ${plan.plan} | ${n(plan.searchesPerMonth)} | $${plan.dollarsPerMonth} | $${pricePerThousand(plan).toFixed(2)} | ${measured} | ${cells.join(" | ")} |`;
  });
  return [
    PLAN_TABLE_START,
    `Written by \`${outcomes.command}\` on ${outcomes.measuredOn}: ${outcomes.days} replayed days, each budget on ${new Set(outcomes.runs.map((r) => r.seed)).size} seeds (a range where they differ), ` +
      `SerpApi's Explore as an install with no SERPAPI_EXPLORE_AREAS searches it, SearchApi's over every area; prices from the price list in provider-prices.ts.`,
    "",
    "| Plan | Searches a month | $ a month | $ per 1,000 | Replay measured at | Sales alerted | Median wait | p95 wait | Alerts real |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
    PLAN_TABLE_END,
  ].join("\n");
}

/** Replaces the table between the markers of docs/deploying.md. */
export async function writePlanTable(outcomes: ReplayOutcomes): Promise<void> {
  const text = await Bun.file(DEPLOYING_PATH).text();
  const start = text.indexOf(PLAN_TABLE_START);
  const end = text.indexOf(PLAN_TABLE_END);
  if (start < 0 || end < start) throw new Error(`${DEPLOYING_PATH} has no ${PLAN_TABLE_START} … ${PLAN_TABLE_END} block`);
  await Bun.write(DEPLOYING_PATH, text.slice(0, start) + planTable(outcomes) + text.slice(end + PLAN_TABLE_END.length));
}
