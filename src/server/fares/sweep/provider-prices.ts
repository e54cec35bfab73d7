/**
 * What each paid fare source's plans cost, as their price lists state them: one row per plan. Dollars per 1,000
 * searches are dollarsPerMonth ÷ searchesPerMonth × 1,000 (pricePerThousand). Every row names where it was read; none
 * was read live from a provider's own page (no build machine reaches them), so an operator's own bill wins
 * (the operator's override, where one is shown).
 */

export type PricedProvider = "serpapi" | "searchapi";

export interface ProviderPlanPrice {
  provider: PricedProvider;
  plan: string;
  searchesPerMonth: number;
  dollarsPerMonth: number;
  source: string;
}

const SERPAPI_LIST = 'hivebook.wiki SerpApi page, "Pricing (May 2026)" table (a third party\'s copy of serpapi.com/pricing)';
const SERPAPI_DEVELOPER =
  'hivebook.wiki SerpApi page, May 2026; the same $75 for 5,000 in scavio.dev "SERP API credit systems" (2026) and the serpapi-pack SKILL.md plan table';
const SEARCHAPI_LIST =
  "api-evangelist/searchapi plans/searchapi-plans-pricing.yml, read from searchapi.io/pricing on 2026-08-13 (../shared/provider-payloads/searchapi/README.md)";
const SEARCHAPI_DEVELOPER = `${SEARCHAPI_LIST}; $40 for 10,000 repeated by carlospintod/flight_scans and nikhilkhunteta-del/holiday-smart`;

export const PROVIDER_PLAN_PRICES: readonly ProviderPlanPrice[] = [
  { provider: "serpapi", plan: "Starter", searchesPerMonth: 1_000, dollarsPerMonth: 25, source: SERPAPI_LIST },
  { provider: "serpapi", plan: "Developer", searchesPerMonth: 5_000, dollarsPerMonth: 75, source: SERPAPI_DEVELOPER },
  { provider: "serpapi", plan: "Production", searchesPerMonth: 15_000, dollarsPerMonth: 150, source: SERPAPI_LIST },
  // SerpApi's own Account API example states plan_monthly_price 250 for this plan (serpapi-account/account-api-doc-example.json).
  { provider: "serpapi", plan: "Big Data", searchesPerMonth: 30_000, dollarsPerMonth: 275, source: SERPAPI_LIST },
  { provider: "searchapi", plan: "Developer", searchesPerMonth: 10_000, dollarsPerMonth: 40, source: SEARCHAPI_DEVELOPER },
  { provider: "searchapi", plan: "Production", searchesPerMonth: 35_000, dollarsPerMonth: 100, source: SEARCHAPI_LIST },
  { provider: "searchapi", plan: "BigData", searchesPerMonth: 100_000, dollarsPerMonth: 250, source: SEARCHAPI_LIST },
  { provider: "searchapi", plan: "Scale", searchesPerMonth: 250_000, dollarsPerMonth: 500, source: SEARCHAPI_LIST },
];

/** Dollars per 1,000 searches of a plan, to the cent. */
export function pricePerThousand(plan: ProviderPlanPrice): number {
  return Math.round((plan.dollarsPerMonth / plan.searchesPerMonth) * 100_000) / 100;
}

/** A provider's plans, fewest searches first. */
export function plansOf(provider: PricedProvider): ProviderPlanPrice[] {
  return PROVIDER_PLAN_PRICES.filter((plan) => plan.provider === provider).sort((a, b) => a.searchesPerMonth - b.searchesPerMonth);
}

/** The provider's largest plan costing at most `dollars` a month; null when none does. */
export function largestPlanWithin(provider: PricedProvider, dollars: number): ProviderPlanPrice | null {
  return (
    plansOf(provider)
      .filter((plan) => plan.dollarsPerMonth <= dollars)
      .at(-1) ?? null
  );
}

/** The provider's name as operators read it. */
export const PROVIDER_NAMES: Readonly<Record<PricedProvider, string>> = { serpapi: "SerpApi", searchapi: "SearchApi" };

/** What the plan costs a month: the operator's FARE_PLAN_PRICE_USD, else the price list's plan for these searches. */
export type PlanCost =
  | { from: "FARE_PLAN_PRICE_USD"; dollarsPerMonth: number }
  | { from: "price list"; dollarsPerMonth: number; plan: ProviderPlanPrice }
  | { from: "unknown"; reason: string };

/**
 * The plan an install pays for: the one whose monthly searches are the account's quota when the account said, else
 * the smallest that holds the budget. A budget above every listed plan has no listed price.
 */
export function planCost(provider: PricedProvider, budget: number, quota: number | null, override: number | null): PlanCost {
  if (override !== null) return { from: "FARE_PLAN_PRICE_USD", dollarsPerMonth: override };
  const plans = plansOf(provider);
  const plan = (quota !== null ? plans.find((p) => p.searchesPerMonth === quota) : undefined) ?? plans.find((p) => p.searchesPerMonth >= (quota ?? budget));
  if (!plan) {
    return { from: "unknown", reason: `no listed ${PROVIDER_NAMES[provider]} plan has ${(quota ?? budget).toLocaleString("en-US")} searches a month` };
  }
  return { from: "price list", dollarsPerMonth: plan.dollarsPerMonth, plan };
}

/** The cost as the boot log and Operations say it. */
export function describePlanCost(provider: PricedProvider, cost: PlanCost): string {
  const dollars = (value: number) => `$${Number.isInteger(value) ? value : value.toFixed(2)}`;
  if (cost.from === "FARE_PLAN_PRICE_USD") return `${dollars(cost.dollarsPerMonth)} a month (FARE_PLAN_PRICE_USD)`;
  if (cost.from === "unknown") return `not known: ${cost.reason}; set FARE_PLAN_PRICE_USD to what you pay`;
  const { plan } = cost;
  return (
    `${dollars(plan.dollarsPerMonth)} a month (${PROVIDER_NAMES[provider]} ${plan.plan}, ${plan.searchesPerMonth.toLocaleString("en-US")} searches, ` +
    `$${pricePerThousand(plan).toFixed(2)} per 1,000, from the price list in provider-prices.ts; FARE_PLAN_PRICE_USD overrides it)`
  );
}
