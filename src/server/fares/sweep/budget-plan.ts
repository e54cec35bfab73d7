/**
 * The budget plan an operator reads before paying (docs/decisions/081): FARE_BUDGET (or the plan's monthly quota)
 * and SCAN_SCHEDULE give searches per sweep, sweeps per month, the confirmation reserve, how often each area and
 * season comes round, and the expected monthly use, with a warning when the schedule cannot be afforded. Pure but
 * for counting the schedule's runs (croner).
 */
import { Cron } from "croner";
import { DESTINATIONS } from "../../../domain/destinations.ts";
import { completenessWords, rotationWords, routeList } from "../../../domain/route-coverage-words.ts";
import { discoveryAreaOf, routesOutside, type DiscoveryArea } from "../../../domain/discovery-areas.ts";
import { COMPLETENESS_SEARCHES_PER_SWEEP, completenessCycle, splitDiscoverySearches } from "./completeness-pass.ts";
import { confirmationReserve, CORE_QUERIES, rotation, rotationPeriod, rotationSize } from "./discovery-plan.ts";
import { describePlanCost, planCost, PROVIDER_NAMES, type PricedProvider } from "./provider-prices.ts";
import { describeOutcome } from "./replay-outcomes.ts";

/** The per-scan ceiling of the SerpApi source (serpapi.ts maxSearchesPerScan). */
export const MAX_SEARCHES_PER_SCAN = 300;
/** The least a sweep needs: North America weekend and week-long, and one confirmation. */
export const MIN_SEARCHES_PER_SWEEP = CORE_QUERIES.length + 1;
const MONTH_DAYS = 30;
const DAY_MS = 86_400_000;

export interface BudgetPlanInput {
  /** Searches a month this install may spend. */
  budget: number;
  /** Where the budget comes from: FARE_BUDGET, or the provider's plan (its account's quota). */
  budgetFrom: "FARE_BUDGET" | "plan";
  provider: PricedProvider;
  /** The plan's monthly searches, when the account said. */
  quota: number | null;
  /** FARE_PLAN_PRICE_USD, or null for the price list. */
  planPriceUsd: number | null;
  schedule: string;
  areas: readonly DiscoveryArea[];
  /** The source answers exact-date Explore, so each sweep makes the completeness pass's search (decision 139). */
  exactDateExplore: boolean;
  now: Date;
}

export interface BudgetPlan {
  budget: number;
  /** "FARE_BUDGET" or "the SerpApi plan" / "the SearchApi plan". */
  budgetFrom: string;
  quota: number | null;
  /** Dollars a month, when the override or the price list says. */
  dollarsPerMonth: number | null;
  /** What the plan costs, in words, with where the figure comes from. */
  cost: string;
  /** What the budget buys by the replay's measure (replay-outcomes.ts): sales alerted, the wait, alerts real. */
  buys: string;
  schedule: string;
  sweepsPerMonth: number;
  /** Searches each sweep can count on (budget ÷ sweeps, rounded down); pacing hands out the remainder. */
  searchesPerSweep: number;
  discoveryPerSweep: number;
  /** Of discoveryPerSweep, the completeness pass's exact-date searches (0 when the source takes no exact dates). */
  completenessPerSweep: number;
  /** Sweeps until the pass has searched every grid date pair in every area once; null when it makes no search. */
  sweepsPerCompletenessCycle: number | null;
  confirmationReserve: number;
  /** Sweeps until every area, every month and every route searched alone came round once; null when no rotation search fits. */
  sweepsPerRotation: number | null;
  /** Routes no searchable area covers, searched by their own airport (decision 114). */
  routesSearchedAlone: string[];
  /** Routes no search of this plan reaches: none unless a sweep cannot afford a rotation search. */
  routesLeftOut: string[];
  expectedMonthlyUse: number;
  warnings: string[];
}

/** Runs of the schedule in 30 days from now. */
export function sweepsPerMonth(schedule: string, now: Date): number {
  const end = now.getTime() + MONTH_DAYS * DAY_MS;
  const cron = new Cron(schedule, { paused: true, timezone: "UTC" });
  let runs = 0;
  for (const run of cron.enumerate(now)) {
    if (run.getTime() > end || runs > 50_000) break;
    runs++;
  }
  cron.stop();
  return runs;
}

