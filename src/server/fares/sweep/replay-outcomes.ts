/**
 * What a plan of searches buys, as the deal-quality replay measured it (`npm run eval:deals -- --budget …` writes
 * replay-outcomes.json; nobody types it): the share of planted sales alerted, the wait from a sale's start to its alert,
 * the share of alerts that were real sales. The boot log, Operations and docs/deploying.md's plan table read it here.
 */
import measured from "./replay-outcomes.json";

export interface ReplayRun {
  searchesPerMonth: number;
  seed: number;
  salesAlerted: number;
  alertsReal: number;
  medianHours: number | null;
  p95Hours: number | null;
  duplicates: number;
  routesSeenEvery6h: number;
}

export interface ReplayOutcomes {
  command: string;
  measuredOn: string;
  days: number;
  /** "serpapi": Explore searched only the areas SerpApi names with no SERPAPI_EXPLORE_AREAS, the other routes alone. */
  areas: "all" | "serpapi";
  runs: ReplayRun[];
}

export const REPLAY_OUTCOMES: ReplayOutcomes = measured as ReplayOutcomes;

/** The runs (one per seed) at the largest measured budget within `searchesPerMonth`; null when it is below every measured budget. */
export function outcomeWithin(searchesPerMonth: number, outcomes: ReplayOutcomes = REPLAY_OUTCOMES): ReplayRun[] | null {
  const budgets = [...new Set(outcomes.runs.map((run) => run.searchesPerMonth))].filter((budget) => budget <= searchesPerMonth);
  if (budgets.length === 0) return null;
  const budget = Math.max(...budgets);
  return outcomes.runs.filter((run) => run.searchesPerMonth === budget);
}

/** "86–88 %" across the seeds, or one figure when they agree. */
function range(values: number[], format: (value: number) => string): string {
  const low = format(Math.min(...values));
  const high = format(Math.max(...values));
  return low === high ? low : `${low.replace(/ (%|h)$/, "")}–${high}`;
}
const percent = (value: number) => `${Math.round(value * 100)} %`;
const hours = (value: number) => `${value.toFixed(1)} h`;

/** The outcome in a sentence, as the boot log and Operations say it. */
export function describeOutcome(searchesPerMonth: number, outcomes: ReplayOutcomes = REPLAY_OUTCOMES): string {
  const runs = outcomeWithin(searchesPerMonth, outcomes);
  const measuredBudgets = [...new Set(outcomes.runs.map((run) => run.searchesPerMonth))].sort((a, b) => a - b);
  const n = (value: number) => value.toLocaleString("en-US");
  if (!runs) return `not measured: the replay measured ${measuredBudgets.map(n).join(", ")} searches a month, none as few as ${n(searchesPerMonth)}`;
  const at = runs[0]!.searchesPerMonth;
  const waits = (pick: (run: ReplayRun) => number | null) => runs.map(pick).filter((value): value is number => value !== null);
  const median = waits((run) => run.medianHours);
  const p95 = waits((run) => run.p95Hours);
  return (
    `${range(
      runs.map((run) => run.salesAlerted),
      percent,
    )} of sales alerted, ` +
    (median.length > 0 ? `median ${range(median, hours)} and p95 ${range(p95, hours)} from a sale's start to its alert, ` : "") +
    `${range(
      runs.map((run) => run.alertsReal),
      percent,
    )} of alerts real ` +
    `(the replay at ${n(at)} searches a month${at === searchesPerMonth ? "" : `, the most measured within ${n(searchesPerMonth)}`}: ` +
    `${outcomes.days} days, ${runs.length === 1 ? "one seed" : `${runs.length} seeds`}, Explore ${outcomes.areas === "serpapi" ? "as with no SERPAPI_EXPLORE_AREAS" : "over every area"}; ` +
    `docs/deal-quality.md)`
  );
}
