/** Issue 45 (item 14): one logo on every page: the plane mark and the wordmark, as the way home at the top. */
import { describe, expect, test } from "bun:test";
import type { DealShare } from "../../src/domain/api/trips.ts";
import { renderPage, sessionCookie } from "../support/html.ts";
import { createTestApp, json } from "../support/test-app.ts";
import { addDeals, addMember, ONLY_SEEDED_DEALS } from "../support/world/world.ts";

const t = createTestApp();

/** A member with a shared deal, and an admin: the cookies and the shared page's path. */
async function world() {
  const member = await addMember(t, { preferences: ONLY_SEEDED_DEALS });
  const [dealId] = addDeals(t, member.id, { count: 1 });
  const cookie = sessionCookie(t, member.id);
  const share = await json<DealShare>(await t.request("POST", "/api/deal-shares", { cookie, body: { dealId } }));
  const admin = await addMember(t, { type: "Free" });
  t.db.$client.query("UPDATE users SET is_admin = 1 WHERE id = $id").run({ id: admin.id });
  return { member: cookie, admin: sessionCookie(t, admin.id), sharedPage: new URL(share.url).pathname };
}
const ready = world();

type Visit = { path: string; cookie?: string };

describe("one logo, linked home, on every page", () => {
  const visits: [name: string, visit: () => Promise<Visit>][] = [
    ["the landing page", async () => ({ path: "/" })],
    ["login", async () => ({ path: "/login" })],
    ["subscribe", async () => ({ path: "/subscribe" })],
    ["the method page", async () => ({ path: "/how-we-find-deals" })],
    ["a shared deal", async () => ({ path: (await ready).sharedPage })],
    ["the dashboard", async () => ({ path: "/dashboard", cookie: (await ready).member })],
    ["the admin page", async () => ({ path: "/admin", cookie: (await ready).admin })],
  ];
  for (const [name, visit] of visits) {
    test(`${name}: the plane mark and "GoRDU", in a link to /`, async () => {
      const { path, cookie } = await visit();
      const page = await renderPage(t, path, { cookie });
      expect(page.status).toBe(200);
      const home = await page.select('a[aria-label="GoRDU home"]');
      expect(home.map((link) => link.attributes.href)).toContain("/");
      const logos = await page.select('a[aria-label="GoRDU home"] > .logo');
      expect(logos.map((logo) => logo.text)).toContain("GoRDU");
      expect((await page.select('a[aria-label="GoRDU home"] > .logo > svg[aria-hidden="true"]')).length).toBeGreaterThan(0);
    });
  }
});
