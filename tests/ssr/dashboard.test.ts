/** A member's dashboard as the server sends it: what the first paint shows before any script runs. */
import { describe, expect, spyOn, test } from "bun:test";
import { fareScans } from "../../db/schema.ts";
import * as sessions from "../../src/server/auth/sessions.ts";
import { insertDeal } from "../support/deals.ts";
import { renderPage, sessionCookie } from "../support/html.ts";
import { createTestApp } from "../support/test-app.ts";
import { seedDealAt } from "../support/world/seed-deals-data.ts";
import { addDeals, addMember, ONLY_SEEDED_DEALS } from "../support/world/world.ts";

const t = createTestApp();

const money = (amount: number) => `$${amount.toLocaleString("en-US")}`;
const texts = (elements: { text: string }[]) => elements.map((element) => element.text);

/** The deals `addDeals(t, …, { count })` wrote, in list order (newest first). */
function seededList(count: number) {
  const now = t.clock.now();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Array.from({ length: count }, (_, i) => seedDealAt(i, count, today));
}

/** A member whose list holds exactly the seeded deals, and their dashboard's first paint. */
async function dashboardWithDeals(deals: { count: number; newCount?: number; ended?: number }) {
  const member = await addMember(t, { preferences: ONLY_SEEDED_DEALS });
  const ids = addDeals(t, member.id, deals);
  const cookie = sessionCookie(t, member.id);
  return { member, ids, cookie, page: await renderPage(t, "/dashboard", { cookie }) };
}

