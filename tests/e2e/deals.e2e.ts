import type { Locator, Page } from "@playwright/test";
import { format } from "date-fns";
import { googleFlightsUrl } from "../../src/domain/links.ts";
import { addDays, seedDealAt, type SeedDeal } from "../support/seed-deals-data.ts";
import { expect, expectNoSeriousAxeViolations, expectToast, test } from "./support/fixtures.ts";
import { ONLY_SEEDED_DEALS, outboxKindsTo, seedDealAlert, seedDeals, seedUser, type SeededUser } from "./support/seed.ts";
import type { RunningServer } from "./support/server.ts";

const today = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};

/** The deals `seedDeals(…, { count })` wrote, in list order (newest first). */
const seededList = (count: number): SeedDeal[] => Array.from({ length: count }, (_, i) => seedDealAt(i, count, today()));

const money = (amount: number) => `$${amount.toLocaleString("en-US")}`;

async function logIn(page: Page, user: SeededUser) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
}

/** A subscriber whose list holds exactly `count` seeded deals, signed in on the dashboard. */
async function subscriberWithDeals(page: Page, server: RunningServer, options: { count: number; newCount?: number; ended?: number }) {
  const user = seedUser(server, { firstName: "Casey", preferences: ONLY_SEEDED_DEALS });
  const ids = seedDeals(server, user.id, options);
  await logIn(page, user);
  return { user, ids, deals: seededList(options.count) };
}

const tableRows = (page: Page) => page.locator(".deals-table tbody tr");
const priceOf = (row: Locator) => row.locator(".col-price strong");
const dealsCard = (page: Page) => page.getByRole("article", { name: "My Flight Deals" });
const banner = (page: Page) => page.getByTestId("filter-banner");
const destinationField = (page: Page) => page.getByRole("combobox", { name: "Destination" });

async function pickDate(page: Page, label: "Begin" | "End", date: Date) {
  await page.getByRole("button", { name: new RegExp(`^${label}`) }).click();
  const calendar = page.getByRole("dialog", { name: `Choose ${label.toLowerCase()} date` });
  await expect(calendar).toBeVisible();
  const day = calendar.getByRole("button", { name: format(date, "EEEE, MMMM d, yyyy"), exact: true });
  for (let i = 0; i < 12 && !(await day.isVisible()); i++) await calendar.getByRole("button", { name: "Next month" }).click();
  await day.click();
  await expect(calendar).toBeHidden();
}

async function swipe(page: Page, target: Locator, dx: number) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const startX = dx < 0 ? box.x + box.width - 60 : box.x + 40;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  const steps = 8;
  for (let i = 1; i <= steps; i++) await page.mouse.move(startX + (dx * i) / steps, y);
  await page.mouse.up();
}

/**
 * A fresh server scans every route at boot, which keeps the machine busy for a few seconds: let it finish
 * first, so the first tests do not race it for the CPU.
 */
