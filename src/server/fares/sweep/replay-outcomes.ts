/**
 * What a plan of searches buys, as the deal-quality replay measured it (`npm run eval:deals -- --budget …` writes
 * replay-outcomes.json; nobody types it): the share of planted sales alerted, the wait from a sale's start to its alert,
 * the share of alerts that were real sales. The boot log, Operations and docs/deploying.md's plan table read it here.
 */
import measured from "./replay-outcomes.json";
import { PROVIDER_NAMES, type PricedProvider } from "./provider-prices.ts";

export interface ReplayRun {
  /** Whose Explore the replay answered like: SerpApi's areas with no SERPAPI_EXPLORE_AREAS, or SearchApi's every area. */
  provider: PricedProvider;
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
  runs: ReplayRun[];
}

export const REPLAY_OUTCOMES: ReplayOutcomes = measured as ReplayOutcomes;

/** The provider's measured budgets, fewest first. */
function budgetsOf(provider: PricedProvider, outcomes: ReplayOutcomes): number[] {
  const runs = outcomes.runs.filter((run) => run.provider === provider);
  return [...new Set(runs.map((run) => run.searchesPerMonth))].sort((a, b) => a - b);
}

/**
 * The provider's runs (one per seed) at its largest measured budget within `searchesPerMonth`; null when it is below
 * every budget measured for that provider.
 */
export function outcomeWithin(provider: PricedProvider, searchesPerMonth: number, outcomes: ReplayOutcomes = REPLAY_OUTCOMES): ReplayRun[] | null {
  const budgets = budgetsOf(provider, outcomes).filter((budget) => budget <= searchesPerMonth);
  if (budgets.length === 0) return null;
  const budget = Math.max(...budgets);
  return outcomes.runs.filter((run) => run.provider === provider && run.searchesPerMonth === budget);
}

/** How the replay searched like this provider, in words. */
function exploreWords(provider: PricedProvider): string {
  return provider === "serpapi" ? "Explore as with no SERPAPI_EXPLORE_AREAS" : "Explore over every area";
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
export function describeOutcome(provider: PricedProvider, searchesPerMonth: number, outcomes: ReplayOutcomes = REPLAY_OUTCOMES): string {
  const runs = outcomeWithin(provider, searchesPerMonth, outcomes);
  const measuredBudgets = budgetsOf(provider, outcomes);
  const n = (value: number) => value.toLocaleString("en-US");
  if (measuredBudgets.length === 0) return `not measured: the replay has no run searching like ${PROVIDER_NAMES[provider]}`;
  if (!runs)
    return `not measured: the replay measured ${PROVIDER_NAMES[provider]} at ${measuredBudgets.map(n).join(", ")} searches a month, none as few as ${n(searchesPerMonth)}`;
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
    `(the replay of ${PROVIDER_NAMES[provider]} at ${n(at)} searches a month${at === searchesPerMonth ? "" : `, the most measured within ${n(searchesPerMonth)}`}: ` +
    `${outcomes.days} days, ${runs.length === 1 ? "one seed" : `${runs.length} seeds`}, ${exploreWords(provider)}; ` +
    `docs/deal-quality.md)`
  );
}
