/**
 * The search card's controls, wired to the list: each control once. The rules they apply (which deals a filter keeps,
 * the banner's words, the suggestions, the destinations' search and order) are unit tests: tests/unit/deal-filter.test.ts
 * and tests/unit/destinations.test.ts. The list's own controls (page size, sorting, region): deals-list.e2e.ts.
 */
import { format } from "date-fns";
import { addDays } from "../support/world/seed-deals-data.ts";
import { banner, dealsCard, destinationField, pickDate, subscriberWithDeals, tableRows, today } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";

test.describe("filtering the deals", () => {
  test("a destination chosen in 'Nonstop Destinations' or with the arrow keys in the suggestions filters the list; 'Clear Filter' shows every deal again", async ({
    page,
    server,
  }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 35 });
    const kef = deals.filter((deal) => deal.destination === "KEF");
    const lhr = deals.filter((deal) => deal.destination === "LHR");

    await page.getByRole("button", { name: /Nonstop Destinations/ }).click();
    const dialog = page.getByRole("dialog", { name: "Nonstop Destinations from RDU" });
    await expect(dialog.getByRole("heading", { name: "Domestic (67)" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "International (14)" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Atlanta\s*ATL\s*Delta, Southwest/ })).toBeVisible();
    await dialog.getByLabel("Search destinations").fill("icelandair");
    await expect(dialog.locator(".destination-entry")).toHaveCount(1);
    await dialog.getByRole("button", { name: /KEF/ }).click();
    await expect(dialog).toBeHidden();
    await expect(destinationField(page)).toHaveValue("KEF");
    await expect(banner(page)).toHaveText(`Showing ${kef.length} filtered results to KEF`);
    await expectToast(page, "Search Results", `Found ${kef.length} flight deal(s) matching your criteria.`);
    await expect(tableRows(page)).toHaveCount(kef.length);
    for (const row of await tableRows(page).all()) await expect(row).toContainText("KEF");

    await page.getByRole("button", { name: "Clear Filter" }).click();
    await expectToast(page, "Filter Cleared");
    await expect(banner(page)).toBeHidden();
    await expect(destinationField(page)).toHaveValue("");
    await expect(page.getByRole("button", { name: "Clear Filter" })).toBeHidden();
    await expect(tableRows(page)).toHaveCount(10);

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
    await expect(banner(page)).toHaveText(`Showing ${lhr.length} filtered results to LHR`);
    await expect(tableRows(page)).toHaveCount(lhr.length);
  });

  test("the date pickers refuse past days and days before the begin day; the chosen days, 'Any dates available' and 'Nonstop flights only' filter the list", async ({
    page,
    server,
  }) => {
    const { deals } = await subscriberWithDeals(page, server, { count: 35 });
    const begin = addDays(today(), 30);
    const end = addDays(today(), 34);
    const iso = (d: Date) => format(d, "yyyy-MM-dd");
    const overlapping = deals.filter((deal) => deal.departDate <= iso(end) && (deal.returnDate || deal.departDate) >= iso(begin));
    expect(overlapping.length).toBeGreaterThan(1);
    const nonstop = deals.filter((deal) => deal.nonstop);

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
    const dayBeforeBegin = addDays(begin, -1);
    if (dayBeforeBegin.getMonth() !== begin.getMonth()) await endCalendar.getByRole("button", { name: "Previous month" }).click();
    await expect(endCalendar.getByRole("button", { name: format(dayBeforeBegin, "EEEE, MMMM d, yyyy") })).toBeDisabled();
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
    await page.getByLabel("Nonstop flights only").check();
    await page.getByRole("button", { name: "Search Preferences" }).click();
    await expect(banner(page)).toHaveText(`Showing ${nonstop.length} filtered results (nonstop only) (any dates)`);
    await expect(dealsCard(page).getByText(`Showing 10 of ${nonstop.length} deals`)).toBeVisible();
    for (const cell of await tableRows(page).locator("td:nth-child(10)").all()) await expect(cell).toHaveText("Yes");
  });
});
