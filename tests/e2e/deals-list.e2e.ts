import { dealsCard, logIn, logInThroughForm, money, priceOf, subscriberWithDeals, tableRows } from "./support/deals-page.ts";
import { expect, test } from "./support/fixtures.ts";
import { ONLY_SEEDED_DEALS, seedDeals, seedUser } from "./support/world.ts";

test.describe("the subscriber's deals on the dashboard", () => {
  test("the list is server-rendered, newest first, ten at a time, with Show 20 / Show 30 / Show all buttons and Show 10 to go back", async ({
    page,
    server,
  }) => {
    const { deals, ids } = await subscriberWithDeals(page, server, { count: 35 });

    // The first paint already holds the deals: they are in the HTML the server sent.
    const html = await (await page.request.get("/dashboard")).text();
    expect(html).toContain("Showing 10 of 35 deals");
    expect(html).toContain(`data-deal-id="${ids[0]}"`);

    await expect(page.getByText("35 deals in your list · 35 new")).toBeVisible();
    await expect(tableRows(page)).toHaveCount(10);
    await expect(priceOf(tableRows(page).first())).toHaveText(money(deals[0]!.price));
    await expect(tableRows(page).first()).toContainText("NEW");

    const sizes = dealsCard(page).getByRole("group", { name: "Deals per page" });
    const labels = () => sizes.getByRole("button").allInnerTexts();
    expect(await labels()).toEqual(["Show 20", "Show 30", "Show all 35"]);

    // The whole cycle: each button does what it says, and 'Show 10' goes back.
    await sizes.getByRole("button", { name: "Show 20" }).click();
    await expect(tableRows(page)).toHaveCount(20);
    await expect(dealsCard(page).getByText("Showing 20 of 35 deals")).toBeVisible();
    expect(await labels()).toEqual(["Show 10", "Show 30", "Show all 35"]);

    await sizes.getByRole("button", { name: "Show 30" }).click();
    await expect(tableRows(page)).toHaveCount(30);
    expect(await labels()).toEqual(["Show 10", "Show 20", "Show all 35"]);

    await sizes.getByRole("button", { name: "Show 20" }).click();
    await expect(tableRows(page)).toHaveCount(20);

    await sizes.getByRole("button", { name: "Show all 35" }).click();
    await expect(tableRows(page)).toHaveCount(35);
    await expect(dealsCard(page).getByText("Showing 35 of 35 deals")).toBeVisible();
    expect(await labels()).toEqual(["Show 10", "Show 20", "Show 30"]);

    await sizes.getByRole("button", { name: "Show 10" }).click();
    await expect(tableRows(page)).toHaveCount(10);
    expect(await labels()).toEqual(["Show 20", "Show 30", "Show all 35"]);
  });

  test("page-size buttons appear only past ten deals; an empty list says so", async ({ page, server }) => {
    await subscriberWithDeals(page, server, { count: 10 });
    await expect(tableRows(page)).toHaveCount(10);
    await expect(dealsCard(page).getByRole("group", { name: "Deals per page" })).toHaveCount(0);

    const nobody = await seedUser(server, { preferences: ONLY_SEEDED_DEALS });
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await logIn(page, server, nobody);
    await expect(page.getByText("No new flight deals available")).toBeVisible();
    await expect(page.getByText("New deals from RDU will appear here when found")).toBeVisible();
  });

  test("a list that cannot be fetched says so, and 'Try again' loads it", async ({ page, server }) => {
    const user = await seedUser(server, { preferences: ONLY_SEEDED_DEALS });
    await seedDeals(server, user.id, { count: 3 });
    // Logging in moves to the dashboard in the browser, so its loader's call goes through this route.
    let failing = true;
    let calls = 0;
    await page.route("**/api/flight-deals", (route) => {
      calls++;
      return failing ? route.fulfill({ status: 500, body: "down" }) : route.fallback();
    });
    await logInThroughForm(page, user);
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

  test("a subscriber without access is told why instead of seeing deals", async ({ page, server }) => {
    const paused = await seedUser(server, { status: "Paused", type: "Free" });
    await logIn(page, server, paused);
    await expect(page.getByRole("heading", { name: "Your flight deals are on hold" })).toBeVisible();
    await expect(page.getByText(/^Your subscription is paused, so flight deals are hidden and no alerts are sent\./)).toBeVisible();
    await expect(page.getByRole("heading", { name: "My Flight Deals" })).toHaveCount(0);
    // No alerts are sent without access: the switch says so instead of seeming to work.
    const alerts = page.getByRole("switch", { name: "Email Alerts" });
    await expect(alerts).toBeDisabled();
    await expect(alerts).toHaveAccessibleDescription("No alerts are sent while your subscription is paused.");
  });

  test("ended deals show as ended; viewed ones lose the NEW badge", async ({ page, server }) => {
    await subscriberWithDeals(page, server, { count: 6, newCount: 2, ended: 2 });
    await expect(tableRows(page).nth(0)).toContainText("NEW");
    await expect(tableRows(page).nth(2)).not.toContainText("NEW");
    await expect(tableRows(page).nth(2)).toHaveClass(/is-viewed/);
    await expect(tableRows(page).nth(5)).toContainText("Ended");
    await expect(tableRows(page).nth(5)).toHaveClass(/is-ended/);

    // The destination's city shows on hover, after the tooltip delay.
    await tableRows(page).first().locator(".dest-code").hover();
    await expect(page.getByRole("tooltip")).toHaveText("Los Angeles");
    await page.mouse.move(0, 0);
    await expect(page.getByRole("tooltip")).toHaveCount(0);
  });
});
