import type { Page } from "@playwright/test";
import type { AdminUserList, OperationsOverview } from "../../src/domain/api/admin.ts";
import { ADMIN, expect, expectNoSeriousAxeViolations, expectToast, test } from "./support/fixtures.ts";
import { seedScan, seedUser, uniqueEmail } from "./support/seed.ts";
import { subscribeInBrowser } from "./support/subscribe.ts";

/** Signs the browser in without the login page (its cookie is shared with `page`). */
async function signIn(page: Page, baseURL: string | undefined, who: { email: string; password: string } = ADMIN) {
  const response = await page.request.post("/api/login", { data: { email: who.email, password: who.password }, headers: { origin: baseURL! } });
  expect(response.ok(), `log in as ${who.email}`).toBe(true);
}

/** Opens a server-rendered page and waits until it is hydrated, so clicks reach React. */
async function openPage(page: Page, path = "/admin") {
  const response = await page.goto(path);
  await expect(page.locator("main[data-hydrated]")).toBeAttached();
  return response;
}

const userRow = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });
const statusOf = (page: Page, email: string) => userRow(page, email).locator(".status-badge");
const heading = (page: Page) => page.getByRole("heading", { name: /^User Management \(\d+ users\)$/ });

async function totalUsers(page: Page): Promise<number> {
  return ((await (await page.request.get("/api/admin/users")).json()) as AdminUserList).total;
}

async function openOperations(page: Page) {
  await page.getByRole("tab", { name: "Operations" }).click();
  const panel = page.getByRole("tabpanel", { name: "Operations" });
  await expect(panel.getByRole("heading", { name: "Subscribers" })).toBeVisible();
  return panel;
}

/** In RDU's time zone, as the table shows it. */
const signupDay = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "short", day: "numeric", year: "numeric" }).format(date);

test.describe("who may see /admin", () => {
  test("a visitor is sent to /login", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a subscriber sees 'Access Denied', on load and in the browser, and the user list is never requested", async ({ page, server, baseURL }) => {
    const adminCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/admin/")) adminCalls.push(request.url());
    });
    const member = seedUser(server);
    await signIn(page, baseURL, { email: member.email, password: member.password });

    const response = await openPage(page);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You do not have permission to access the admin dashboard.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toHaveCount(0);

    await page.getByRole("button", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    // Back to /admin without a page load: the loader runs in the browser this time.
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    expect(adminCalls).toEqual([]);
  });
});

