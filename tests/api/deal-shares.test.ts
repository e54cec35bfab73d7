import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { Value } from "@sinclair/typebox/value";
import { deals } from "../../db/schema.ts";
import { DealShare, SharedDeal } from "../../src/domain/api/trips.ts";
import { SHARES_PER_HOUR } from "../../src/server/trips/trips.routes.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { emailRenderers } from "../../src/server/jobs.ts";
import { deliverAllDueEmails } from "../../src/server/mail/outbox.ts";
import { openDatabase } from "../../db/client.ts";
import { OTHER_PROCESS_LAG_MS } from "../../src/server/deals/deal-list-cache.ts";
import { SharedDealVersions } from "../../src/server/trips/deal-shares.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, json, withFileDatabaseApp, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

async function member(t: TestApp, fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, fields);
  return { user, cookie: await signIn(t, user.email) };
}

async function share(t: TestApp, cookie: string, dealId: number): Promise<DealShare> {
  const response = await t.request("POST", "/api/deal-shares", { cookie, body: { dealId } });
  expect(response.status).toBe(200);
  const body = await json<DealShare>(response);
  expect(Value.Check(DealShare, body)).toBe(true);
  return body;
}

const pathOf = (url: string) => new URL(url).pathname;

describe("sharing a deal", () => {
  test("a member's link opens a public page with the deal, for a visitor who is not signed in", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t, { firstName: "Quintessa", lastName: "Marchbanks" });
    const deal = insertDeal(t, { destination: "LHR", price: 412, airline: "British Airways", nonstop: true });
    const link = await share(t, cookie, deal.id);
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/deals\/[a-z2-7]{26}$/);

    const data = await t.request("GET", `/api/shared-deals/${link.id}`);
    expect(data.status).toBe(200);
    const shared = await json<SharedDeal>(data);
    expect(Value.Check(SharedDeal, shared)).toBe(true);
    expect(shared).toMatchObject({
      destination: "LHR",
      destinationCity: "London (Heathrow)",
      price: 412,
      airline: "British Airways",
      nonstop: true,
      ended: false,
    });

    const page = await t.request("GET", pathOf(link.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("London");
    expect(html).toContain("$412");
    expect(html).toContain("48% below typical");
    expect(html).toContain('property="og:image"');
    expect(html).toContain(`${link.url}/image.png`);
    expect(html).toContain('name="twitter:card"');
    expect(html).toContain('href="/subscribe"');
    // Nothing about the member who shared it.
    for (const secret of ["Quintessa", "Marchbanks", user.email, user.unsubscribeToken]) expect(html).not.toContain(secret);
    const scriptSources = page.headers
      .get("content-security-policy")!
      .split(";")
      .find((part) => part.trim().startsWith("script-src"))!;
    expect(scriptSources).not.toContain("unsafe-inline");
  });

  test("sharing the same deal twice gives the same link; the member's list shows it", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    const deal = insertDeal(t);
    const first = await share(t, cookie, deal.id);
    const second = await share(t, cookie, deal.id);
    expect(second.id).toBe(first.id);
    const list = await json<DealShare[]>(await t.request("GET", "/api/deal-shares", { cookie }));
    expect(list.map((item) => item.id)).toEqual([first.id]);
  });

  test("the page says plainly when the deal has ended", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    const deal = insertDeal(t);
    const link = await share(t, cookie, deal.id);
    expect(await (await t.request("GET", pathOf(link.url))).text()).not.toContain("This deal has ended");

    t.db.update(deals).set({ isActive: false, expiredAt: t.clock.now(), expiredReason: "price rose" }).where(eq(deals.id, deal.id)).run();
    const html = await (await t.request("GET", pathOf(link.url))).text();
    expect(html).toContain("This deal has ended");
  });

  test("revoking stops the page, its data and its image at once, even when they were served before", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    const link = await share(t, cookie, insertDeal(t).id);
    expect((await t.request("GET", pathOf(link.url))).status).toBe(200);
    const image = await t.request("GET", `${pathOf(link.url)}/image.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    const revoked = await t.request("DELETE", `/api/deal-shares/${link.id}`, { cookie });
    expect(revoked.status).toBe(200);
    const page = await t.request("GET", pathOf(link.url));
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This link is no longer shared");
    expect((await t.request("GET", `/api/shared-deals/${link.id}`)).status).toBe(404);
    expect((await t.request("GET", `${pathOf(link.url)}/image.png`)).status).toBe(404);
    expect(await json(await t.request("GET", "/api/deal-shares", { cookie }))).toEqual([]);
  }, 30_000); // the first preview image a process draws loads its renderer (wasm and fonts) first

  test("another member's link cannot be revoked, and a deal outside the member's list cannot be shared: 404", async () => {
    const t = createTestApp();
    const owner = await member(t);
    const other = await member(t, { preferences: { destinations: ["CDG"], maxPrice: 500, nonstopOnly: false } });
    const deal = insertDeal(t, { destination: "LAX" });
    const link = await share(t, owner.cookie, deal.id);

    expect((await t.request("DELETE", `/api/deal-shares/${link.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request("GET", `/api/shared-deals/${link.id}`)).status).toBe(200);
    expect((await t.request("POST", "/api/deal-shares", { cookie: other.cookie, body: { dealId: deal.id } })).status).toBe(404);
    expect((await t.request("POST", "/api/deal-shares", { cookie: owner.cookie, body: { dealId: 999_999 } })).status).toBe(404);
  });

  test("signed out: 401; unknown fields: 400; unknown or malformed link: 404", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    const deal = insertDeal(t);
    expect((await t.request("POST", "/api/deal-shares", { body: { dealId: deal.id } })).status).toBe(401);
    expect((await t.request("GET", "/api/deal-shares")).status).toBe(401);
    expect((await t.request("POST", "/api/deal-shares", { cookie, body: { dealId: deal.id, userId: 1 } })).status).toBe(400);
    for (const id of ["aaaaaaaaaaaaaaaaaaaaaaaaaa", "x", "../etc"]) {
      expect((await t.request("GET", `/api/shared-deals/${id}`)).status).toBe(404);
      expect((await t.request("GET", `/deals/${id}`)).status).toBe(404);
    }
  });

  test("share links are limited per member and hour", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    const deal = insertDeal(t);
    for (let i = 0; i < SHARES_PER_HOUR; i++) expect((await t.request("POST", "/api/deal-shares", { cookie, body: { dealId: deal.id } })).status).toBe(200);
    const refused = await t.request("POST", "/api/deal-shares", { cookie, body: { dealId: deal.id } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
  });

  test("the alert email's Share link opens the deal on the dashboard, where it is shared", async () => {
    const t = createTestApp();
    const { user } = await member(t);
    const deal = insertDeal(t, { destination: "LHR" });
    await fanOutOwedDeals(t.deps);
    await deliverAllDueEmails({ ...t.deps, templates: emailRenderers(t.deps) });
    const [alert] = t.mailer.sent.filter((message) => message.to === user.email);
    const shareUrl = `http://localhost:3000/dashboard?share=${deal.id}`;
    expect(alert?.text).toContain(`Share with a travel partner: ${shareUrl}`);
    expect(alert?.html).toContain(`href="${shareUrl}"`);
  });
});

describe("the shared page's kept version (it answers at the speed of a static file)", () => {
  test("a write by this process counts at the next request; a commit by another process within a second", async () => {
    await withFileDatabaseApp(async (t, path) => {
      const { cookie } = await member(t);
      const deal = insertDeal(t);
      const link = await share(t, cookie, deal.id);
      let monotonicMs = 0;
      const versions = new SharedDealVersions(t.deps, () => monotonicMs);
      expect(versions.get(link.id)).toEndWith(":live");

      t.db.update(deals).set({ isActive: false }).where(eq(deals.id, deal.id)).run();
      expect(versions.get(link.id)).toEndWith(":ended");
      t.db.update(deals).set({ isActive: true }).where(eq(deals.id, deal.id)).run();
      expect(versions.get(link.id)).toEndWith(":live");

      const elsewhere = openDatabase(path);
      elsewhere.update(deals).set({ isActive: false }).where(eq(deals.id, deal.id)).run();
      elsewhere.$client.query("DELETE FROM deal_shares WHERE id = ?").run(link.id);
      elsewhere.$client.close();
      monotonicMs += OTHER_PROCESS_LAG_MS;
      expect(versions.get(link.id)).toBeNull();
    });
  });
});