describe("the deals dashboard, server-rendered", () => {
  test("35 deals: the newest ten, all NEW, with the counts and the page-size buttons Show 20, Show 30 and Show all 35", async () => {
    const { ids, page } = await dashboardWithDeals({ count: 35 });
    const deals = seededList(35);
    expect(page.status).toBe(200);
    expect(page.title).toBe("Your deals · GoRDU");
    expect(texts(await page.select(".deals-hero-summary"))).toEqual(["35 deals in your list · 35 new · refreshed automatically"]);

    const rows = await page.select(".deals-table tbody tr");
    expect(rows.map((row) => Number(row.attributes["data-deal-id"]))).toEqual(ids.slice(0, 10));
    expect(texts(await page.select(".deals-table tbody tr .col-price strong"))[0]).toBe(money(deals[0]!.price));
    for (const row of rows) expect(row.text).toStartWith("NEW");

    expect(texts(await page.select(".page-size-count"))).toEqual(["Showing 10 of 35 deals"]);
    expect(texts(await page.select('[role="group"][aria-label="Deals per page"] button'))).toEqual(["Show 20", "Show 30", "Show all 35"]);
  });

  test("travel dates name their year when it is not this year, in the table and on the phone cards", async () => {
    const member = await addMember(t);
    const nextYear = insertDeal(t, { destination: "SEA", departDate: "2027-04-09", returnDate: "2027-04-11" });
    const thisYear = insertDeal(t, { destination: "SEA", departDate: "2026-12-04", returnDate: "2026-12-06" });
    const page = await renderPage(t, "/dashboard", { cookie: sessionCookie(t, member.id) });
    const cells = async (id: number) => (await page.select(`.deals-table tr[data-deal-id="${id}"] .col-dates span`)).map((span) => span.text);
    expect(await cells(nextYear.id)).toEqual(["Fri, Apr 9", "Sun, Apr 11, 2027"]);
    expect(await cells(thisYear.id)).toEqual(["Fri, Dec 4", "Sun, Dec 6"]);
    const card = async (id: number) => texts(await page.select(`.deal-card-wrap[data-deal-id="${id}"] .deal-card-meta > span:first-child`));
    expect(await card(nextYear.id)).toEqual(["Fri, Apr 9 - Sun, Apr 11, 2027"]);
    expect(await card(thisYear.id)).toEqual(["Fri, Dec 4 - Sun, Dec 6"]);
  });

  test("ten deals or fewer: no page-size buttons", async () => {
    const { page } = await dashboardWithDeals({ count: 10 });
    expect(await page.select(".deals-table tbody tr")).toHaveLength(10);
    expect(await page.select('[aria-label="Deals per page"]')).toHaveLength(0);
  });

  test("an empty list says so", async () => {
    const { page } = await dashboardWithDeals({ count: 0 });
    expect(texts(await page.select(".deals-empty p"))).toEqual(["No new flight deals available", "New deals from RDU will appear here when found"]);
    expect(await page.select(".deals-table")).toHaveLength(0);
  });

  test("an empty list while a fresh install's first scan runs says so, busy, instead of 'No new flight deals available'", async () => {
    const fresh = createTestApp();
    fresh.db.insert(fareScans).values({ source: "simulated", status: "running", startedAt: fresh.clock.now() }).run();
    const member = await addMember(fresh, { preferences: ONLY_SEEDED_DEALS });
    const page = await renderPage(fresh, "/dashboard", { cookie: sessionCookie(fresh, member.id) });
    const [empty] = await page.select(".deals-empty");
    expect(empty!.attributes.role).toBe("status");
    expect((await page.select(".deals-empty-title"))[0]!.attributes["aria-busy"]).toBe("true");
    expect(texts(await page.select(".deals-empty p"))).toEqual([
      "Looking for your first deals",
      "GoRDU is checking fares from RDU for the first time. Deals appear here as soon as that ends, usually within a minute.",
    ]);
    expect(page.text).not.toContain("No new flight deals available");
  });

  test("viewed deals carry no NEW badge, ended deals say Ended, in the table and on the phone cards", async () => {
    const { page } = await dashboardWithDeals({ count: 6, newCount: 2, ended: 2 });
    const rows = await page.select(".deals-table tbody tr");
    expect(rows.map((row) => row.attributes.class)).toEqual([
      "deal-row is-new",
      "deal-row is-new",
      "deal-row is-viewed",
      "deal-row is-viewed",
      "deal-row is-ended",
      "deal-row is-ended",
    ]);
    expect(texts(await page.select(".deals-table tbody tr td:nth-child(2)"))).toEqual(["NEW", "NEW", "—Viewed", "—Viewed", "Ended", "Ended"]);
    expect((await page.select(".deals-phone .badge-new")).length).toBe(2);
    expect(texts(await page.select(".deals-phone .status-ended"))).toEqual(["Ended", "Ended"]);
  });

  test("each deal is also a phone card with its airline, price, destination and whether it is nonstop", async () => {
    const { ids, page } = await dashboardWithDeals({ count: 4 });
    const deals = seededList(4);
    const cards = await page.select('ul[aria-label="Flight deals"] > li');
    expect(cards.map((card) => Number(card.attributes["data-deal-id"]))).toEqual(ids);
    const boston = deals[1]!;
    expect(boston.destination).toBe("BOS");
    for (const text of [boston.airline, money(boston.price), "BOS Boston", "Nonstop"]) expect(cards[1]!.text).toContain(text);
    expect(cards[2]!.text).toContain("Connecting");
  });

  test("the Nonstop column's sort button is described by its tooltip; each destination's city is in its cell for a screen reader", async () => {
    const { page } = await dashboardWithDeals({ count: 2 });
    const [sortButton] = await page.select("th button[aria-describedby]");
    expect(sortButton!.text).toStartWith("Nonstop");
    const [description] = await page.select(`[id="${sortButton!.attributes["aria-describedby"]}"]`);
    expect(description!.text).toBe("Sorts No before Yes; click again for nonstop flights first.");
    expect(texts(await page.select(".deals-table tbody tr td:nth-child(4)"))[0]).toBe("LAX, Los Angeles");
  });

  test("the region toggle counts the deals of each region, All pressed", async () => {
    const { page } = await dashboardWithDeals({ count: 12 });
    const buttons = await page.select('[role="group"][aria-label="Region"] button');
    expect(buttons.map((button) => [button.text, button.attributes["aria-pressed"]])).toEqual([
      ["All12", "true"],
      ["Domestic8", "false"],
      ["International4", "false"],
    ]);
  });

  test("a window the member saved badges the deals that fit it; snoozed destinations are listed in the alerts card", async () => {
    const { cookie } = await dashboardWithDeals({ count: 3 });
    const deals = seededList(3);
    const window = {
      name: "Early December",
      startDate: deals[0]!.departDate,
      endDate: deals[0]!.returnDate,
      minNights: null,
      maxNights: null,
      needsWeekend: false,
    };
    expect((await t.request("POST", "/api/travel-windows", { cookie, body: window })).status).toBe(200);
    expect((await t.request("POST", "/api/snoozes", { cookie, body: { destination: "MCO" } })).status).toBe(200);

    const page = await renderPage(t, "/dashboard", { cookie });
    const rows = await page.select(".deals-table tbody tr");
    expect(rows[0]!.text).toContain("Fits: Early December");
    expect(rows[1]!.text).not.toContain("Fits:");
    expect(texts(await page.select('ul[aria-label="Your travel windows"] strong'))).toContain("Early December");
    expect(texts(await page.select('ul[aria-label="Snoozed destinations"] strong'))).toEqual(["Orlando (MCO)"]);
  });
});