test.beforeAll(async ({ server }) => {
  test.setTimeout(90_000);
  const deadline = Date.now() + 60_000;
  while (!/\[scan\] (\S+ )?(succeeded|failed)/.test(server.output()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

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

    const nobody = seedUser(server, { preferences: ONLY_SEEDED_DEALS });
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await logIn(page, nobody);
    await expect(page.getByText("No new flight deals available")).toBeVisible();
    await expect(page.getByText("New deals from RDU will appear here when found")).toBeVisible();
  });

  test("a list that cannot be fetched says so, and 'Try again' loads it", async ({ page, server }) => {
    const user = seedUser(server, { preferences: ONLY_SEEDED_DEALS });
    seedDeals(server, user.id, { count: 3 });
    // Logging in moves to the dashboard in the browser, so its loader's call goes through this route.
    let failing = true;
    let calls = 0;
    await page.route("**/api/flight-deals", (route) => {
      calls++;
      return failing ? route.fulfill({ status: 500, body: "down" }) : route.fallback();
    });
    await logIn(page, user);
    // The loader's call failed, and so did the page's own retry right after it.
    await expect.poll(() => calls).toBeGreaterThanOrEqual(2);
    await expect(dealsCard(page).getByText("Failed to fetch flight deals.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Search Flight Deals" })).toBeVisible();

    failing = false;
    await dealsCard(page).getByRole("button", { name: "Try again" }).click();
    await expect(tableRows(page)).toHaveCount(3);
    await expect(dealsCard(page).getByText("Failed to fetch flight deals.")).toHaveCount(0);
  });

  test("a subscriber without access is told why instead of seeing deals", async ({ page, server }) => {
    const paused = seedUser(server, { status: "Paused", type: "Free" });
    await logIn(page, paused);
    await expect(page.getByRole("heading", { name: "Your flight deals are on hold" })).toBeVisible();
    await expect(page.getByText(/^Your subscription is paused, so flight deals are hidden and no alerts are sent\./)).toBeVisible();
    await expect(page.getByRole("heading", { name: "My Flight Deals" })).toHaveCount(0);
    // No alerts are sent without access: the switch says so instead of seeming to work.
    const alerts = page.getByRole("switch", { name: "Email Alerts" });
    await expect(alerts).toBeDisabled();
    await expect(alerts).toHaveAccessibleDescription("No alerts are sent while your subscription is paused.");
  });

  test("choosing a city in 'Nonstop Destinations' filters the deals to that code", async ({ page, server }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 35 });
    const kef = deals.filter((deal) => deal.destination === "KEF");

    await page.getByRole("button", { name: /Nonstop Destinations/ }).click();
    const dialog = page.getByRole("dialog", { name: "Nonstop Destinations from RDU" });
    await expect(dialog.getByRole("heading", { name: "Domestic (67)" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "International (14)" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Atlanta\s*ATL\s*Delta, Southwest/ })).toBeVisible();
    // Each list reads in order of city, the name every entry leads with.
    for (const group of await dialog.locator(".destination-group").all()) {
      const cities = await group.locator(".destination-city").allInnerTexts();
      expect(cities).toEqual([...cities].sort((a, b) => a.localeCompare(b, "en")));
    }

    await dialog.getByLabel("Search destinations").fill("icelandair");
    await expect(dialog.locator(".destination-entry")).toHaveCount(1);
    await expect(dialog.locator(".destination-entry")).toContainText("Icelandair");
    await dialog.getByRole("button", { name: /KEF/ }).click();

    await expect(dialog).toBeHidden();
    await expect(destinationField(page)).toHaveValue("KEF");
    await expect(banner(page)).toHaveText(`Showing ${kef.length} filtered results to KEF`);
    await expectToast(page, "Search Results", `Found ${kef.length} flight deal(s) matching your criteria.`);
    await expect(tableRows(page)).toHaveCount(kef.length);
    for (const row of await tableRows(page).all()) await expect(row).toContainText("KEF");
  });

  test("destination autocomplete, 'Search Preferences', and 'Clear Filter'", async ({ page, server }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 35 });
    const lhr = deals.filter((deal) => deal.destination === "LHR");

    const field = destinationField(page);
    await field.fill("lond");
    const suggestions = page.getByRole("listbox", { name: "Destination suggestions" });
    await expect(suggestions.getByRole("option")).toHaveText([/LGW\s*London \(Gatwick\)/, /LHR\s*London \(Heathrow\)/]);
    await field.press("ArrowDown");
    await field.press("ArrowDown");
    await expect(field).toHaveAttribute("aria-activedescendant", /.+/);
    await field.press("Enter");
    await expect(field).toHaveValue("LHR");
    await expect(suggestions).toBeHidden();

    // The list closes shortly after the field loses focus.
    await field.fill("bos");
    await expect(suggestions.getByRole("option")).not.toHaveCount(0);
    await page.getByRole("heading", { name: "Search Flight Deals" }).click();
    await expect(suggestions).toBeHidden();
    await field.fill("LHR");

    await page.getByRole("button", { name: "Search Preferences" }).click();
    await expectToast(page, "Search Results", `Found ${lhr.length} flight deal(s) matching your criteria.`);
    await expect(banner(page)).toHaveText(`Showing ${lhr.length} filtered results to LHR`);
    await expect(tableRows(page)).toHaveCount(lhr.length);

    await page.getByRole("button", { name: "Clear Filter" }).click();
    await expectToast(page, "Filter Cleared");
    await expect(banner(page)).toBeHidden();
    await expect(field).toHaveValue("");
    await expect(page.getByRole("button", { name: "Clear Filter" })).toBeHidden();
    await expect(tableRows(page)).toHaveCount(10);
  });

  test("the date filter keeps deals that overlap the chosen days; past days cannot be chosen", async ({ page, server }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 35 });
    const begin = addDays(today(), 30);
    const end = addDays(today(), 34);
    const iso = (d: Date) => format(d, "yyyy-MM-dd");
    const overlapping = deals.filter((deal) => deal.departDate <= iso(end) && (deal.returnDate || deal.departDate) >= iso(begin));
    expect(overlapping.length).toBeGreaterThan(1);

    // Yesterday is not on offer in the Begin calendar.
    await page.getByRole("button", { name: /^Begin/ }).click();
    const calendar = page.getByRole("dialog", { name: "Choose begin date" });
    const yesterday = addDays(today(), -1);
    if (yesterday.getMonth() !== today().getMonth()) await calendar.getByRole("button", { name: "Previous month" }).click();
    await expect(calendar.getByRole("button", { name: format(yesterday, "EEEE, MMMM d, yyyy") })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(calendar).toBeHidden();

    await pickDate(page, "Begin", begin);
    await expect(page.getByRole("button", { name: /^Begin/ })).toHaveText(format(begin, "MMM dd"));
    // The End calendar starts at the begin date: the day before it is disabled.
    await page.getByRole("button", { name: /^End/ }).click();
    const endCalendar = page.getByRole("dialog", { name: "Choose end date" });
    await expect(endCalendar.getByRole("button", { name: format(addDays(begin, -1), "EEEE, MMMM d, yyyy") })).toBeDisabled();
    await page.keyboard.press("Escape");
    await pickDate(page, "End", end);

    await page.getByRole("button", { name: "Search Preferences" }).click();
    await expectToast(page, "Search Results", `Found ${overlapping.length} flight deal(s) matching your criteria.`);
    await expect(banner(page)).toHaveText(`Showing ${overlapping.length} filtered results from ${format(begin, "MMM dd")} to ${format(end, "MMM dd")}`);
    await expect(tableRows(page)).toHaveCount(overlapping.length);

    // 'Any dates available' disables the pickers and the dates no longer count.
    await page.getByLabel("Any dates available").check();
    await expect(page.getByRole("button", { name: /^Begin/ })).toBeDisabled();
    await expect(page.getByRole("button", { name: /^End/ })).toBeDisabled();
    await page.getByRole("button", { name: "Search Preferences" }).click();
    await expect(banner(page)).toHaveText("Showing 35 filtered results (any dates)");
  });

  test("'Nonstop flights only' keeps nonstop deals", async ({ page, server }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 35 });
    const nonstop = deals.filter((deal) => deal.nonstop);

    await page.getByLabel("Nonstop flights only").check();
    await page.getByRole("button", { name: "Search Preferences" }).click();
    await expectToast(page, "Search Results", `Found ${nonstop.length} flight deal(s) matching your criteria.`);
    await expect(banner(page)).toHaveText(`Showing ${nonstop.length} filtered results (nonstop only)`);
    await dealsCard(page)
      .getByRole("group", { name: "Deals per page" })
      .getByRole("button", { name: /^Show all/ })
      .click();
    await expect(tableRows(page)).toHaveCount(nonstop.length);
    for (const cell of await tableRows(page).locator("td:nth-child(10)").all()) await expect(cell).toHaveText("Yes");
  });

  test("sorting by Nonstop reads like the text (No, then Yes) and the column's tooltip says so", async ({ page, server }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 12 });
    const stops = deals.filter((deal) => !deal.nonstop).length;
    const header = page.getByRole("columnheader", { name: "Nonstop" });
    const nonstopCells = () => tableRows(page).locator("td:nth-child(10)").allInnerTexts();
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    expect(await nonstopCells()).toEqual([...Array(stops).fill("No"), ...Array(10 - stops).fill("Yes")]);
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    expect((await nonstopCells())[0]).toBe("Yes");
    await header.getByRole("button").hover();
    await expect(page.getByRole("tooltip")).toHaveText("Sorts No before Yes; click again for nonstop flights first.");
    await expect(header.getByRole("button")).toHaveAccessibleDescription("Sorts No before Yes; click again for nonstop flights first.");
  });

  test("the region toggle and sorting by price, both ways", async ({ page, server }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 35 });
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
    const international = deals.filter((deal) => ["LHR", "CDG", "KEF", "PUJ", "YYZ", "FRA"].includes(deal.destination));
    await expect(dealsCard(page).getByText(`Showing 10 of ${international.length} deals`)).toBeVisible();
    await expect(priceOf(tableRows(page).first())).toHaveText(money(Math.max(...international.map((deal) => deal.price))));
    for (const code of await tableRows(page).locator(".dest-code").allInnerTexts()) {
      expect(["LHR", "CDG", "KEF", "PUJ", "YYZ", "FRA"]).toContain(code);
    }
    await region.getByRole("button", { name: "Domestic" }).click();
    await expect(dealsCard(page).getByText(`Showing 10 of ${35 - international.length} deals`)).toBeVisible();
  });

  test("the dashboard, its dialogs and the phone layout pass axe without serious violations", async ({ page, server }) => {
    test.slow();
    await subscriberWithDeals(page, server, { count: 12, newCount: 6, ended: 1 });
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: /^Begin/ }).click();
    await expect(page.getByRole("dialog", { name: "Choose begin date" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press("Escape");

    await destinationField(page).fill("den");
    await expect(page.getByRole("listbox", { name: "Destination suggestions" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await tableRows(page).first().click();
    await expect(page.getByRole("img", { name: /^Price history/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: /Nonstop Destinations/ }).click();
    await expect(page.getByRole("dialog", { name: "Nonstop Destinations from RDU" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousAxeViolations(page);
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

test.describe("a deal's details", () => {
  test("open, record the click (no longer NEW), and offer Google Flights' exact search in a new tab", async ({ page, server }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 3 });
    const first = deals[0]!;
    const row = tableRows(page).first();
    await expect(row).toContainText("NEW");

    await row.click();
    const dialog = page.getByRole("dialog", { name: "Flight Deal Details" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(first.airline);
    await expect(dialog).toContainText(money(first.price));
    await expect(dialog).toContainText("LAX · Los Angeles");
    // Go Savings is the typical price shown beside it minus the price, in whole dollars.
    await expect(dialog.locator(".details-savings")).toHaveText(`Go Savings${money(first.typicalMedian - first.price)}`);
    await expect(dialog).toContainText(`${first.percentBelowTypical}% below the typical ${money(first.typicalMedian)}`);
    await expect(dialog).toContainText(`${money(first.typicalLow)}–${money(first.typicalHigh)}`);
    await expect(dialog.getByRole("img", { name: /^Price history for RDU to LAX/ })).toBeVisible();

    const google = dialog.getByRole("button", { name: "Google Flights", exact: true });
    await expect(google).toHaveAttribute("target", "_blank");
    await expect(google).toHaveAttribute("rel", "noopener noreferrer");
    const expected = googleFlightsUrl({ destination: "LAX", departDate: first.departDate, returnDate: first.returnDate, seatClass: 1, adults: 1 });
    expect(expected).toContain("/travel/flights/search?tfs=");
    await expect(google).toHaveAttribute("href", expected);

    await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).not.toContainText("NEW");
    await expect(page.getByText("3 deals in your list · 2 new")).toBeVisible();
    await page.reload();
    await expect(tableRows(page).first()).not.toContainText("NEW");
    await expect(tableRows(page).nth(1)).toContainText("NEW");
  });

  test("the airline button says where it goes and opens the airline's search for the trip in a 1200x800 popup", async ({ page, server, context }) => {
    // External sites cannot be reached from here: only the address the popup goes to is checked.
    await context.route("https://**", (route) => route.abort());
    const { deals } = await subscriberWithDeals(page, server, { count: 9 });
    const dialog = page.getByRole("dialog", { name: "Flight Deal Details" });
    // American has a public search pattern; Delta has none, so the button is Google Flights' search for Delta.
    await tableRows(page).nth(8).click();
    await expect(dialog.locator("footer").getByRole("button").first()).toHaveText("Search on aa.com");
    await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
    await tableRows(page).nth(0).click();
    await expect(dialog.locator("footer").getByRole("button").first()).toHaveText("Search Delta on Google Flights");
    await dialog.locator("footer").getByRole("button", { name: "Close" }).click();

    const jetblue = deals[1]!;
    await tableRows(page).nth(1).click();
    const popupOpened = page.waitForEvent("popup");
    const booking = context.waitForEvent("request", (request) => request.url().startsWith("https://"));
    await dialog.getByRole("button", { name: "Search on jetblue.com" }).click();
    const popup = await popupOpened;
    expect((await booking).url()).toBe(
      `https://www.jetblue.com/booking/flights?from=RDU&to=BOS&depart=${jetblue.departDate}&return=${jetblue.returnDate}&isMultiCity=false&noOfRoute=1&adults=1&children=0&infants=0`,
    );
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight, window.opener])).toEqual([1200, 800, null]);
    await popup.close();
  });

  test("a blocked popup is explained with an alert", async ({ page, server }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await subscriberWithDeals(page, server, { count: 2 });
    await tableRows(page).first().click();
    const alerted = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByRole("dialog", { name: "Flight Deal Details" }).getByRole("button", { name: "Search Delta on Google Flights" }).click();
    expect(await alerted).toBe("Popup blocked! Please allow popups for this site and try again.");
  });
});

test.describe("deleting deals", () => {
  test("bulk delete removes the selected deals; nothing to delete without a selection", async ({ page, server }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 12 });
    const deleteSelected = page.getByRole("button", { name: "Delete selected" });
    await expect(deleteSelected).toBeDisabled();

    await tableRows(page).nth(0).getByRole("checkbox").check();
    await tableRows(page).nth(2).getByRole("checkbox").check();
    await expect(dealsCard(page).getByText("2 selected")).toBeVisible();
    await deleteSelected.click();
    await expectToast(page, "Deals Deleted");
    await expect(page.getByText("10 deals in your list")).toBeVisible();
    await expect(priceOf(tableRows(page).first())).toHaveText(money(deals[1]!.price));

    await page.reload();
    await expect(page.getByText("10 deals in your list")).toBeVisible();
    await expect(tableRows(page)).toHaveCount(10);

    // Select all shown, with the server refusing: nothing is lost, and the failure is told.
    await page.route("**/api/flight-deals/*", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "boom" }) : route.fallback(),
    );
    await page.getByRole("checkbox", { name: "Select all deals shown" }).check();
    await expect(dealsCard(page).getByText("10 selected")).toBeVisible();
    await deleteSelected.click();
    await expectToast(page, "Delete Failed", "Failed to delete selected deals. Please try again.");
    await expect(tableRows(page)).toHaveCount(10);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("cards show the deal; a left swipe reveals Delete, a swipe back or a tap elsewhere hides it", async ({ page, server }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 4 });
    await expect(tableRows(page).first()).toBeHidden();
    const cards = page.getByRole("list", { name: "Flight deals" }).getByRole("listitem");
    await expect(cards).toHaveCount(4);
    const second = cards.nth(1);
    await expect(second).toContainText(deals[1]!.airline);
    await expect(second).toContainText(money(deals[1]!.price));
    await expect(second).toContainText("BOS");
    await expect(second).toContainText("Nonstop");
    const deleteButton = second.getByRole("button", { name: /^Delete / });
    await expect(deleteButton).toBeHidden();

    // A short drag is not a swipe.
    await swipe(page, second, -50);
    await expect(deleteButton).toBeHidden();

    await swipe(page, second, -120);
    await expect(deleteButton).toBeVisible();
    await swipe(page, second, 100);
    await expect(deleteButton).toBeHidden();

    await swipe(page, second, -120);
    await expect(deleteButton).toBeVisible();
    await page.getByRole("heading", { name: "My Flight Deals" }).click();
    await expect(deleteButton).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Flight Deal Details" })).toBeHidden();

    await swipe(page, second, -120);
    await deleteButton.click();
    await expectToast(page, "Deal Deleted");
    await expect(cards).toHaveCount(3);
    await expect(page.getByText("BOS", { exact: true })).toHaveCount(0);

    // Without swiping: the actions button reveals Delete and focuses it.
    const first = cards.first();
    await first.getByRole("button", { name: /^Actions for / }).click();
    await expect(first.getByRole("button", { name: /^Delete / })).toBeFocused();
    await page.route("**/api/flight-deals/*", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "boom" }) : route.fallback(),
    );
    await page.keyboard.press("Enter");
    await expectToast(page, "Delete Failed", "Failed to delete the deal. Please try again.");
    await expect(cards).toHaveCount(3);

    // A tap on a card opens its details.
    await cards
      .nth(1)
      .getByRole("button", { name: /^View details of / })
      .click();
    await expect(page.getByRole("dialog", { name: "Flight Deal Details" })).toBeVisible();
  });
});

