import { expect, test } from "./support/fixtures.ts";

test("the landing page renders and hydrates without console errors", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Never Miss a Deal from RDU" })).toBeVisible();
});
