import { ADMIN, expect, expectToast, test } from "./support/fixtures.ts";
import { seedUser, signIn as signInMember, uniqueEmail } from "./support/world.ts";
import { subscribeThroughApi } from "./support/subscribe.ts";
import { heading, openPage, signIn, statusOf, totalUsers, userRow } from "./support/admin-page.ts";

test.describe("who may see /admin", () => {
  test("a subscriber's browser reaching /admin without a page load gets 'Access Denied' too, and never requests the user list", async ({ page, server }) => {
    const adminCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/admin/")) adminCalls.push(request.url());
    });
    await signInMember(page, server, await seedUser(server));
    await openPage(page);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();

    await page.getByRole("button", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    // Back to /admin without a page load: the loader runs in the browser this time.
    await page.goBack();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You do not have permission to access the admin dashboard.")).toBeVisible();
    expect(adminCalls).toEqual([]);
  });
});

test.describe("users", () => {
  test("the search filters by email, first name and last name as you type, with an empty state", async ({ page, server, baseURL }) => {
    const tag = Date.now().toString(36);
    const byEmail = await seedUser(server, { email: uniqueEmail(`findme${tag}`), firstName: "Ann" });
    const byFirst = await seedUser(server, { firstName: `Zelda${tag}` });
    const byLast = await seedUser(server, { firstName: "Otto" });
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
    const member = await seedUser(server, { firstName: "Edie" });
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

  test("Pause Sub then Re-activate (from the keyboard) on a real test-billing subscriber", async ({ page, server, mail, baseURL }) => {
    const email = await subscribeThroughApi(page.request, { server, mail });
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

  test("Cancel Sub asks first; confirmed, the subscription ends, and Re-activate then starts a new one", async ({ page, server, mail, baseURL }) => {
    const email = await subscribeThroughApi(page.request, { server, mail }, { plan: "annual" });
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

  test("Delete User asks 'Permanently Delete User?'; No keeps the user, 'Yes, Delete User' removes the row, also when the browser requests the list again; the admin's own row offers no Delete User", async ({
    page,
    server,
    baseURL,
  }) => {
    const member = await seedUser(server);
    await signIn(page, baseURL);
    await openPage(page);
    const before = await totalUsers(page);

    // The server refuses to delete the admin anyway (tests/api/admin.test.ts); the dialog does not offer it.
    await userRow(page, ADMIN.email).getByRole("button", { name: "Edit" }).click();
    const own = page.getByRole("dialog", { name: `Edit User: ${ADMIN.email}` });
    await expect(own.getByRole("button", { name: "Save Changes" })).toBeVisible();
    await expect(own.getByRole("button", { name: "Delete User" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

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

    // Back to /admin without a page load: the browser requests the list again, and the user is gone from the server's.
    const listCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/admin/users") listCalls.push(request.url());
    });
    await page.getByRole("button", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goBack();
    await expect(heading(page)).toBeVisible();
    await expect(userRow(page, ADMIN.email)).toBeVisible();
    await expect(userRow(page, member.email)).toHaveCount(0);
    expect(listCalls).toHaveLength(1);
  });
});
