import { describe, expect, test } from "bun:test";
import { emailOutbox } from "../../db/schema.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app.ts";
import { createUser, reloadUser } from "../support/users.ts";

/** What Gmail or Outlook send for RFC 8058 one-click: a server-side POST with no Origin header. */
function oneClickPost(t: TestApp, token: string) {
  return t.app.handle(
    new Request(`${TEST_ORIGIN}/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    }),
  );
}

describe("the unsubscribe link of alert emails", () => {
  test("GET shows a confirmation and changes nothing", async () => {
    const t = createTestApp();
    const user = await createUser(t, { email: "ana.lopez@example.com" });
    const response = await t.request("GET", `/unsubscribe?token=${user.unsubscribeToken}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const page = await response.text();
    expect(page).toContain("Stop deal alert emails?");
    expect(page).toContain("a•••@example.com");
    expect(page).not.toContain("ana.lopez");
    expect(page).toContain(`action="http://localhost:3000/unsubscribe?token=${user.unsubscribeToken}"`);
    expect(reloadUser(t, user.id).emailAlerts).toBe(true);
  });

  test("a one-click POST from a mail provider turns alerts off without an Origin header", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const response = await oneClickPost(t, user.unsubscribeToken);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("We won't send deal alerts");
    expect(reloadUser(t, user.id).emailAlerts).toBe(false);
  });

  test("the confirmation page's button does the same", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const response = await t.request("POST", `/unsubscribe?token=${user.unsubscribeToken}`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(reloadUser(t, user.id).emailAlerts).toBe(false);
    expect(await (await t.request("GET", `/unsubscribe?token=${user.unsubscribeToken}`)).text()).toContain("We won't send deal alerts");
  });

  test.each(["", "?token=", "?token=nottherightone2345", "?token=%3Cscript%3E"])("an invalid link (%s) answers 404 and changes nothing", async (query) => {
    const t = createTestApp();
    const user = await createUser(t);
    expect((await t.request("GET", `/unsubscribe${query}`)).status).toBe(404);
    const post = await t.request("POST", `/unsubscribe${query}`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(404);
    expect(await post.text()).not.toContain("<script>");
    expect(reloadUser(t, user.id).emailAlerts).toBe(true);
  });

  test("after unsubscribing, deals still reach the dashboard but no alert is queued", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    await oneClickPost(t, user.unsubscribeToken);
    insertDeal(t);
    const result = await fanOutOwedDeals(t.deps);
    expect(result.matches).toBe(1);
    expect(t.db.select().from(emailOutbox).all()).toEqual([]);
  });
});
