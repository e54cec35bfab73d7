import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { DISCOVERY_AREAS, discoveryCovers } from "../../src/domain/discovery-areas.ts";
import {
  confirmationReserve,
  CORE_QUERIES,
  planDiscovery,
  rotation,
  rotationPeriod,
  rotationQuery,
  rotationSearchesOf,
  rotationSize,
} from "../../src/server/fares/sweep/discovery-plan.ts";
import { describeOutcome } from "../../src/server/fares/sweep/replay-outcomes.ts";
import { describeBudgetPlan, planBudget } from "../../src/server/fares/sweep/budget-plan.ts";
import { budgetPlanOf, logBudgetPlan } from "../../src/server/fares/sweep/fare-budget.ts";
import type { FareSource } from "../../src/server/fares/sources/fare-source.ts";

const label = (q: { area: string; destination: string | null; tripKind: string; month: number | null }) =>
  `${q.destination ?? q.area}/${q.tripKind}/${q.month ?? "6mo"}`;
/** The areas SerpApi can search with no operator setting: North America (Explore's default) and Europe (its reference's id). */
const DEFAULT_AREAS = ["north-america", "europe"] as const;

describe("which Travel Explore searches a sweep makes", () => {
  test("North America weekend and week first, then the rotation: North America month by month, every other area month by month", () => {
    const plan = planDiscovery({ count: 8, areas: DISCOVERY_AREAS, today: "2026-11-22", rotationDone: 0 });
    expect(plan.map(label)).toEqual([
      "north-america/weekend/6mo",
      "north-america/week/6mo",
      "north-america/weekend/11",
      "europe/weekend/11",
      "north-america/week/11",
      "europe/week/11",
      "north-america/weekend/12",
      "caribbean/weekend/11",
    ]);
  });

  test("with no operator setting the routes no area covers take a third turn, each by its own airport, every route's weekend before the weeks", () => {
    const plan = planDiscovery({ count: 11, areas: DEFAULT_AREAS, today: "2026-11-22", rotationDone: 0 });
    expect(plan.map(label)).toEqual([
      "north-america/weekend/6mo",
      "north-america/week/6mo",
      "north-america/weekend/11",
      "europe/weekend/11",
      "BDA/weekend/6mo",
      "north-america/week/11",
      "europe/week/11",
      "MBJ/weekend/6mo",
      "north-america/weekend/12",
      "europe/weekend/12",
      "PTY/weekend/6mo",
    ]);
  });

  test("81 of 81 routes searched by default: one round of the rotation with no operator setting reaches every catalogue route", () => {
    const turn = rotation(DEFAULT_AREAS, "2026-11-22");
    const queries = [...CORE_QUERIES, ...Array.from({ length: rotationPeriod(turn) }, (_, n) => rotationQuery(turn, n)!)];
    const reached = DESTINATIONS.filter((d) => queries.some((query) => discoveryCovers(query, d.code)));
    expect(DESTINATIONS.length).toBe(81);
    expect(reached.length).toBe(81);
    expect(turn.lists[2]!.map(label).slice(0, 5)).toEqual(["BDA/weekend/6mo", "MBJ/weekend/6mo", "PTY/weekend/6mo", "PUJ/weekend/6mo", "SJU/weekend/6mo"]);
  });

  test("the other areas get no six-month search, and without North America its routes are searched one by one", () => {
    const plan = planDiscovery({ count: 4, areas: ["europe", "caribbean"], today: "2026-11-22", rotationDone: 0 });
    expect(plan.map(label)).toEqual(["europe/weekend/11", "ALB/weekend/6mo", "europe/week/11", "ATL/weekend/6mo"]);
  });

  test("the rotation carries on where the last sweep stopped, and comes round to every area and each of the next nine months", () => {
    const areas = DISCOVERY_AREAS;
    const turn = rotation(areas, "2026-11-22");
    expect(rotationSize(turn)).toBe(9 * 2 + 9 * 4 * 2);
    expect(new Set(turn.lists[0]!.map((q) => q.month))).toEqual(new Set([11, 12, 1, 2, 3, 4, 5, 6, 7]));
    let done = 0;
    const seen = new Set<string>();
    const sweeps = Math.ceil(rotationPeriod(turn) / 4);
    for (let sweep = 0; sweep < sweeps; sweep++) {
      const plan = planDiscovery({ count: 6, areas, today: "2026-11-22", rotationDone: done });
      expect(plan.slice(0, 2).map(label)).toEqual(["north-america/weekend/6mo", "north-america/week/6mo"]);
      for (const query of plan.slice(2)) seen.add(label(query));
      done += rotationSearchesOf(plan.length, areas);
    }
    expect(seen.size).toBe(rotationSize(turn));
  });

  test("a quarter of a sweep's searches is held back to confirm candidates, one at least from two searches on", () => {
    expect([0, 1, 2, 3, 4, 7, 8, 36].map(confirmationReserve)).toEqual([0, 0, 1, 1, 1, 1, 2, 9]);
  });
});

