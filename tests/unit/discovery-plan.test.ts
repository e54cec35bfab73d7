import { describe, expect, test } from "bun:test";
import { DISCOVERY_AREAS } from "../../src/server/fares/discovery-areas.ts";
import { confirmationReserve, planDiscovery, rotation, rotationPeriod, rotationSearchesOf, rotationSize } from "../../src/server/fares/discovery-plan.ts";
import { planBudget } from "../../src/server/fares/budget-plan.ts";

const label = (q: { area: string; tripKind: string; month: number | null }) => `${q.area}/${q.tripKind}/${q.month ?? "6mo"}`;

describe("which Travel Explore searches a sweep makes", () => {
  test("North America weekend and week first, then the rotation: North America month by month turn about with the other areas month by month", () => {
    const plan = planDiscovery({ count: 8, areas: ["north-america", "europe"], today: "2026-11-22", rotationDone: 0 });
    expect(plan.map(label)).toEqual([
      "north-america/weekend/6mo",
      "north-america/week/6mo",
      "north-america/weekend/11",
      "europe/weekend/11",
      "north-america/week/11",
      "europe/week/11",
      "north-america/weekend/12",
      "europe/weekend/12",
    ]);
  });

  test("the other areas get no six-month search, and without North America the rotation is theirs alone", () => {
    const plan = planDiscovery({ count: 4, areas: ["europe", "caribbean"], today: "2026-11-22", rotationDone: 0 });
    expect(plan.map(label)).toEqual(["europe/weekend/11", "europe/week/11", "caribbean/weekend/11", "caribbean/week/11"]);
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
  test("5,000 searches a month swept every hour: 720 sweeps of 6 searches, 5 Explore and 1 confirmation, all 5,000 expected", () => {
    const plan = planBudget({ budget: 5000, budgetFrom: "the SerpApi plan", quota: 5000, schedule: "0 * * * *", areas: ["north-america", "europe"], now });
    expect(plan).toEqual({
      budget: 5000,
      budgetFrom: "the SerpApi plan",
      quota: 5000,
      schedule: "0 * * * *",
      sweepsPerMonth: 720,
      searchesPerSweep: 6,
      discoveryPerSweep: 5,
      confirmationReserve: 1,
      sweepsPerRotation: 12,
      expectedMonthlyUse: 5000,
      warnings: [],
    });
  });

  test("a budget above the plan's quota is warned about", () => {
    const plan = planBudget({ budget: 15000, budgetFrom: "FARE_BUDGET", quota: 5000, schedule: "0 * * * *", areas: DISCOVERY_AREAS, now });
    expect(plan.warnings).toEqual([
      "FARE_BUDGET (15000) is more than the SerpApi plan's 5000 searches a month: scans stop when the plan and extra credits run out.",
    ]);
    expect(plan.searchesPerSweep).toBe(20);
  });
});
