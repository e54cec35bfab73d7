import { INTERNATIONAL } from "../support/world/seed-deals-data.ts";
import { dealsCard, money, priceOf, subscriberWithDeals, tableRows } from "./support/deals-page.ts";
import { expect, test } from "./support/fixtures.ts";
import { ONLY_SEEDED_DEALS, seedDeals, seedUser, signIn } from "./support/world.ts";

// What the first paint shows (counts, rows, NEW and Ended, the empty list, the on-hold state): tests/ssr/dashboard.test.ts.
test.describe("the subscriber's deals on the dashboard", () => {
  test("the list's own controls: page-size buttons (Show 20, 30, all, and 10 again), a column header sorting one way then the other (Price, Nonstop), the region toggle; a destination's city shows on hover", async ({
    page,
    server,
  }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 35 });
    await expect(tableRows(page)).toHaveCount(10);
    const sizes = dealsCard(page).getByRole("group", { name: "Deals per page" });
    const labels = () => sizes.getByRole("button").allInnerTexts();

    await sizes.getByRole("button", { name: "Show 20" }).click();
    await expect(tableRows(page)).toHaveCount(20);
    await expect(dealsCard(page).getByText("Showing 20 of 35 deals")).toBeVisible();
    expect(await labels()).toEqual(["Show 10", "Show 30", "Show all 35"]);

    await sizes.getByRole("button", { name: "Show 30" }).click();
    await expect(tableRows(page)).toHaveCount(30);
    expect(await labels()).toEqual(["Show 10", "Show 20", "Show all 35"]);

    await sizes.getByRole("button", { name: "Show all 35" }).click();
    await expect(tableRows(page)).toHaveCount(35);
    await expect(dealsCard(page).getByText("Showing 35 of 35 deals")).toBeVisible();

    await sizes.getByRole("button", { name: "Show 10" }).click();
    await expect(tableRows(page)).toHaveCount(10);
    expect(await labels()).toEqual(["Show 20", "Show 30", "Show all 35"]);

    // The destination's city shows on hover, after the tooltip delay.
    await tableRows(page).first().locator(".dest-code").hover();
    await expect(page.getByRole("tooltip")).toHaveText("Los Angeles");
    await page.mouse.move(0, 0);
    await expect(page.getByRole("tooltip")).toHaveCount(0);

    // The sort orders themselves are unit tests (tests/unit/deal-filter.test.ts › sortDeals).
    const prices = deals.map((deal) => deal.price);
    const priceHeader = page.getByRole("columnheader", { name: "Price", exact: true });
    await priceHeader.getByRole("button").click();
    await expect(priceHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(priceOf(tableRows(page).first())).toHaveText(money(Math.min(...prices)));
    await priceHeader.getByRole("button").click();
    await expect(priceHeader).toHaveAttribute("aria-sort", "descending");
    await expect(priceOf(tableRows(page).first())).toHaveText(money(Math.max(...prices)));

    const region = page.getByRole("group", { name: "Region" });
    await region.getByRole("button", { name: "International" }).click();
    await expect(region.getByRole("button", { name: "International" })).toHaveAttribute("aria-pressed", "true");
    const international = deals.filter((deal) => INTERNATIONAL.has(deal.destination));
    await expect(dealsCard(page).getByText(`Showing 10 of ${international.length} deals`)).toBeVisible();
    await expect(priceOf(tableRows(page).first())).toHaveText(money(Math.max(...international.map((deal) => deal.price))));
    for (const code of await tableRows(page).locator(".dest-code").allInnerTexts()) expect(INTERNATIONAL.has(code)).toBe(true);
    await region.getByRole("button", { name: "Domestic" }).click();
    await expect(dealsCard(page).getByText(`Showing 10 of ${35 - international.length} deals`)).toBeVisible();
    await region.getByRole("button", { name: "All" }).click();

    // Nonstop ascending reads like the text: No before Yes (more than ten deals have a stop).
    expect(deals.filter((deal) => !deal.nonstop).length).toBeGreaterThan(10);
    const nonstopHeader = page.getByRole("columnheader", { name: "Nonstop" });
    const nonstopCells = tableRows(page).locator("td:nth-child(10)");
    await nonstopHeader.getByRole("button").click();
    await expect(nonstopHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(nonstopCells).toHaveText(Array(10).fill("No"));
    await nonstopHeader.getByRole("button").click();
    await expect(nonstopHeader).toHaveAttribute("aria-sort", "descending");
    await expect(nonstopCells).toHaveText(Array(10).fill("Yes"));
  });

  test("a list that cannot be fetched says so, and 'Try again' loads it", async ({ page, server }) => {
    const user = await seedUser(server, { preferences: ONLY_SEEDED_DEALS });
    await seedDeals(server, user.id, { count: 3 });
    // A move to the dashboard inside the browser (here from the subscribe page's link): its loader's call goes through this route.
    let failing = true;
    let calls = 0;
    await page.route("**/api/flight-deals", (route) => {
      calls++;
      return failing ? route.fulfill({ status: 500, body: "down" }) : route.fallback();
    });
    await signIn(page, server, user);
    await page.goto("/subscribe");
    await page.getByRole("button", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The loader's call failed, and so did the page's own retry right after it.
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
    await expect(dealsCard(page).getByText("Failed to fetch flight deals.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Search Flight Deals" })).toBeVisible();

    // Only the request 'Try again' makes may succeed: the dashboard also refetches on its own (a revalidation after
    // load, the 30 s refresh), and one of those landing first would take the button away mid-click.
    await page.exposeFunction("tryAgainPressed", () => {
      failing = false;
    });
    await page.evaluate(() => {
      document.addEventListener(
        "click",
        (event) => {
          const pressed = (event.target as Element).closest("button");
          if (pressed?.textContent === "Try again") (window as unknown as { tryAgainPressed: () => Promise<void> }).tryAgainPressed();
        },
        { capture: true },
      );
    });
    await dealsCard(page).getByRole("button", { name: "Try again" }).click();
    await expect(tableRows(page)).toHaveCount(3);
    await expect(dealsCard(page).getByText("Failed to fetch flight deals.")).toHaveCount(0);
  });
});
