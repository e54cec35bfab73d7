/** /admin as the server sends it: who may see it, and the user table an admin gets with the page. */
import { describe, expect, test } from "bun:test";
import { renderPage, sessionCookie } from "../support/html.ts";
import { subscribe } from "../support/signup.ts";
import { createTestApp } from "../support/test-app.ts";
import { addMember } from "../support/world/world.ts";

const texts = (elements: { text: string }[]) => elements.map((element) => element.text);
/** The table breaks an address before its @ with a <wbr>, which the text of `select` shows as a space. */
const showsEmail = (element: { text: string }, email: string) => element.text.replaceAll(" @", "@").includes(email);

describe("/admin, server-rendered", () => {
  const t = createTestApp();

  async function adminCookie() {
    const admin = await addMember(t, { firstName: "Ada", type: "Free" });
    t.db.$client.query("UPDATE users SET is_admin = 1 WHERE id = $id").run({ id: admin.id });
    return { admin, cookie: sessionCookie(t, admin.id) };
  }

  test("a visitor is redirected to /login", async () => {
    const page = await renderPage(t, "/admin");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login");
  });

  test("a subscriber gets 'Access Denied' with status 403, a way home, and no user data", async () => {
    const member = await addMember(t, { firstName: "Mona" });
    const other = await addMember(t, { firstName: "Otis" });
    const page = await renderPage(t, "/admin", { cookie: sessionCookie(t, member.id) });
    expect(page.status).toBe(403);
    expect(page.title).toBe("Access Denied · GoRDU");
    expect(texts(await page.select("h1"))).toEqual(["Access Denied"]);
    expect(page.text).toContain("You do not have permission to access the admin dashboard.");
    expect((await page.select('a[role="button"]')).map((link) => [link.text, link.attributes.href])).toEqual([["Go to Home", "/"]]);
    expect(page.text).not.toContain("Admin Dashboard");
    // Nothing of the user list is in the page or its hydration data.
    expect(page.html).not.toContain(other.email);
  });

  test("an admin gets the title, the Users tab, 'User Management (N users)', every column and each user's row", async () => {
    const { admin, cookie } = await adminCookie();
    const member = await addMember(t, { firstName: "Quinn" });
    const total = t.db.$client.query("SELECT count(*) AS n FROM users").get() as { n: number };
    const page = await renderPage(t, "/admin", { cookie });
    expect(page.status).toBe(200);
    expect(page.title).toBe("Admin Dashboard · GoRDU");
    expect(texts(await page.select("h1"))).toEqual(["Admin Dashboard"]);
    expect(page.text).toContain("Manage users and subscriptions");
    expect((await page.select('a[role="button"]')).map((link) => [link.text, link.attributes.href])).toContainEqual(["Back to Dashboard", "/dashboard"]);
    const tabs = await page.select('[role="tab"]');
    expect(tabs.map((tab) => [tab.text, tab.attributes["aria-selected"]])).toEqual([
      ["Users", "true"],
      ["Operations", "false"],
    ]);

    expect(texts(await page.select("h2#user-management"))).toEqual([`User Management (${total.n} users)`]);
    expect(texts(await page.select("table.user-table th"))).toEqual(["Email", "First Name", "Last Name", "Phone", "Signup Date", "Type", "Status", "Actions"]);
    const rows = await page.select("table.user-table tbody tr");
    expect(rows).toHaveLength(total.n);
    const row = rows.find((each) => showsEmail(each, member.email))!;
    const signupDay = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "short", day: "numeric", year: "numeric" }).format(t.clock.now());
    for (const text of ["Quinn", "Traveler", signupDay, "Paid", "Monthly", "Active", "Edit"]) expect(row.text).toContain(text);
    expect(rows.find((each) => showsEmail(each, admin.email))!.text).toContain("You");
    // Neither this member nor the admin has a billing subscription: their rows offer Edit only.
    const actions = await page.select("table.user-table tbody td.cell-actions");
    expect(actions.map((cell) => cell.text)).toEqual(rows.map(() => "Edit"));
    expect(await page.select(`button[aria-label="Edit ${member.email}"]`)).toHaveLength(1);
  });

  test("markup typed into a user's fields is shown as text in the table", async () => {
    const { cookie } = await adminCookie();
    const member = await addMember(t, { firstName: "<b>Edith</b>" });
    const page = await renderPage(t, "/admin", { cookie });
    const row = (await page.select("table.user-table tbody tr")).find((each) => showsEmail(each, member.email))!;
    expect(row.text).toContain("<b>Edith</b>");
    expect(await page.select("table.user-table b")).toHaveLength(0);
  });

  test("a subscriber with a billing subscription has a Subscription menu next to Edit", async () => {
    const { cookie } = await adminCookie();
    await subscribe(t, "billed-admin-view@example.com", "monthly");
    const page = await renderPage(t, "/admin", { cookie });
    const rows = await page.select("table.user-table tbody tr");
    const index = rows.findIndex((each) => showsEmail(each, "billed-admin-view@example.com"));
    expect(rows[index]!.text).toContain("Trial to");
    const actions = await page.select("table.user-table tbody td.cell-actions");
    expect(actions[index]!.text).toStartWith("Edit Subscription");
    expect(texts(await page.select('[role="menu"][aria-label="Subscription actions for billed-admin-view@example.com"] [role="menuitem"]'))).toEqual([
      expect.stringMatching(/^Re-activate/),
      "Pause Sub",
      "Cancel Sub",
    ]);
  });
});