describe("the budget plan", () => {
  const now = new Date("2026-11-22T15:00:00Z");
  const SERPAPI = { provider: "serpapi", planPriceUsd: null, exactDateExplore: true } as const;
  test("5,000 searches a month swept every hour: 720 sweeps of 6 searches, 5 Explore (1 of them the completeness pass's) and 1 confirmation, all 5,000 expected", () => {
    const plan = planBudget({ ...SERPAPI, budget: 5000, budgetFrom: "plan", quota: 5000, schedule: "0 * * * *", areas: DEFAULT_AREAS, now });
    expect(plan).toEqual({
      budget: 5000,
      budgetFrom: "the SerpApi plan",
      quota: 5000,
      dollarsPerMonth: 75,
      cost: "$75 a month (SerpApi Developer, 5,000 searches, $15.00 per 1,000, from the price list in provider-prices.ts; FARE_PLAN_PRICE_USD overrides it)",
      buys: describeOutcome("serpapi", 5000),
      schedule: "0 * * * *",
      sweepsPerMonth: 720,
      searchesPerSweep: 6,
      discoveryPerSweep: 5,
      completenessPerSweep: 1,
      sweepsPerCompletenessCycle: 48,
      confirmationReserve: 1,
      sweepsPerRotation: 27,
      routesSearchedAlone: ["BDA", "MBJ", "PTY", "PUJ", "SJU"],
      routesLeftOut: [],
      expectedMonthlyUse: 5000,
      warnings: [],
    });
    expect(describeBudgetPlan(plan).slice(1, 3)).toEqual([
      "[budget] each sweep: 6 searches, 5 Travel Explore and 1 held for Google Flights confirmations; every area and season, and each route searched alone, searched once every 27 sweeps; the completeness pass: one exact-date Travel Explore a sweep, every grid date pair in every area once every 48 sweeps",
      "[budget] routes no Travel Explore area covers, searched by their own airport: BDA, MBJ, PTY, PUJ, SJU; routes this plan never searches: none",
    ]);
  });

  test("docs/deploying.md's example boot log is what a SerpApi install of 5,000 searches swept hourly logs", () => {
    const text = readFileSync("docs/deploying.md", "utf8");
    const example = text.slice(text.indexOf("### Picking a plan"));
    const block = example.slice(example.indexOf("```") + 3, example.indexOf("```", example.indexOf("```") + 3));
    const plan = planBudget({ ...SERPAPI, budget: 5000, budgetFrom: "plan", quota: 5000, schedule: "0 * * * *", areas: DEFAULT_AREAS, now });
    const logged = describeBudgetPlan(plan);
    const shown = block.split("\n").filter((line) => line.startsWith("[budget]") && !line.startsWith("[budget] routes not seen"));
    expect(shown.length).toBeGreaterThanOrEqual(4);
    for (const line of shown) expect(logged).toContain(line);
  });

  test("a source that takes no exact dates makes no completeness pass: its sweep's Explore searches all go to the rotation", () => {
    const plan = planBudget({
      ...SERPAPI,
      exactDateExplore: false,
      budget: 5000,
      budgetFrom: "plan",
      quota: 5000,
      schedule: "0 * * * *",
      areas: DEFAULT_AREAS,
      now,
    });
    expect([plan.discoveryPerSweep, plan.completenessPerSweep, plan.sweepsPerCompletenessCycle, plan.sweepsPerRotation]).toEqual([5, 0, null, 18]);
    expect(describeBudgetPlan(plan)[1]).not.toContain("completeness");
  });

  test("a sweep that affords North America alone names the routes it leaves out", () => {
    const plan = planBudget({ ...SERPAPI, budget: 2200, budgetFrom: "FARE_BUDGET", quota: 5000, schedule: "0 * * * *", areas: DEFAULT_AREAS, now });
    expect(plan.searchesPerSweep).toBe(3);
    expect(plan.routesLeftOut).toEqual(
      DESTINATIONS.filter((d) => d.region !== "domestic" && !["YUL", "YVR", "YYC", "YYZ", "MEX"].includes(d.code)).map((d) => d.code),
    );
    expect(plan.routesLeftOut).toHaveLength(9);
  });

  test("a budget above the plan's quota is warned about", () => {
    const plan = planBudget({ ...SERPAPI, budget: 15000, budgetFrom: "FARE_BUDGET", quota: 5000, schedule: "0 * * * *", areas: DISCOVERY_AREAS, now });
    expect(plan.warnings).toEqual([
      "FARE_BUDGET (15000) is more than the SerpApi plan's 5000 searches a month: scans stop when the plan and extra credits run out.",
    ]);
    expect(plan.searchesPerSweep).toBe(20);
  });

  test("a SearchApi install names its own plan and its price; FARE_PLAN_PRICE_USD overrides the price list", () => {
    const input = {
      budget: 35000,
      budgetFrom: "plan",
      provider: "searchapi",
      quota: 35000,
      schedule: "0 * * * *",
      areas: DISCOVERY_AREAS,
      exactDateExplore: true,
      now,
    } as const;
    const listed = planBudget({ ...input, planPriceUsd: null });
    expect(describeBudgetPlan(listed)[0]).toStartWith("[budget] 35,000 searches a month (the SearchApi plan);");
    expect(describeBudgetPlan(listed)).toContain(
      "[budget] the plan costs $100 a month (SearchApi Production, 35,000 searches, $2.86 per 1,000, from the price list in provider-prices.ts; FARE_PLAN_PRICE_USD overrides it)",
    );
    const billed = planBudget({ ...input, planPriceUsd: 89.5 });
    expect(billed.dollarsPerMonth).toBe(89.5);
    expect(describeBudgetPlan(billed)).toContain("[budget] the plan costs $89.50 a month (FARE_PLAN_PRICE_USD)");
  });

  test("with no quota the plan priced is the smallest that holds FARE_BUDGET; a budget above every listed plan has no price", () => {
    const input = {
      budgetFrom: "FARE_BUDGET",
      provider: "serpapi",
      quota: null,
      planPriceUsd: null,
      schedule: "0 * * * *",
      areas: DISCOVERY_AREAS,
      exactDateExplore: true,
      now,
    } as const;
    expect(planBudget({ ...input, budget: 3000 }).cost).toStartWith("$75 a month (SerpApi Developer, 5,000 searches");
    const huge = planBudget({ ...input, budget: 40000 });
    expect(huge.dollarsPerMonth).toBeNull();
    expect(huge.cost).toBe("not known: no listed SerpApi plan has 40,000 searches a month; set FARE_PLAN_PRICE_USD to what you pay");
    expect(planBudget({ ...input, budget: 15000, quota: 5000 }).warnings[0]).toStartWith("FARE_BUDGET (15000) is more than the SerpApi plan's 5000");
  });

  test("the boot log of a SearchApi install says the SearchApi plan and what it costs (it said 'the SerpApi plan')", async () => {
    const searchapi = {
      name: "searchapi",
      sweep: "discovery",
      discoveryAreas: DISCOVERY_AREAS,
      account: async () => ({ searchesPerMonth: 35000, searchesLeft: 30000, thisMonthUsage: 5000 }),
    } as unknown as FareSource;
    const config = { fareBudget: null, scanSchedule: "0 * * * *", farePlanPriceUsd: null };
    const lines: string[] = [];
    await logBudgetPlan(searchapi, config, now, (line) => lines.push(line), { notSince: [], never: [] });
    expect(lines[0]).toStartWith("[budget] 35,000 searches a month (the SearchApi plan);");
    expect(lines).toContain(
      "[budget] the plan costs $100 a month (SearchApi Production, 35,000 searches, $2.86 per 1,000, from the price list in provider-prices.ts; FARE_PLAN_PRICE_USD overrides it)",
    );
    expect(budgetPlanOf(searchapi, { ...config, farePlanPriceUsd: 120 }, { searchesPerMonth: 35000, searchesLeft: 1, thisMonthUsage: null }, now)?.cost).toBe(
      "$120 a month (FARE_PLAN_PRICE_USD)",
    );
  });
});
