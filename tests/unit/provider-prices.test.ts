import { describe, expect, test } from "bun:test";
import { largestPlanWithin, plansOf, pricePerThousand, PROVIDER_PLAN_PRICES } from "../../src/server/fares/sweep/provider-prices.ts";

describe("the providers' plan prices", () => {
  test("the issue's figures: SerpApi $15 per 1,000 on its 5,000 plan, SearchApi $4 on its 10,000 and $2.86 on its 35,000", () => {
    const perThousand = (provider: "serpapi" | "searchapi", searches: number) =>
      pricePerThousand(plansOf(provider).find((plan) => plan.searchesPerMonth === searches)!);
    expect(perThousand("serpapi", 5_000)).toBe(15);
    expect(perThousand("serpapi", 15_000)).toBe(10);
    expect(perThousand("searchapi", 10_000)).toBe(4);
    expect(perThousand("searchapi", 35_000)).toBe(2.86);
  });

  test("the largest plan within $100 a month: SearchApi's 35,000 searches, SerpApi's 5,000", () => {
    expect(largestPlanWithin("searchapi", 100)).toMatchObject({ plan: "Production", searchesPerMonth: 35_000, dollarsPerMonth: 100 });
    expect(largestPlanWithin("serpapi", 100)).toMatchObject({ plan: "Developer", searchesPerMonth: 5_000, dollarsPerMonth: 75 });
    expect(largestPlanWithin("serpapi", 10)).toBeNull();
  });

  test("every row names its source, and each provider's plans cost more for more searches", () => {
    expect(PROVIDER_PLAN_PRICES.every((plan) => plan.source.length > 20)).toBe(true);
    for (const provider of ["serpapi", "searchapi"] as const) {
      const dollars = plansOf(provider).map((plan) => plan.dollarsPerMonth);
      expect(dollars).toEqual([...dollars].sort((a, b) => a - b));
    }
  });
});