test.describe("users", () => {
  test("the admin sees the title, every column, 'User Management (N users)', and each user's row", async ({ page, server, baseURL }) => {
    const member = seedUser(server, { firstName: "Quinn" });
    await signIn(page, baseURL);
    await openPage(page);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Manage users and subscriptions")).toBeVisible();
    await expect(page.getByRole("button", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");

    await expect(page.getByRole("heading", { name: `User Management (${await totalUsers(page)} users)` })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["Email", "First Name", "Last Name", "Phone", "Signup Date", "Type", "Status", "Actions"]);
    const row = userRow(page, member.email);
    for (const text of ["Quinn", "Traveler", signupDay(new Date()), "Paid"]) await expect(row).toContainText(text);
    await expect(statusOf(page, member.email)).toHaveText("Active");
    await expect(row.getByRole("button", { name: "Edit" })).toBeVisible();
    // Neither this member nor the admin has a Stripe subscription id: no Subscription menu on their rows.
    await expect(row.getByRole("button", { name: "Subscription" })).toHaveCount(0);
    await expect(userRow(page, ADMIN.email).getByRole("button", { name: "Subscription" })).toHaveCount(0);
  });

  test("an admin's user list is requested by the browser when the page is reached without a reload", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await openPage(page);
    const listCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/admin/users") listCalls.push(request.url());
    });
    await page.getByRole("button", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goBack();
    await expect(heading(page)).toBeVisible();
    expect(listCalls).toHaveLength(1);
  });

  test("the search filters by email, first name and last name as you type, with an empty state", async ({ page, server, baseURL }) => {
    const tag = Date.now().toString(36);
    const byEmail = seedUser(server, { email: uniqueEmail(`findme${tag}`), firstName: "Ann" });
    const byFirst = seedUser(server, { firstName: `Zelda${tag}` });
    const byLast = seedUser(server, { firstName: "Otto" });
    await signIn(page, baseURL);
    const renamed = await page.request.put(`/api/admin/users/${byLast.id}`, { data: { lastName: `Quarrington${tag}` }, headers: { origin: baseURL! } });
    expect(renamed.ok()).toBe(true);
    await openPage(page);

    const search = page.getByPlaceholder("Search by email, first name, or last name...");
    const rows = page.getByRole("table").getByRole("row");
    const expectOnly = async (email: string) => {
      await expect(page.getByRole("heading", { name: "User Management (1 users)" })).toBeVisible();
      await expect(rows).toHaveCount(2);
      await expect(userRow(page, email)).toBeVisible();
    };

    await search.pressSequentially(`findme${tag}`);
    await expectOnly(byEmail.email);
    await search.fill(`ZELDA${tag}`);
    await expectOnly(byFirst.email);
    await search.fill(`quarrington${tag}`);
    await expectOnly(byLast.email);

    await search.fill(`nobody-${tag}`);
    await expect(page.getByText(`No users match “nobody-${tag}”`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "User Management (0 users)" })).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(search).toHaveValue("");
    await expect(page.getByRole("heading", { name: `User Management (${await totalUsers(page)} users)` })).toBeVisible();
    for (const user of [byEmail, byFirst, byLast]) await expect(userRow(page, user.email)).toBeVisible();
  });

  test("the admin edits a user; the row shows what was saved, typed markup stays text, and a bad value shows the server's reason", async ({
    page,
    server,
    baseURL,
  }) => {
    const member = seedUser(server, { firstName: "Edie" });
    await signIn(page, baseURL);
    await openPage(page);

    await userRow(page, member.email).getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: `Edit User: ${member.email}` });
    await expect(dialog.getByLabel("First Name")).toHaveValue("Edie");
    await expect(dialog.getByLabel("Subscription Type")).toHaveValue("Paid");
    await expect(dialog.getByRole("button", { name: "Delete User" })).toBeVisible();
    await dialog.getByLabel("First Name").fill("<b>Edith</b>");
    await dialog.getByLabel("Last Name").fill("Nguyen");
    await dialog.getByLabel("Home Address").fill("12 Oak St\nDurham, NC");
    await dialog.getByLabel("Phone Number").fill("919-555-0142");
    await dialog.getByLabel("Subscription Type").selectOption("Free");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "User Updated");
    await expect(dialog).toBeHidden();

    const row = userRow(page, member.email);
    for (const text of ["<b>Edith</b>", "Nguyen", "919-555-0142", "Free"]) await expect(row).toContainText(text);
    await expect(row.locator("b")).toHaveCount(0);
    await page.reload();
    await expect(userRow(page, member.email)).toContainText("<b>Edith</b>");

    await openPage(page);
    await userRow(page, member.email).getByRole("button", { name: "Edit" }).click();
    await expect(dialog.getByLabel("Home Address")).toHaveValue("12 Oak St\nDurham, NC");
    await expect(dialog.getByLabel("Subscription Type")).toHaveValue("Free");
    await dialog.getByLabel("Phone Number").fill("call me maybe");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Update Failed", "Please enter a valid phone number.");
    await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid phone number.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(userRow(page, member.email)).toContainText("919-555-0142");
  });

  test("Pause Sub then Re-activate (from the keyboard) on a real test-billing subscriber", async ({ page, baseURL }) => {
    const email = await subscribeInBrowser(page);
    await signIn(page, baseURL);
    await openPage(page);
    const row = userRow(page, email);
    await expect(statusOf(page, email)).toHaveText("Active");

    await row.getByRole("button", { name: "Subscription" }).click();
    const menu = page.getByRole("menu", { name: `Subscription actions for ${email}` });
    await expect(menu.getByRole("menuitem")).toHaveText([/^Re-activate/, "Pause Sub", "Cancel Sub"]);
    await menu.getByRole("menuitem", { name: "Pause Sub" }).click();
    await expectToast(page, "User Updated", "Subscription paused");
    await expect(menu).toBeHidden();
    await expect(statusOf(page, email)).toHaveText("Paused");
    await expect(row).toContainText("Free");

    await row.getByRole("button", { name: "Subscription" }).focus();
    await page.keyboard.press("Enter");
    await expect(menu.getByRole("menuitem", { name: /^Re-activate/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expectToast(page, "Subscription Reactivated", "Billing resumed on the existing subscription.");
    await expect(statusOf(page, email)).toHaveText("Active");
    await expect(row).toContainText("Paid");
    await expect(row.getByRole("button", { name: "Subscription" })).toBeFocused();
  });

  test("Cancel Sub asks first; confirmed, the subscription ends, and Re-activate then starts a new one", async ({ page, baseURL }) => {
    const email = await subscribeInBrowser(page, "annual");
    await signIn(page, baseURL);
    await openPage(page);
    const row = userRow(page, email);
    const dialog = page.getByRole("dialog", { name: "Cancel Subscription?" });

    // The texts name the billing in use: this server runs test billing, not Stripe.
    await row.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("dialog", { name: `Edit User: ${email}` })).toContainText("Free pauses billing and access in test billing; Paid resumes them.");
    await page.keyboard.press("Escape");
    await row.getByRole("button", { name: "Subscription" }).click();
    await page.getByRole("menuitem", { name: "Cancel Sub" }).click();
    await expect(dialog).toContainText(email);
    await dialog.getByRole("button", { name: "Keep Subscription" }).click();
    await expect(dialog).toBeHidden();
    await expect(statusOf(page, email)).toHaveText("Active");

    await row.getByRole("button", { name: "Subscription" }).click();
    await page.getByRole("menuitem", { name: "Cancel Sub" }).click();
    await expect(dialog).toContainText("in test billing immediately");
    await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
    await expectToast(page, "Subscription Cancelled", `The subscription of ${email} has ended in test billing.`);
    await expect(dialog).toBeHidden();
    await expect(statusOf(page, email)).toHaveText("Cancelled");

    await row.getByRole("button", { name: "Subscription" }).click();
    await expect(page.getByRole("menuitem", { name: /^Cancel Sub/ })).toHaveAttribute("aria-disabled", "true");
    await page.getByRole("menuitem", { name: "Re-activate" }).click();
    await expectToast(page, "Subscription Reactivated", "a new one was started");
    await expect(statusOf(page, email)).toHaveText("Active");
  });

  test("Delete User asks 'Permanently Delete User?'; No keeps the user, 'Yes, Delete User' removes the row", async ({ page, server, baseURL }) => {
    const member = seedUser(server);
    await signIn(page, baseURL);
    await openPage(page);
    const before = await totalUsers(page);
    const edit = page.getByRole("dialog", { name: `Edit User: ${member.email}` });
    const confirm = page.getByRole("dialog", { name: "Permanently Delete User?" });

    await userRow(page, member.email).getByRole("button", { name: "Edit" }).click();
    await edit.getByRole("button", { name: "Delete User" }).click();
    await expect(confirm).toContainText(member.email);
    await confirm.getByRole("button", { name: "No" }).click();
    await expect(confirm).toBeHidden();
    await expect(edit).toBeVisible();

    await edit.getByRole("button", { name: "Delete User" }).click();
    await confirm.getByRole("button", { name: "Yes, Delete User" }).click();
    await expectToast(page, "User Deleted");
    await expect(confirm).toBeHidden();
    await expect(edit).toBeHidden();
    await expect(userRow(page, member.email)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: `User Management (${before - 1} users)` })).toBeVisible();
    await page.reload();
    await expect(heading(page)).toBeVisible();
    await expect(userRow(page, member.email)).toHaveCount(0);
  });

  test("the admin's own row offers no Delete User (the server refuses it anyway)", async ({ page, server, baseURL }) => {
    const member = seedUser(server);
    await signIn(page, baseURL);
    await openPage(page);
    await userRow(page, ADMIN.email).getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: `Edit User: ${ADMIN.email}` });
    await expect(edit.getByRole("button", { name: "Save Changes" })).toBeVisible();
    await expect(edit.getByRole("button", { name: "Delete User" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await userRow(page, member.email).getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("dialog", { name: `Edit User: ${member.email}` }).getByRole("button", { name: "Delete User" })).toBeVisible();
  });

  test("tabs follow the keyboard: arrows move between Users and Operations", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await openPage(page);
    const users = page.getByRole("tab", { name: "Users" });
    const operations = page.getByRole("tab", { name: "Operations" });
    await users.focus();
    await page.keyboard.press("ArrowRight");
    await expect(operations).toBeFocused();
    await expect(operations).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Operations" })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: "Users" })).toBeHidden();
    await page.keyboard.press("ArrowLeft");
    await expect(users).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "Users" })).toBeVisible();
  });
});

