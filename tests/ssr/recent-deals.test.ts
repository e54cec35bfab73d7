/**
 * The recent deals visitors see (issue 48, decision 134) as the server sends them: a section of the landing page,
 * the page /deals, and a deal's own page with the prices it beat; kept for visitors until what they show changes.
 */
import { describe, expect, test } from "bun:test";
import { DAY_MS, HOUR_MS } from "../../src/domain/calendar.ts";
import { insertDeal } from "../support/deals.ts";
import { renderPage } from "../support/html.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const ago = (t: TestApp, ms: number) => new Date(t.clock.now().getTime() - ms);
const cardLinks = async (t: TestApp, path: string) => (await (await renderPage(t, path)).select(".recent-deals a")).map((link) => link.attributes.href);

describe("recent deals, server-rendered", () => {
  test("the landing page shows the newest six, each linking to its page, and a link to all of them", async () => {
    const t = createTestApp();
    const found = Array.from({ length: 8 }, (_, i) => insertDeal(t, { firstFoundAt: ago(t, (3 + i) * DAY_MS) }));
    insertDeal(t, { destination: "BOS", firstFoundAt: ago(t, HOUR_MS) });
    const page = await renderPage(t, "/");
    expect(page.status).toBe(200);
    expect((await page.select("#recent-deals h2")).map((h) => h.text)).toEqual(["Deals We Found Recently"]);
    expect(await cardLinks(t, "/")).toEqual(found.slice(0, 6).map((deal) => `/deals/found/${deal.id}`));
    expect((await page.select(".recent-deals-more a")).map((a) => [a.attributes.href, a.text])).toEqual([["/deals", "See all 8 recent deals"]]);
    const [card] = await page.select(".recent-deal");
    expect(card!.text).toContain("Los Angeles");
    expect(card!.text).toContain("$199");
    expect(card!.text).toContain("48% below typical");
    expect(card!.text).toContain("Found Nov 19");
  });

  test("with no deal old enough yet, the landing page says when deals show there instead of an empty list", async () => {
    const t = createTestApp();
    insertDeal(t, { firstFoundAt: ago(t, HOUR_MS) });
    const page = await renderPage(t, "/");
    expect(await page.select(".recent-deals")).toEqual([]);
    expect((await page.select("#recent-deals p.muted")).map((p) => p.text)).toEqual([
      "Deals show here 48 hours after members get them, for 30 days. None has come of age yet: our scans are still finding the first ones.",
    ]);
  });

  test("/deals lists every recent deal, is indexable and has its own canonical address", async () => {
    const t = createTestApp();
    const found = Array.from({ length: 8 }, (_, i) => insertDeal(t, { firstFoundAt: ago(t, (3 + i) * DAY_MS) }));
    const page = await renderPage(t, "/deals");
    expect(page.status).toBe(200);
    expect(page.title).toBe("Recent flight deals from RDU · GoRDU");
    expect(await cardLinks(t, "/deals")).toEqual(found.map((deal) => `/deals/found/${deal.id}`));
    expect((await page.select('link[rel="canonical"]'))[0]?.attributes.href).toBe("http://localhost:3000/deals");
    expect(await page.meta("robots")).toBeNull();
  });

  test("a deal's page shows its facts; one visitors may not see yet is a 404 page that points to the list", async () => {
    const t = createTestApp();
    const shown = insertDeal(t, { destination: "LAX", firstFoundAt: ago(t, 3 * DAY_MS), isActive: false });
    const tooNew = insertDeal(t, { destination: "BOS", firstFoundAt: ago(t, HOUR_MS) });
    const page = await renderPage(t, `/deals/found/${shown.id}`);
    expect(page.status).toBe(200);
    expect((await page.select("h1")).map((h) => h.text)).toEqual(["Los Angeles"]);
    expect(page.text).toContain("This fare has ended");
    expect((await page.select("#recent-deal-history")).map((h) => h.text)).toEqual(["The prices it beat"]);
    const missing = await renderPage(t, `/deals/found/${tooNew.id}`);
    expect(missing.status).toBe(404);
    expect((await missing.select("h1")).map((h) => h.text)).toEqual(["This deal is not one we show"]);
    expect(missing.text).not.toContain("Boston");
  });

  test("the landing page a visitor gets is kept, and renewed when a deal comes of age or the database changes", async () => {
    const t = createTestApp();
    const first = insertDeal(t, { firstFoundAt: ago(t, 3 * DAY_MS) });
    expect(await cardLinks(t, "/")).toEqual([`/deals/found/${first.id}`]);
    // Found 47 hours ago: the next hour makes it 48 hours old.
    const next = insertDeal(t, { destination: "BOS", firstFoundAt: ago(t, 47 * HOUR_MS) });
    expect(await cardLinks(t, "/")).toEqual([`/deals/found/${first.id}`]);
    t.clock.advance(HOUR_MS);
    expect(await cardLinks(t, "/")).toEqual([`/deals/found/${next.id}`, `/deals/found/${first.id}`]);
  });
});
