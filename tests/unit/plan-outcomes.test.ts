/**
 * What a plan buys, as the replay measured it: the boot log's and Operations' sentence, and docs/deploying.md's plan
 * table, which must be what the eval wrote from replay-outcomes.json and the price list (never typed, never stale).
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { PROVIDER_PLAN_PRICES } from "../../src/server/fares/sweep/provider-prices.ts";
import { describeOutcome, outcomeWithin, REPLAY_OUTCOMES, type ReplayOutcomes } from "../../src/server/fares/sweep/replay-outcomes.ts";
import { PLAN_TABLE_END, PLAN_TABLE_START, planTable } from "../eval/plan-table.ts";

const run = (searchesPerMonth: number, seed: number, salesAlerted: number, medianHours: number | null) => ({
  searchesPerMonth,
  seed,
  salesAlerted,
  alertsReal: 0.9,
  medianHours,
  p95Hours: medianHours === null ? null : medianHours * 4,
  duplicates: 1,
  routesSeenEvery6h: 1,
});
const MEASURED: ReplayOutcomes = {
  command: "npm run eval:deals -- --budget 5000,15000 --days 120 --areas serpapi --write",
  measuredOn: "2026-11-29",
  days: 120,
  areas: "serpapi",
  runs: [run(5000, 1, 0.861, 4.7), run(5000, 2, 0.884, 5.04), run(15000, 1, 0.93, 2.5), run(15000, 2, 0.93, 2.5)],
};

describe("what a plan buys, by the replay", () => {
  test("a budget reads the most the replay measured within it; below every measured budget it is not measured", () => {
    expect(outcomeWithin(5000, MEASURED)?.map((r) => r.seed)).toEqual([1, 2]);
    expect(outcomeWithin(10000, MEASURED)?.map((r) => r.searchesPerMonth)).toEqual([5000, 5000]);
    expect(outcomeWithin(40000, MEASURED)?.map((r) => r.searchesPerMonth)).toEqual([15000, 15000]);
    expect(outcomeWithin(4999, MEASURED)).toBeNull();
  });

  test("in words: a range across the seeds, one figure where they agree, and where the figure comes from", () => {
    expect(describeOutcome(5000, MEASURED)).toBe(
      "86–88 % of sales alerted, median 4.7–5.0 h and p95 18.8–20.2 h from a sale's start to its alert, 90 % of alerts real " +
        "(the replay at 5,000 searches a month: 120 days, 2 seeds, Explore as with no SERPAPI_EXPLORE_AREAS; docs/deal-quality.md)",
    );
    expect(describeOutcome(20000, MEASURED)).toBe(
      "93 % of sales alerted, median 2.5 h and p95 10.0 h from a sale's start to its alert, 90 % of alerts real " +
        "(the replay at 15,000 searches a month, the most measured within 20,000: 120 days, 2 seeds, Explore as with no SERPAPI_EXPLORE_AREAS; docs/deal-quality.md)",
    );
    expect(describeOutcome(2000, MEASURED)).toBe("not measured: the replay measured 5,000, 15,000 searches a month, none as few as 2,000");
  });

  test("the measured outcomes cover the default plan (5,000 a month) on the tuning and the holdout seed", () => {
    expect(outcomeWithin(5000)?.map((r) => [r.searchesPerMonth, r.seed])).toEqual([
      [5000, 1],
      [5000, 2],
    ]);
    for (const r of REPLAY_OUTCOMES.runs) {
      expect(r.salesAlerted).toBeGreaterThan(0);
      expect(r.medianHours).not.toBeNull();
    }
  });

  test("docs/deploying.md's plan table is the one the eval writes from the measured outcomes and the price list", () => {
    const text = readFileSync("docs/deploying.md", "utf8");
    const table = text.slice(text.indexOf(PLAN_TABLE_START), text.indexOf(PLAN_TABLE_END) + PLAN_TABLE_END.length);
    expect(table).toBe(planTable(REPLAY_OUTCOMES));
    for (const plan of PROVIDER_PLAN_PRICES) expect(table).toContain(`| $${plan.dollarsPerMonth} |`);
  });
});
