import { expectNoSeriousAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";

test.describe("the public deal rule", () => {
  // The page's texts, with the detector's own thresholds, and the FAQ answer's: tests/ssr/how-we-find-deals.test.ts.
  test("is linked from the landing FAQ's 'What counts as a deal?', and the link opens it", async ({ page }) => {
    await page.goto("/");
    const faq = page.locator("#faq");
    await faq.getByText("What counts as a deal?").click();
    await faq.getByRole("link", { name: "How we find deals" }).click();
    await expect(page).toHaveURL(/\/how-we-find-deals$/);
    await expect(page.getByRole("heading", { level: 1, name: "How we find deals" })).toBeVisible();
  });

  test("axe finds no serious accessibility violation", async ({ page }) => {
    await page.goto("/how-we-find-deals");
    await expect(page.getByRole("heading", { level: 1, name: "How we find deals" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