test.describe("operations", () => {
  test("shows subscriber counts, the landing page's contact message, and the audit log of what was just done", async ({ page, server, baseURL }) => {
    const subject = `Fares to Lisbon? ${Date.now()}`;
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Contact" }).click();
    const contact = page.getByRole("dialog", { name: "Contact Us" });
    await contact.getByLabel("Email").fill("visitor@example.com");
    await contact.getByLabel("Name").fill("Vera <i>Visitor</i>");
    await contact.getByLabel("Subject").fill(subject);
    await contact.getByLabel("Description").fill("Do you track fares to Lisbon?\nThanks!");
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Message Sent");

    const member = seedUser(server, { firstName: "Audra" });
    await signIn(page, baseURL);
    await openPage(page);
    await userRow(page, member.email).getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: `Edit User: ${member.email}` });
    await edit.getByLabel("First Name").fill("Audrey");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "User Updated");

    const panel = await openOperations(page);
    const overview = (await (await page.request.get("/api/admin/operations")).json()) as OperationsOverview;
    const subscribers = panel.getByRole("region", { name: "Subscribers", exact: true });
    await expect(subscribers.getByRole("definition").first()).toHaveText(String(overview.subscribers.total));
    await expect(subscribers.getByRole("table", { name: "By status" }).getByRole("row", { name: /Active/ })).toContainText(
      String(overview.subscribers.byStatus.Active),
    );
    await expect(subscribers).toContainText("Monthly recurring revenue");
    await expect(subscribers).toContainText(`$${overview.monthlyRecurringRevenue.toFixed(2)}`);

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

  test("shows a recorded fare scan: when, source, status, what it covered and found, its errors and quota", async ({ page, server, baseURL }) => {
    const scan = seedScan(server);
    await signIn(page, baseURL);
    await openPage(page);
    const scans = (await openOperations(page)).getByRole("region", { name: "Last fare scans", exact: true });
    await expect(scans).not.toContainText("No fare scans yet");
    // The boot scan may be in the table too; this row is the one just recorded.
    const row = scans.locator(`tr[data-scan-id="${scan.id}"]`);
    await expect(row).toBeVisible();
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
  });
});

test.describe("layout and accessibility", () => {
  test("on a phone the users are cards and neither tab scrolls sideways", async ({ page, server, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const member = seedUser(server);
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

  test("axe finds no serious accessibility violation on either tab or in the edit dialog", async ({ page, server, baseURL }) => {
    const member = seedUser(server);
    await signIn(page, baseURL);
    await openPage(page);
    await expectNoSeriousAxeViolations(page);
    await userRow(page, member.email).getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("dialog", { name: `Edit User: ${member.email}` })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press("Escape");
    await openOperations(page);
    await expectNoSeriousAxeViolations(page);
  });
});
