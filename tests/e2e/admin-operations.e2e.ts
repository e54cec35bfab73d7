import type { OperationsOverview } from "../../src/domain/api/admin.ts";
import { ADMIN, expect, test } from "./support/fixtures.ts";
import { seedScan, seedUser } from "./support/world.ts";
import { openOperations, openPage, signIn, userRow } from "./support/admin-page.ts";

test.describe("operations", () => {
  test("shows the subscriber counts, the last fare scans, the fare searches panel, a visitor's contact message, and the audit log of what was just done", async ({
    page,
    server,
    baseURL,
  }) => {
    const origin = { origin: server.url };
    // The message and the edit go through the API the landing page's Contact form and the Edit dialog use (their
    // own tests drive those); this test is about what the Operations tab shows of them.
    const subject = `Fares to Lisbon? ${Date.now()}`;
    const contact = { email: "visitor@example.com", name: "Vera <i>Visitor</i>", subject, description: "Do you track fares to Lisbon?\nThanks!" };
    expect((await page.request.post("/api/contact", { data: contact, headers: origin })).ok()).toBe(true);
    const scan = await seedScan(server);
    const member = await seedUser(server, { firstName: "Audra" });
    await signIn(page, baseURL);
    expect((await page.request.put(`/api/admin/users/${member.id}`, { data: { firstName: "Audrey" }, headers: origin })).ok()).toBe(true);
    await openPage(page);

    const panel = await openOperations(page);
    const overview = (await (await page.request.get("/api/admin/operations")).json()) as OperationsOverview;
    const subscribers = panel.getByRole("region", { name: "Subscribers", exact: true });
    await expect(subscribers.getByRole("definition").first()).toHaveText(String(overview.subscribers.total));
    await expect(subscribers.getByRole("table", { name: "By status" }).getByRole("row", { name: /Active/ })).toContainText(
      String(overview.subscribers.byStatus.Active),
    );
    await expect(subscribers).toContainText("Monthly recurring revenue");
    await expect(subscribers).toContainText(`$${overview.monthlyRecurringRevenue.toFixed(2)}`);

    const scans = panel.getByRole("region", { name: "Last fare scans", exact: true });
    await expect(scans).not.toContainText("No fare scans yet");
    // The boot scan may be in the table too; this row is the one just recorded.
    const row = scans.locator(`tr[data-scan-id="${scan.id}"]`);
    await expect(row.getByRole("cell")).toHaveText([
      /took 1 min 35 s/,
      scan.source,
      scan.status,
      String(scan.routes),
      String(scan.quotes),
      String(scan.dealsFound),
      String(scan.newDeals),
      String(scan.matches),
      /1 error/,
      String(scan.quotaLeft),
    ]);
    await row.getByText("1 error").click();
    await expect(row.getByText(scan.errors[0]!)).toBeVisible();

    // The simulated market's panel: searches this month, no limit, the catalogue's routes seen, and no budget plan.
    const fares = panel.getByRole("region", { name: "Fare searches", exact: true });
    await expect(fares.getByRole("term")).toHaveText([
      "Searches this month",
      "Searches left",
      "Routes seen, 6 h",
      "Routes seen, 24 h",
      "Candidates confirmed",
      "Candidates not real",
    ]);
    await expect(fares.getByRole("definition").nth(1)).toHaveText("No limit");
    await expect(fares.getByRole("definition").nth(2)).toHaveText(/^\d+ \/ 81$/);
    await expect(fares).toContainText("No search budget: the simulated market is free.");

    const messages = panel.getByRole("region", { name: /^Contact messages/ });
    const message = messages.getByRole("listitem").filter({ hasText: subject });
    await expect(message).toContainText("Vera <i>Visitor</i> <visitor@example.com>");
    await expect(message).toContainText("Do you track fares to Lisbon?");
    await expect(message).toContainText("Unread");
    await message.getByRole("button", { name: "Mark read" }).click();
    await expect(message.getByRole("button", { name: "Mark unread" })).toBeVisible();
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(message.getByRole("button", { name: "Mark unread" })).toBeVisible();

    const audit = panel.getByRole("table", { name: "Audit log" });
    const markedRead = audit.getByRole("row").nth(1);
    await expect(markedRead).toContainText(ADMIN.email);
    await expect(markedRead).toContainText("Marked message read");
    await expect(markedRead).toContainText(subject);
    const entry = audit.getByRole("row").filter({ hasText: "Edited user" }).filter({ hasText: member.email });
    await expect(entry).toContainText(ADMIN.email);
    await expect(entry).toContainText("Edited user");
    await expect(entry).toContainText(member.email);
    await expect(entry.getByRole("listitem").filter({ hasText: "First name" })).toContainText(/Audra.*Audrey/);
  });
});

test.describe("layout", () => {
  test("on a phone the users are cards and neither tab scrolls sideways", async ({ page, server, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const member = await seedUser(server);
    await signIn(page, baseURL);
    await openPage(page);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    const edit = userRow(page, member.email).getByRole("button", { name: "Edit" });
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport({ ratio: 1 });
    expect(await width()).toBeLessThanOrEqual(390);
    await openOperations(page);
    expect(await width()).toBeLessThanOrEqual(390);
  });
});
