/** The public page of a shared deal as the server sends it: what a visitor and a link preview read, live, ended and revoked. */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import type { DealShare } from "../../src/domain/api/trips.ts";
import { sharedDealPicture } from "../../src/server/trips/deal-shares.ts";
import { insertDeal } from "../support/deals.ts";
import { renderPage, sessionCookie } from "../support/html.ts";
import { createTestApp, json } from "../support/test-app.ts";
import { seedDealAt } from "../support/world/seed-deals-data.ts";
import { addDeals, addMember, endDeal, ONLY_SEEDED_DEALS } from "../support/world/world.ts";

const t = createTestApp();

const money = (amount: number) => `$${amount.toLocaleString("en-US")}`;
const texts = (elements: { text: string }[]) => elements.map((element) => element.text);

/** A member shares the first of their two seeded deals (Delta to Los Angeles); returns the link, its path and the deal. */
async function sharedDeal() {
  const member = await addMember(t, { firstName: "Quintessa", preferences: ONLY_SEEDED_DEALS });
  const [dealId] = addDeals(t, member.id, { count: 2 });
  const cookie = sessionCookie(t, member.id);
  const response = await t.request("POST", "/api/deal-shares", { cookie, body: { dealId } });
  expect(response.status).toBe(200);
  const share = await json<DealShare>(response);
  const now = t.clock.now();
  const deal = seedDealAt(0, 2, new Date(now.getFullYear(), now.getMonth(), now.getDate()));
  return { share, path: new URL(share.url).pathname, dealId: dealId!, deal, cookie };
}

describe("a shared deal's public page, server-rendered", () => {
  test("live: the route, the price and an invitation to subscribe, with the link-preview tags naming the deal and its image", async () => {
    const { share, path, deal } = await sharedDeal();
    const page = await renderPage(t, path);
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${money(deal.price)} to Los Angeles (LAX) · GoRDU`);
    const [route] = await page.select(".shared-deal-route");
    expect(route!.text).toStartWith("RDU");
    expect(route!.text).toEndWith("to LAX");
    expect(texts(await page.select(".shared-deal h1"))).toEqual(["Los Angeles"]);
    expect(texts(await page.select(".shared-deal-price strong"))).toEqual([money(deal.price)]);
    expect(await page.select(".shared-deal-ended")).toHaveLength(0);
    expect((await page.select('a[role="button"][href="/subscribe"]')).map((link) => link.text)).toEqual(["Subscribe"]);
    expect(page.text).not.toContain("Quintessa");
    // Delta has no search page we can fill in: one primary action (Google Flights' search for Delta) and Delta's own
    // site, not a second Google Flights button (decision 108).
    const booking = await page.select(".shared-deal-book a");
    expect(texts(booking)).toEqual(["Search Delta on Google Flights", "Visit delta.com"]);
    expect(booking.map((link) => link.attributes.class ?? "")).toEqual(["", "secondary outline"]);
    expect(booking[1]!.attributes.href).toBe("https://www.delta.com/");

    expect(await page.meta("og:title")).toBe(`${money(deal.price)} to Los Angeles (LAX)`);
    expect(await page.meta("og:url")).toBe(share.url);
    expect(await page.meta("og:image")).toBe(`${share.url}/image.png`);
    expect(await page.meta("og:description")).toContain(`${deal.percentBelowTypical}% below the typical`);
    expect(await page.meta("twitter:card")).toBe("summary_large_image");
  });

  test("a trip next year says its year on the page, in the link preview's words and picture; 'last checked' names its zone", async () => {
    const member = await addMember(t);
    const deal = insertDeal(t, { destination: "LAX", departDate: "2027-04-09", returnDate: "2027-04-11" });
    const cookie = sessionCookie(t, member.id);
    const share = await json<DealShare>(await t.request("POST", "/api/deal-shares", { cookie, body: { dealId: deal.id } }));
    expect(share.travelDates).toBe("Fri, Apr 9 - Sun, Apr 11, 2027");
    const path = new URL(share.url).pathname;

    const page = await renderPage(t, path);
    expect(texts(await page.select(".shared-deal-dates"))).toEqual(["Fri, Apr 9 - Sun, Apr 11, 2027"]);
    expect(await page.meta("og:description")).toContain("Los Angeles, Fri, Apr 9 - Sun, Apr 11, 2027:");
    expect(sharedDealPicture(t.deps, share.id)?.travelDates).toBe("Fri, Apr 9 - Sun, Apr 11, 2027");
    // A visitor reads RDU's time, named; the test clock is 10 am EST on Sun 22 Nov.
    expect(texts(await page.select(".shared-deal-facts time"))).toEqual(["Sun, Nov 22, 10:00 am EST"]);

    // A signed-in member reads their own zone.
    t.db.update(users).set({ timeZone: "America/Los_Angeles" }).where(eq(users.id, member.id)).run();
    const own = await renderPage(t, path, { cookie });
    expect(texts(await own.select(".shared-deal-facts time"))).toEqual(["Sun, Nov 22, 7:00 am PST"]);
  });

  test("ended: the page says so plainly", async () => {
    const { path, dealId } = await sharedDeal();
    endDeal(t, dealId);
    const page = await renderPage(t, path);
    expect(page.status).toBe(200);
    expect(texts(await page.select('.shared-deal [role="status"]'))).toEqual([
      "This deal has ended. The fare is no longer available; today's price may be higher.",
    ]);
    expect(await page.meta("og:description")).toBe("This fare from RDU to Los Angeles has ended.");
  });

  test("revoked: 404, 'This link is no longer shared', and the invitation to subscribe", async () => {
    const { share, path, cookie } = await sharedDeal();
    expect((await t.request("DELETE", `/api/deal-shares/${share.id}`, { cookie })).status).toBe(200);
    const page = await renderPage(t, path);
    expect(page.status).toBe(404);
    expect(page.title).toBe("No longer shared · GoRDU");
    expect(texts(await page.select("h1"))).toEqual(["This link is no longer shared"]);
    expect(await page.select('a[role="button"][href="/subscribe"]')).toHaveLength(1);
    expect(await page.meta("og:image")).toBeNull();
  });
});