describe("a member without access, server-rendered", () => {
  test("a paused subscriber is told why instead of seeing deals, and the alerts switch is off limits, saying why", async () => {
    const paused = await addMember(t, { status: "Paused", type: "Free" });
    const page = await renderPage(t, "/dashboard", { cookie: sessionCookie(t, paused.id) });
    expect(texts(await page.select("h2"))).toContain("Your flight deals are on hold");
    expect(texts(await page.select(".deals-locked p"))[0]).toStartWith("Your subscription is paused, so flight deals are hidden and no alerts are sent.");
    expect(texts(await page.select("h2"))).not.toContain("My Flight Deals");
    expect(await page.select(".deals-table")).toHaveLength(0);

    const [alertsSwitch] = await page.select('.deals-locked input[role="switch"]');
    expect(alertsSwitch!.attributes.disabled).toBeDefined();
    const [why] = await page.select(`[id="${alertsSwitch!.attributes["aria-describedby"]}"]`);
    expect(why!.text).toBe("No alerts are sent while your subscription is paused.");
  });
});

describe("one dashboard render, one session check", () => {
  test("the root and dashboard loaders both ask who is signed in: /api/me is answered once and the session validated once", async () => {
    const member = await addMember(t, { preferences: ONLY_SEEDED_DEALS });
    addDeals(t, member.id, { count: 3 });
    const cookie = sessionCookie(t, member.id);
    const handle = spyOn(t.app, "handle");
    const validate = spyOn(sessions, "validateSessionToken");
    try {
      const page = await renderPage(t, "/dashboard", { cookie });
      expect(page.status).toBe(200);
      expect(await page.select(".deals-table tbody tr")).toHaveLength(3);
      const asked = handle.mock.calls.map(([request]) => new URL(request.url).pathname);
      expect(asked.filter((path) => path === "/api/me")).toHaveLength(1);
      expect(asked).toContain("/api/flight-deals");
      expect(validate).toHaveBeenCalledTimes(1);
    } finally {
      handle.mockRestore();
      validate.mockRestore();
    }
  });
});

describe("the shared session of a render, attacked", () => {
  test("a cookie whose session was signed out renders no member's page: the visitor is sent to /login", async () => {
    const member = await addMember(t, { preferences: ONLY_SEEDED_DEALS });
    const cookie = sessionCookie(t, member.id);
    t.db.$client.query("DELETE FROM sessions WHERE user_id = ?").run(member.id);
    const page = await renderPage(t, "/dashboard", { cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login");
  });

  test("20 dashboards rendered at once for two members: each page shows only its own member", async () => {
    const ada = await addMember(t, { firstName: "Ada", preferences: ONLY_SEEDED_DEALS });
    const bo = await addMember(t, { firstName: "Bo", preferences: ONLY_SEEDED_DEALS });
    const cookies = [sessionCookie(t, ada.id), sessionCookie(t, bo.id)];
    const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => renderPage(t, "/dashboard", { cookie: cookies[i % 2] })));
    pages.forEach((page, i) => {
      expect(page.status).toBe(200);
      expect(page.html).toContain(i % 2 === 0 ? ada.email : bo.email);
      expect(page.html).not.toContain(i % 2 === 0 ? bo.email : ada.email);
    });
  });
});
