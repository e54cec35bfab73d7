import { DEAL_RULES } from "../../src/domain/deal-rules.ts";
import { expect, test } from "./support/fixtures.ts";

test.describe("the public deal rule", () => {
  test("is server-rendered with the detector's own thresholds, and linked from the landing FAQ", async ({ page, request }) => {
    const html = await (await request.get("/how-we-find-deals")).text();
    expect(html).toContain("<h1>How we find deals</h1>");
    await page.goto("/how-we-find-deals");
    const main = page.getByRole("main");
    await expect(main).toContainText(`at least ${Math.round(DEAL_RULES.domestic.minShareBelow * 100)}% below the typical price`);
    await expect(main).toContainText(`saves at least $${DEAL_RULES.domestic.minSaved} (domestic)`);
    await expect(main).toContainText(`We aim at savings of $${DEAL_RULES.domestic.aimSaved} and $${DEAL_RULES.international.aimSaved}`);
    await expect(main).toContainText(`${Math.abs(DEAL_RULES.maxRobustZ)} times the route`);
    await expect(main).toContainText(`it must still be there ${DEAL_RULES.dropHoldsHours} hours after we first saw it`);
    const { grid, sweep } = DEAL_RULES.newEpisode;
    await expect(main).toContainText(
      `${grid.holdsHours} hours for a new drop on dates that already had a deal; ${sweep.holdsHours} where searches are rationed`,
    );
    await expect(main).toContainText(`at least ${Math.round(grid.shareBelowRecent * 100)}% below the usual lowest fare`);
    await expect(main).toContainText(`(${Math.round(sweep.shareBelowRecent * 100)}% where our searches are rationed by a monthly budget)`);
    await expect(main).toContainText(`A route that stays up for ${DEAL_RULES.levelMovedAfterDays} days has moved`);

    await page.goto("/");
    await page.locator("#faq").getByText("What counts as a deal?").click();
    await expect(page.locator("#faq")).toContainText(`saving at least $${DEAL_RULES.domestic.minSaved} ($${DEAL_RULES.international.minSaved} abroad)`);
    await page.locator("#faq").getByRole("link", { name: "How we find deals" }).click();
    await expect(page).toHaveURL(/\/how-we-find-deals$/);
    await expect(page.getByRole("heading", { level: 1, name: "How we find deals" })).toBeVisible();
  });
});
