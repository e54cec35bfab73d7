/** The Operations tab's fare searches panel as React renders it: the budget plan of a paid source, in the operator's words. */
import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { DISCOVERY_AREAS } from "../../src/domain/discovery-areas.ts";
import { FareBudgetPanel } from "../../src/client/pages/admin/fare-budget-panel.tsx";
import { planBudget } from "../../src/server/fares/sweep/budget-plan.ts";
import { select } from "../support/html.ts";

const now = new Date("2026-11-22T15:00:00Z");

function panelOf(exactDateExplore: boolean) {
  const plan = planBudget({
    budget: 35000,
    budgetFrom: "plan",
    provider: "searchapi",
    quota: 35000,
    planPriceUsd: null,
    schedule: "0 * * * *",
    areas: DISCOVERY_AREAS,
    exactDateExplore,
    now,
  });
  const fares = {
    source: "searchapi",
    paid: true,
    plan,
    searchesThisMonth: 1200,
    searchesLeft: 33800,
    catalogueRoutes: DESTINATIONS.length,
    routesObserved6h: DESTINATIONS.length,
    routesObserved24h: DESTINATIONS.length,
    routesUnseen24h: [],
    routesNeverSeen: [],
    candidatesConfirmed: 3,
    candidatesRejected: 1,
    lastDiscovery: null,
  };
  return { plan, html: renderToString(<FareBudgetPanel fares={fares} />) };
}

describe("the fare searches panel", () => {
  test("a source that takes exact dates: the plan names the completeness pass's search and how many sweeps its cycle takes", async () => {
    const { plan, html } = panelOf(true);
    const items = (await select(html, "li")).map((li) => li.text);
    expect(plan.completenessPerSweep).toBe(1);
    expect(items).toContain(
      `The completeness pass: one exact-date Travel Explore a sweep, every grid date pair in every area once every ${plan.sweepsPerCompletenessCycle} sweeps`,
    );
    expect(items.some((item) => item.startsWith("The plan costs $100 a month (SearchApi Production"))).toBe(true);
  });

  test("a source that takes no exact dates shows no completeness line", async () => {
    const { html } = panelOf(false);
    expect((await select(html, "li")).map((li) => li.text).some((item) => item.includes("completeness"))).toBe(false);
  });
});
