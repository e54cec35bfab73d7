import { googleFlightsUrl } from "../../src/domain/links.ts";
import { dealsCard, logIn, money, priceOf, subscriberWithDeals, swipe, tableRows } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { ONLY_SEEDED_DEALS, seedDeals, seedUser } from "./support/world.ts";

test.describe("a deal's details", () => {
  test("open, record the click (no longer NEW), offer one primary action in a 1200x800 popup and one other place in a new tab, never Google Flights twice; a blocked popup is explained", async ({
    page,
    server,
    context,
  }) => {
    // External sites cannot be reached from here: only the address the popup goes to is checked.
    await context.route("https://**", (route) => route.abort());
    const { ids, deals } = await subscriberWithDeals(page, server, { count: 3 });
    const first = deals[0]!;
    const row = tableRows(page).first();
    await expect(row).toContainText("NEW");

    const clickRecorded = page.waitForResponse((response) => response.url().endsWith(`/api/flight-deals/${ids[0]}/click`));
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

    // Delta has no search page we can fill in: Google Flights' search for Delta is the one primary action, and
    // delta.com the other place to look (decision 108); nothing else in the details names Google Flights.
    const bookingButtons = dialog.locator(".details-book").getByRole("button");
    await expect(bookingButtons).toHaveText(["Search Delta on Google Flights", "Visit delta.com"]);
    await expect(dialog.getByRole("button", { name: /Google Flights/ })).toHaveCount(1);
    const site = dialog.getByRole("button", { name: "Visit delta.com" });
    await expect(site).toHaveAttribute("href", "https://www.delta.com/");
    await expect(site).toHaveAttribute("target", "_blank");
    await expect(site).toHaveAttribute("rel", "noopener noreferrer");

    await dialog.locator("footer").getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).not.toContainText("NEW");
    await expect(page.getByText("3 deals in your list · 2 new")).toBeVisible();
    // The server took the click (that it keeps the deal viewed: tests/api/flight-deals.test.ts).
    expect((await clickRecorded).ok()).toBe(true);

    // JetBlue has a public search pattern: its button opens jetblue.com's search for the trip, and Google Flights'
    // exact search (every airline) is the other place to look.
    const jetblue = deals[1]!;
    await tableRows(page).nth(1).click();
    const compare = dialog.getByRole("button", { name: "Compare on Google Flights" });
    const expected = googleFlightsUrl({ destination: "BOS", departDate: jetblue.departDate, returnDate: jetblue.returnDate, seatClass: 1, adults: 1 });
    expect(expected).toContain("/travel/flights/search?tfs=");
    await expect(compare).toHaveAttribute("href", expected);
    await expect(compare).toHaveAttribute("target", "_blank");
    const popupOpened = page.waitForEvent("popup");
    const booking = context.waitForEvent("request", (request) => request.url().startsWith("https://"));
    await dialog.getByRole("button", { name: "Search on jetblue.com" }).click();
    const popup = await popupOpened;
    expect((await booking).url()).toBe(
      `https://www.jetblue.com/booking/flights?from=RDU&to=BOS&depart=${jetblue.departDate}&return=${jetblue.returnDate}&isMultiCity=false&noOfRoute=1&adults=1&children=0&infants=0`,
    );
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight, window.opener])).toEqual([1200, 800, null]);
    await popup.close();

    // The browser blocks the next popup.
    await page.evaluate(() => {
      window.open = () => null;
    });
    const alerted = new Promise<string>((resolve) =>
      page.once("dialog", (alert) => {
        resolve(alert.message());
        void alert.accept();
      }),
    );
    await dialog.getByRole("button", { name: "Search on jetblue.com" }).click();
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
    // Said once the server took both deletes (that they stay deleted: tests/api/flight-deals.test.ts).
    await expectToast(page, "Deals Deleted", "2 deals were removed from your list.");
    await expect(page.getByText("10 deals in your list")).toBeVisible();
    await expect(priceOf(tableRows(page).first())).toHaveText(money(deals[1]!.price));

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
    await subscriberWithDeals(page, server, { count: 4 });
    await expect(tableRows(page).first()).toBeHidden();
    const cards = page.getByRole("list", { name: "Flight deals" }).getByRole("listitem");
    await expect(cards).toHaveCount(4);
    // What each card shows is server-rendered: tests/ssr/dashboard.test.ts.
    const second = cards.nth(1);
    await expect(second).toContainText("BOS");
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
    const user = await seedUser(server, { preferences: ONLY_SEEDED_DEALS });
    await seedDeals(server, user.id, { count: 2 });
    await page.clock.install();
    await logIn(page, server, user);
    await expect(page.getByText("2 deals in your list")).toBeVisible();
    await page.getByRole("combobox", { name: "Destination" }).fill("kept while polling");

    await seedDeals(server, user.id, { count: 1 });
    // The installed clock also runs on its own, so this is checked before any 30 s can have passed.
    await expect(page.getByText("2 deals in your list")).toBeVisible();
    await page.clock.runFor(30_500);
    await expect(page.getByText("3 deals in your list · 3 new")).toBeVisible();
    // Only the list changed: what the subscriber was typing is still there.
    await expect(page.getByRole("combobox", { name: "Destination" })).toHaveValue("kept while polling");
  });
});
