import { describe, expect, test } from "bun:test";
import { DESTINATION_COUNTS } from "../../src/domain/destinations.ts";
import { PLAN_LIST, PLANS, TRIAL_DAYS, formatPlanPrice, planFromQuery } from "../../src/domain/plans.ts";
import { isValidEmail, normalizeEmail } from "../../src/domain/validation.ts";

describe("plans (docs/product-rules.md §9)", () => {
  test("monthly is $10/month, annual $72/year at $6 a month and the best value, both with a 7-day trial", () => {
    expect(TRIAL_DAYS).toBe(7);
    expect(PLAN_LIST.map(formatPlanPrice)).toEqual(["$10/month", "$72/year"]);
    expect(PLANS.annual.monthlyEquivalent).toBe(PLANS.annual.price / 12);
    expect(PLANS.annual.badge).toBe("Best Value");
    expect(PLANS.monthly.badge).toBeNull();
  });

  test("the annual plan's destination count comes from the catalogue", () => {
    expect(PLANS.annual.features).toContain(`${DESTINATION_COUNTS.total} Nonstop destinations`);
    expect(DESTINATION_COUNTS.total).toBe(81);
  });

  test("?plan= picks annual only when it says annual; anything else is monthly", () => {
    expect(planFromQuery("annual")).toBe("annual");
    for (const value of ["monthly", "ANNUAL", "yearly", "", null, undefined]) expect(planFromQuery(value)).toBe("monthly");
  });
});

describe("email addresses", () => {
  test("accepts ordinary addresses, with surrounding spaces trimmed", () => {
    for (const email of ["sam@example.com", "first.last+deals@mail.co.uk", "  sam@example.com  "]) expect(isValidEmail(email)).toBe(true);
  });

  test("refuses what a mail server would", () => {
    const refused = [
      "",
      "sam",
      "sam@",
      "@example.com",
      "sam@example",
      "sam@example.c",
      "sam smith@example.com",
      "a@b@example.com",
      "<sam>@example.com",
      `${"a".repeat(250)}@example.com`,
    ];
    for (const email of refused) expect(isValidEmail(email)).toBe(false);
  });

  test("one address in any case is one account", () => {
    expect(normalizeEmail("  Sam@Example.COM ")).toBe("sam@example.com");
  });
});
