/**
 * The public recent deals (issue 48, decision 134): deals found in the last 30 days, shown to anyone once they are
 * PUBLIC_DEALS_DELAY_HOURS old, with a deal's own facts only.
 */
import { describe, expect, test } from "bun:test";
import { DAY_MS, HOUR_MS } from "../../src/domain/calendar.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const ago = (t: TestApp, ms: number) => new Date(t.clock.now().getTime() - ms);

async function recent(t: TestApp, query = "") {
  const response = await t.request("GET", `/api/recent-deals${query}`);
  return { status: response.status, body: (await response.json()) as { deals: Record<string, unknown>[]; delayHours: number } };
}

describe("recent deals for visitors", () => {
  test("lists deals found 48 hours to 30 days ago, newest first: not a newer one members still have to themselves, nor an older one", async () => {
    const t = createTestApp();
    const tooNew = insertDeal(t, { destination: "BOS", firstFoundAt: ago(t, 47 * HOUR_MS) });
    const justOld = insertDeal(t, { destination: "LAX", firstFoundAt: ago(t, 49 * HOUR_MS) });
    const older = insertDeal(t, { destination: "MIA", firstFoundAt: ago(t, 20 * DAY_MS), isActive: false });
    insertDeal(t, { destination: "SEA", firstFoundAt: ago(t, 31 * DAY_MS) });
    const { status, body } = await recent(t);
    expect(status).toBe(200);
    expect(body.delayHours).toBe(48);
    expect(body.deals.map((deal) => deal.id)).toEqual([justOld.id, older.id]);
    expect(body.deals.map((deal) => deal.ended)).toEqual([false, true]);
    expect(body.deals.some((deal) => deal.id === tooNew.id)).toBe(false);
  });

  test("a deal carries its own facts and nothing else: no member, airline link or alert count", async () => {
    const t = createTestApp();
    insertDeal(t, { destination: "LAX", price: 199.4, percentBelowTypical: 47.6, firstFoundAt: ago(t, 3 * DAY_MS) });
    const [deal] = (await recent(t)).body.deals;
    expect(Object.keys(deal!).sort()).toEqual([
      "destination",
      "destinationCity",
      "ended",
      "foundOn",
      "id",
      "percentBelowTypical",
      "price",
      "travelDates",
      "tripType",
    ]);
    expect(deal).toMatchObject({
      destination: "LAX",
      destinationCity: "Los Angeles",
      price: 199,
      percentBelowTypical: 48,
      foundOn: "2026-11-19",
      tripType: "Round Trip",
    });
  });

  test("PUBLIC_DEALS_DELAY_HOURS sets the delay: 0 shows a deal as soon as it is found", async () => {
    const t = createTestApp({ PUBLIC_DEALS_DELAY_HOURS: "0" });
    const found = insertDeal(t, { firstFoundAt: t.clock.now() });
    const { body } = await recent(t);
    expect(body.delayHours).toBe(0);
    expect(body.deals.map((deal) => deal.id)).toEqual([found.id]);
  });

  test("limit is a whole number from 1 to 24; anything else answers 400", async () => {
    const t = createTestApp();
    for (let day = 3; day < 8; day++) insertDeal(t, { firstFoundAt: ago(t, day * DAY_MS) });
    expect((await recent(t, "?limit=2")).body.deals).toHaveLength(2);
    for (const bad of ["0", "25", "-1", "1.5", "abc", "1e1"]) expect((await recent(t, `?limit=${bad}`)).status).toBe(400);
  });

  test("one deal's page data: its facts and its fares drawn; 404 for a deal visitors may not see yet, an old one, or any other id", async () => {
    const t = createTestApp();
    const shown = insertDeal(t, { firstFoundAt: ago(t, 3 * DAY_MS) });
    const tooNew = insertDeal(t, { destination: "BOS", firstFoundAt: ago(t, HOUR_MS) });
    const old = insertDeal(t, { destination: "MIA", firstFoundAt: ago(t, 40 * DAY_MS) });
    const response = await t.request("GET", `/api/recent-deals/${shown.id}`);
    expect(response.status).toBe(200);
    const detail = (await response.json()) as { deal: { id: number }; example: unknown };
    expect(detail.deal.id).toBe(shown.id);
    // No fares of this route in the test world: too few days to draw.
    expect(detail.example).toBeNull();
    for (const id of [tooNew.id, old.id, 999_999, "abc", "0", "1.5"]) expect((await t.request("GET", `/api/recent-deals/${id}`)).status).toBe(404);
  });
});
