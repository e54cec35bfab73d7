import { googleFlightsUrl } from "../../src/domain/links.ts";
import { dealsCard, logIn, money, priceOf, subscriberWithDeals, swipe, tableRows } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { outboxKindsTo, seedDealAlert, seedDeals, seedUser } from "./support/world.ts";

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

    await seedDeals(server, user.id, { count: 1 });
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
    const zurich = await seedUser(server, { firstName: "Lee", preferences: { destinations: ["ZRH"], maxPrice: 800, nonstopOnly: false } });
    const amsterdam = await seedUser(server, { preferences: { destinations: ["AMS"], maxPrice: 800, nonstopOnly: false } });
    const quiet = await seedUser(server, { preferences: { destinations: ["ZRH"], maxPrice: 800, nonstopOnly: false }, emailAlerts: false });
    const cheapOnly = await seedUser(server, { preferences: { destinations: ["ZRH"], maxPrice: 300, nonstopOnly: false } });

    const published = await seedDealAlert(server, { destination: "ZRH", price: 412, airline: "Swiss" });
    expect(published.matches).toBeGreaterThanOrEqual(2);

    const alert = await mail.waitFor(zurich.email, (m) => (m.subject ?? "").includes("Zurich"));
    expect(alert.subject).toBe("$412 round trip to Zurich, 45% below typical");
    expect(alert.text).toContain("/dashboard");
    expect(alert.headerLines.map((line) => line.key)).toContain("list-unsubscribe");

    // Only an outbox row becomes an email, and the fan-out wrote every row before seedDealAlert returned.
    expect(await outboxKindsTo(server, zurich.email)).toEqual(["deal-alert"]);
    expect(await outboxKindsTo(server, amsterdam.email)).toEqual([]);
    expect(await outboxKindsTo(server, quiet.email)).toEqual([]);
    expect(await outboxKindsTo(server, cheapOnly.email)).toEqual([]);

    // The matching subscriber finds the deal, new, on the dashboard.
    await logIn(page, server, zurich);
    const row = tableRows(page).filter({ hasText: "ZRH" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("NEW");
  });
});
