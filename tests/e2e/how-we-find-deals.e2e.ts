import { expectNoSeriousAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";

test.describe("the public deal rule", () => {
  // The page's texts, and the landing FAQ's link to it: tests/ssr/how-we-find-deals.test.ts; the link followed in the
  // browser: landing.e2e.ts.
  test("axe finds no serious accessibility violation", async ({ page }) => {
    await page.goto("/how-we-find-deals");
    await expect(page.getByRole("heading", { level: 1, name: "How we find deals" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
