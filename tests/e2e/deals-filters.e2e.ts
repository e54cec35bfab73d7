import { format } from "date-fns";
import { addDays } from "../support/world/seed-deals-data.ts";
import { banner, dealsCard, destinationField, money, pickDate, priceOf, subscriberWithDeals, tableRows, today } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";

test.describe("filtering and sorting the deals", () => {
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
});
