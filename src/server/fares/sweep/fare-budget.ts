/** The budget plan of the configured source: logged at boot and shown on the Operations tab (docs/decisions/081). */
import type { Config } from "../../config.ts";
import { routeList } from "../../../domain/route-coverage-words.ts";
import { describeBudgetPlan, planBudget, type BudgetPlan } from "./budget-plan.ts";
import { DISCOVERY_AREAS } from "../../../domain/discovery-areas.ts";
import type { AccountState, FareSource } from "../sources/fare-source.ts";
import type { PricedProvider } from "./provider-prices.ts";
import type { UnseenRoutes } from "./route-coverage.ts";
import { messageOf } from "../../../domain/error-text.ts";

type BudgetConfig = Pick<Config, "fareBudget" | "scanSchedule" | "farePlanPriceUsd">;

/** The plan of a source that sweeps by discovery: FARE_BUDGET, else the plan's quota; null when neither is known. */
export function budgetPlanOf(fares: FareSource, config: BudgetConfig, account: AccountState | null, now: Date): BudgetPlan | null {
  if (fares.sweep !== "discovery") return null;
  const provider: PricedProvider = fares.name === "searchapi" ? "searchapi" : "serpapi";
  const quota = account?.searchesPerMonth ?? null;
  const budget = config.fareBudget ?? quota;
  if (budget === null) return null;
  return planBudget({
    budget,
    budgetFrom: config.fareBudget !== null ? "FARE_BUDGET" : "plan",
    provider,
    quota,
    planPriceUsd: config.farePlanPriceUsd,
    schedule: config.scanSchedule,
    areas: fares.discoveryAreas ?? DISCOVERY_AREAS,
    exactDateExplore: fares.exactDateExplore === true,
    now,
  });
}

/** The routes the scans missed, as the boot log's line. */
export function describeUnseenRoutes(unseen: UnseenRoutes): string {
  return `[budget] routes not seen in the last 24 h: ${routeList(unseen.notSince)}; never seen: ${routeList(unseen.never)}`;
}

/** One block of log lines at boot, with the routes the scans missed; asks the provider's account when it can. Never throws. */
export async function logBudgetPlan(fares: FareSource, config: BudgetConfig, now: Date, log: (line: string) => void, unseen: UnseenRoutes): Promise<void> {
  if (fares.sweep !== "discovery") return;
  let account: AccountState | null = null;
  try {
    account = fares.account ? await fares.account() : null;
  } catch (error) {
    log(`[budget] could not read the ${fares.name} account: ${messageOf(error)}`);
  }
  const plan = budgetPlanOf(fares, config, account, now);
  if (!plan) {
    log("[budget] no FARE_BUDGET and no plan quota from the account: set FARE_BUDGET to see the plan before the first scan");
    return;
  }
  for (const line of describeBudgetPlan(plan)) log(line);
  log(describeUnseenRoutes(unseen));
}