export function planBudget(input: BudgetPlanInput): BudgetPlan {
  const sweeps = Math.max(1, sweepsPerMonth(input.schedule, input.now));
  const searchesPerSweep = Math.min(MAX_SEARCHES_PER_SCAN, Math.floor(input.budget / sweeps));
  const reserve = confirmationReserve(searchesPerSweep);
  const turn = rotation(input.areas, input.now.toISOString().slice(0, 10));
  const passPerSweep = input.exactDateExplore ? COMPLETENESS_SEARCHES_PER_SWEEP : 0;
  const core = input.areas.includes("north-america") ? CORE_QUERIES.length : 0;
  const discovery = Math.min(core + passPerSweep + rotationSize(turn), searchesPerSweep - reserve);
  // As the sweep counts and splits its discovery searches (discovery-sweep.ts): the core, the pass's search, the rotation's.
  const split = splitDiscoverySearches(Math.max(0, discovery), input.areas, passPerSweep);
  const rotationPerSweep = split.rotation;
  const passCycle = completenessCycle(input.areas, input.now.toISOString().slice(0, 10)).length;
  const searchable = (code: string) => (rotationPerSweep > 0 ? true : core > 0 && discoveryAreaOf(code) === "north-america");
  const warnings: string[] = [];
  if (searchesPerSweep < MIN_SEARCHES_PER_SWEEP) {
    const affordable = Math.floor(input.budget / MIN_SEARCHES_PER_SWEEP);
    warnings.push(
      `SCAN_SCHEDULE cannot be afforded: ${sweeps} sweeps a month leave ${searchesPerSweep} searches each, and a sweep needs ${MIN_SEARCHES_PER_SWEEP} ` +
        `(North America weekend and week-long, one confirmation). ${input.budget} searches a month pay for ${affordable} sweeps: ` +
        `one every ${Math.ceil((MONTH_DAYS * 24) / Math.max(1, affordable))} hours.`,
    );
  }
  if (input.quota !== null && input.budget > input.quota) {
    warnings.push(
      `FARE_BUDGET (${input.budget}) is more than the ${PROVIDER_NAMES[input.provider]} plan's ${input.quota} searches a month: scans stop when the plan and extra credits run out.`,
    );
  }
  const cost = planCost(input.provider, input.budget, input.quota, input.planPriceUsd);
  return {
    budget: input.budget,
    budgetFrom: input.budgetFrom === "FARE_BUDGET" ? "FARE_BUDGET" : `the ${PROVIDER_NAMES[input.provider]} plan`,
    quota: input.quota,
    dollarsPerMonth: cost.from === "unknown" ? null : cost.dollarsPerMonth,
    cost: describePlanCost(input.provider, cost),
    buys: describeOutcome(input.provider, input.budget),
    schedule: input.schedule,
    sweepsPerMonth: sweeps,
    searchesPerSweep,
    discoveryPerSweep: Math.max(0, discovery),
    completenessPerSweep: split.completeness,
    sweepsPerCompletenessCycle: split.completeness > 0 && passCycle > 0 ? Math.ceil(passCycle / split.completeness) : null,
    confirmationReserve: reserve,
    sweepsPerRotation: rotationPerSweep > 0 && rotationSize(turn) > 0 ? Math.ceil(rotationPeriod(turn) / rotationPerSweep) : null,
    routesSearchedAlone: routesOutside(input.areas),
    routesLeftOut: DESTINATIONS.map((d) => d.code).filter((code) => !searchable(code)),
    // Pacing gives each scan the month's searches left ÷ the scans left (dithered), so the whole budget is spent.
    expectedMonthlyUse: Math.min(input.budget, MAX_SEARCHES_PER_SCAN * sweeps),
    warnings,
  };
}

/** The plan as the boot log's block of lines. */
export function describeBudgetPlan(plan: BudgetPlan): string[] {
  const n = (value: number) => value.toLocaleString("en-US");
  const pass = completenessWords(plan);
  const lines = [
    `[budget] ${n(plan.budget)} searches a month (${plan.budgetFrom}${plan.quota !== null && plan.budgetFrom === "FARE_BUDGET" ? `; the plan has ${n(plan.quota)}` : ""}); SCAN_SCHEDULE '${plan.schedule}': ${n(plan.sweepsPerMonth)} sweeps a month`,
    `[budget] each sweep: ${plan.searchesPerSweep} searches, ${plan.discoveryPerSweep} Travel Explore and ${plan.confirmationReserve} held for Google Flights confirmations` +
      (plan.sweepsPerRotation !== null ? `; ${rotationWords(plan)} searched once every ${plan.sweepsPerRotation} sweeps` : "") +
      (pass !== null ? `; ${pass}` : ""),
    `[budget] routes no Travel Explore area covers, searched by their own airport: ${routeList(plan.routesSearchedAlone)}; routes this plan never searches: ${routeList(plan.routesLeftOut)}`,
    `[budget] the plan costs ${plan.cost}`,
    `[budget] what ${n(plan.budget)} searches a month buy: ${plan.buys}`,
    `[budget] expected use ${n(plan.expectedMonthlyUse)} of ${n(plan.budget)} a month: each scan gets the searches left ÷ the scans left, so a sweep's unspent reserve goes to the sweeps after it`,
  ];
  return [...lines, ...plan.warnings.map((warning) => `[budget] WARNING: ${warning}`)];
}
