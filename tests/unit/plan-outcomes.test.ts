/**
 * What a plan buys, as the replay measured it: the boot log's and Operations' sentence, and docs/deploying.md's plan
 * table, which must be what the eval wrote from replay-outcomes.json and the price list (never typed, never stale).
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { PROVIDER_PLAN_PRICES } from "../../src/server/fares/sweep/provider-prices.ts";
import { describeOutcome, outcomeWithin, REPLAY_OUTCOMES, type ReplayOutcomes } from "../../src/server/fares/sweep/replay-outcomes.ts";
import { PLAN_TABLE_END, PLAN_TABLE_START, planTable } from "../eval/plan-table.ts";

const run = (provider: "serpapi" | "searchapi", searchesPerMonth: number, seed: number, salesAlerted: number, medianHours: number | null) => ({
  provider,
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
  command: "npm run eval:deals -- --budget 5000,15000,searchapi:35000 --days 120 --write",
  measuredOn: "2026-11-29",
  days: 120,
  runs: [
    run("serpapi", 5000, 1, 0.861, 4.7),
    run("serpapi", 5000, 2, 0.884, 5.04),
    run("serpapi", 15000, 1, 0.93, 2.5),
    run("serpapi", 15000, 2, 0.93, 2.5),
    run("searchapi", 35000, 1, 0.95, 1.5),
    run("searchapi", 35000, 2, 0.95, 1.5),
  ],
};

describe("what a plan buys, by the replay", () => {
  test("a budget reads the most the replay measured within it for its own provider; below every one it is not measured", () => {
    expect(outcomeWithin("serpapi", 5000, MEASURED)?.map((r) => r.seed)).toEqual([1, 2]);
    expect(outcomeWithin("serpapi", 10000, MEASURED)?.map((r) => r.searchesPerMonth)).toEqual([5000, 5000]);
    expect(outcomeWithin("serpapi", 40000, MEASURED)?.map((r) => r.searchesPerMonth)).toEqual([15000, 15000]);
    expect(outcomeWithin("serpapi", 4999, MEASURED)).toBeNull();
    // SearchApi's plans read SearchApi's runs only: its 10,000 is below the one budget measured for it.
    expect(outcomeWithin("searchapi", 40000, MEASURED)?.map((r) => [r.provider, r.searchesPerMonth])).toEqual([
      ["searchapi", 35000],
      ["searchapi", 35000],
    ]);
    expect(outcomeWithin("searchapi", 10000, MEASURED)).toBeNull();
  });

  test("in words: a range across the seeds, one figure where they agree, and where the figure comes from", () => {
    expect(describeOutcome("serpapi", 5000, MEASURED)).toBe(
      "86–88 % of sales alerted, median 4.7–5.0 h and p95 18.8–20.2 h from a sale's start to its alert, 90 % of alerts real " +
        "(the replay of SerpApi at 5,000 searches a month: 120 days, 2 seeds, Explore as with no SERPAPI_EXPLORE_AREAS; docs/deal-quality.md)",
    );
    expect(describeOutcome("serpapi", 20000, MEASURED)).toBe(
      "93 % of sales alerted, median 2.5 h and p95 10.0 h from a sale's start to its alert, 90 % of alerts real " +
        "(the replay of SerpApi at 15,000 searches a month, the most measured within 20,000: 120 days, 2 seeds, Explore as with no SERPAPI_EXPLORE_AREAS; docs/deal-quality.md)",
    );
    expect(describeOutcome("searchapi", 35000, MEASURED)).toBe(
      "95 % of sales alerted, median 1.5 h and p95 6.0 h from a sale's start to its alert, 90 % of alerts real " +
        "(the replay of SearchApi at 35,000 searches a month: 120 days, 2 seeds, Explore over every area; docs/deal-quality.md)",
    );
    expect(describeOutcome("serpapi", 2000, MEASURED)).toBe(
      "not measured: the replay measured SerpApi at 5,000, 15,000 searches a month, none as few as 2,000",
    );
    expect(describeOutcome("searchapi", 10000, { ...MEASURED, runs: MEASURED.runs.filter((r) => r.provider === "serpapi") })).toBe(
      "not measured: the replay has no run searching like SearchApi",
    );
  });

  test("the measured outcomes cover the default plan (5,000 a month) on the tuning and the holdout seed", () => {
    expect(outcomeWithin("serpapi", 5000)?.map((r) => [r.searchesPerMonth, r.seed])).toEqual([
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