test.describe("fresh deals", () => {
  test("the list refetches every 30 seconds without reloading the page", async ({ page, server }) => {
    const { user } = await subscriberWithDeals(page, server, { count: 2 });
    await page.clock.install();
    await page.reload();
    await expect(page.getByText("2 deals in your list")).toBeVisible();
    await page.getByRole("combobox", { name: "Destination" }).fill("kept while polling");

    seedDeals(server, user.id, { count: 1 });
    // The installed clock also runs on its own, so this is checked before any 30 s can have passed.
    await expect(page.getByText("2 deals in your list")).toBeVisible();
    await page.clock.runFor(30_500);
    await expect(page.getByText("3 deals in your list · 3 new")).toBeVisible();
    // Only the list changed: what the subscriber was typing is still there.
    await expect(page.getByRole("combobox", { name: "Destination" })).toHaveValue("kept while polling");
  });

  test("an alert email arrives at the SMTP server for a matching subscriber only", async ({ page, server, mail }) => {
    // Zurich and Amsterdam are not RDU nonstops: the server's own scans never publish deals there, so only
    // the deal published here can reach these subscribers, whenever a scan runs.
    const zurich = seedUser(server, { firstName: "Lee", preferences: { destinations: ["ZRH"], maxPrice: 800, nonstopOnly: false } });
    const amsterdam = seedUser(server, { preferences: { destinations: ["AMS"], maxPrice: 800, nonstopOnly: false } });
    const quiet = seedUser(server, { preferences: { destinations: ["ZRH"], maxPrice: 800, nonstopOnly: false }, emailAlerts: false });
    const cheapOnly = seedUser(server, { preferences: { destinations: ["ZRH"], maxPrice: 300, nonstopOnly: false } });

    const published = seedDealAlert(server, { destination: "ZRH", price: 412, airline: "Swiss" });
    expect(published.matches).toBeGreaterThanOrEqual(2);

    const alert = await mail.waitFor(zurich.email, (m) => (m.subject ?? "").includes("Zurich"));
    expect(alert.subject).toBe("$412 round trip to Zurich, 45% below typical");
    expect(alert.text).toContain("/dashboard");
    expect(alert.headerLines.map((line) => line.key)).toContain("list-unsubscribe");

    // Only an outbox row becomes an email, and the fan-out wrote every row before seedDealAlert returned.
    expect(outboxKindsTo(server, zurich.email)).toEqual(["deal-alert"]);
    expect(outboxKindsTo(server, amsterdam.email)).toEqual([]);
    expect(outboxKindsTo(server, quiet.email)).toEqual([]);
    expect(outboxKindsTo(server, cheapOnly.email)).toEqual([]);

    // The matching subscriber finds the deal, new, on the dashboard.
    await logIn(page, zurich);
    const row = tableRows(page).filter({ hasText: "ZRH" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("NEW");
  });
});
