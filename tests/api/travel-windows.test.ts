import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema.ts";
import type { AlertsOverview, TravelWindow } from "../../src/domain/api/alerts.ts";
import type { FlightDeal } from "../../src/domain/api/deals.ts";
import { addDays } from "../../src/domain/calendar.ts";
import { fitsTravelWindow, type TravelWindowRule } from "../../src/domain/travel-windows.ts";
import { DEAL_ALERT_KIND, type DealAlertPayload } from "../../src/server/alerts/alert-queue.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { FITS_WINDOW_SQL } from "../../src/server/deals/matching-sql.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, json, migratedMemoryDb, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

const window = (fields: Partial<TravelWindowRule> = {}): TravelWindowRule => ({
  startDate: "2026-11-21",
  endDate: "2026-11-29",
  minNights: null,
  maxNights: null,
  needsWeekend: false,
  ...fields,
});

const THANKSGIVING = { name: "Thanksgiving week", startDate: "2026-11-21", endDate: "2026-11-29", minNights: null, maxNights: null, needsWeekend: false };

async function member(t: TestApp, fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, fields);
  return { user, cookie: await signIn(t, user.email) };
}

/** Deal ids each subscriber's queued alerts announce. */
function alertedDealIds(t: TestApp, userId: number): number[] {
  return t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, DEAL_ALERT_KIND))
    .all()
    .map((row) => row.payload as unknown as DealAlertPayload)
    .filter((payload) => payload.userId === userId)
    .flatMap((payload) => payload.deals.map(([id]) => id))
    .sort((a, b) => a - b);
}

describe("the travel-window rule in SQL", () => {
  test("the SQL rule the fan-out and the deal list use agrees with fitsTravelWindow", () => {
    const db = migratedMemoryDb();
    const query = db.$client.query(`SELECT ${FITS_WINDOW_SQL} AS fits FROM (SELECT $depart AS depart_date, $return AS return_date) d,
      (SELECT $start AS start_date, $end AS end_date, $min AS min_nights, $max AS max_nights, $weekend AS needs_weekend) tw`);
    const day = fc.integer({ min: 0, max: 60 }).map((n) => addDays("2026-11-01", n));
    const nights = fc.option(fc.integer({ min: 0, max: 14 }), { nil: null });
    fc.assert(
      fc.property(
        day,
        fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
        day,
        fc.integer({ min: 0, max: 30 }),
        nights,
        nights,
        fc.boolean(),
        (depart, length, start, span, min, max, weekend) => {
          const returnDate = length === null ? "" : addDays(depart, length);
          const rule = window({ startDate: start, endDate: addDays(start, span), minNights: min, maxNights: max, needsWeekend: weekend });
          const row = query.get({
            depart,
            return: returnDate,
            start: rule.startDate,
            end: rule.endDate,
            min: rule.minNights,
            max: rule.maxNights,
            weekend: weekend ? 1 : 0,
          }) as { fits: number };
          expect(row.fits === 1).toBe(fitsTravelWindow({ departDate: depart, returnDate }, rule));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("travel windows through the API", () => {
  test("a member saves a window, sees it with the presets, and removes it", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    const saved = await t.request("POST", "/api/travel-windows", { cookie, body: { ...THANKSGIVING, name: "  Thanksgiving week " } });
    expect(saved.status).toBe(200);
    const window = await json<TravelWindow>(saved);
    expect(window).toEqual({ id: window.id, ...THANKSGIVING });

    const overview = await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie }));
    expect(overview.windows).toEqual([window]);
    expect(overview.presets.find((preset) => preset.name === "Thanksgiving week 2026")).toEqual({
      name: "Thanksgiving week 2026",
      startDate: "2026-11-21",
      endDate: "2026-11-29",
    });
    expect(overview.settings.rule).toBe("all");
    expect(overview.pushPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    expect((await t.request("DELETE", `/api/travel-windows/${window.id}`, { cookie })).status).toBe(200);
    expect((await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie }))).windows).toEqual([]);
  });

  test("a To date before the From date is refused with a 400 that says so", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    const response = await t.request("POST", "/api/travel-windows", { cookie, body: { ...THANKSGIVING, endDate: "2026-11-01" } });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe("The To date cannot be before the From date.");
  });

  test("up to 10 windows: the 11th is refused", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    for (let i = 0; i < 10; i++) {
      expect((await t.request("POST", "/api/travel-windows", { cookie, body: { ...THANKSGIVING, name: `W${i}` } })).status).toBe(200);
    }
    const eleventh = await t.request("POST", "/api/travel-windows", { cookie, body: THANKSGIVING });
    expect(eleventh.status).toBe(409);
    expect((await json(eleventh)).error).toContain("up to 10");
  });

  test("another member's window id answers 404 and stays", async () => {
    const t = createTestApp();
    const owner = await member(t);
    const other = await member(t);
    const window = await json<TravelWindow>(await t.request("POST", "/api/travel-windows", { cookie: owner.cookie, body: THANKSGIVING }));
    expect((await t.request("DELETE", `/api/travel-windows/${window.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request("DELETE", "/api/travel-windows/abc", { cookie: other.cookie })).status).toBe(404);
    expect((await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie: owner.cookie }))).windows).toHaveLength(1);
  });

  test("visitors get 401 and members without access 403", async () => {
    const t = createTestApp();
    expect((await t.request("GET", "/api/alerts")).status).toBe(401);
    expect((await t.request("POST", "/api/travel-windows", { body: THANKSGIVING })).status).toBe(401);
    const paused = await member(t, { subscriptionStatus: "Paused" });
    expect((await t.request("GET", "/api/alerts", { cookie: paused.cookie })).status).toBe(403);
    const settings = {
      rule: "all",
      exceptional: true,
      delivery: "instant",
      digestHour: 8,
      timeZone: "America/New_York",
      quietStart: 22,
      quietEnd: 7,
      dailyCap: 5,
    };
    expect((await t.request("PUT", "/api/alert-settings", { cookie: paused.cookie, body: settings })).status).toBe(403);
  });

  test("the deal list names the window a deal fits, so the page can badge and filter it", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    await t.request("POST", "/api/travel-windows", { cookie, body: THANKSGIVING });
    const fits = insertDeal(t, { destination: "MCO", departDate: "2026-11-25", returnDate: "2026-11-29" });
    const outside = insertDeal(t, { destination: "LAX", departDate: "2026-12-05", returnDate: "2026-12-09" });
    await fanOutOwedDeals(t.deps);
    const list = await json<FlightDeal[]>(await t.request("GET", "/api/flight-deals", { cookie }));
    expect(list.find((deal) => deal.id === fits.id)?.fitsWindow).toBe("Thanksgiving week");
    expect(list.find((deal) => deal.id === outside.id)?.fitsWindow).toBeNull();
  });
});

describe("the alert rule", () => {
  async function windowsOnly(t: TestApp, exceptional: boolean) {
    const subscriber = await member(t);
    await t.request("POST", "/api/travel-windows", { cookie: subscriber.cookie, body: THANKSGIVING });
    const settings = { ...(await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie: subscriber.cookie }))).settings };
    const saved = await t.request("PUT", "/api/alert-settings", { cookie: subscriber.cookie, body: { ...settings, rule: "windows", exceptional } });
    expect(saved.status).toBe(200);
    return subscriber;
  }

  test("'every matching deal' (the default) alerts deals outside any window", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t);
    await t.request("POST", "/api/travel-windows", { cookie, body: THANKSGIVING });
    const outside = insertDeal(t, { departDate: "2026-12-05", returnDate: "2026-12-09", percentBelowTypical: 30 });
    await fanOutOwedDeals(t.deps);
    expect(alertedDealIds(t, user.id)).toEqual([outside.id]);
  });

  test("'only deals that fit my windows' alerts the fitting deal, not the other, yet both stay in the list", async () => {
    const t = createTestApp();
    const { user, cookie } = await windowsOnly(t, false);
    const fits = insertDeal(t, { destination: "MCO", departDate: "2026-11-25", returnDate: "2026-11-29", percentBelowTypical: 30 });
    const outside = insertDeal(t, { destination: "LAX", departDate: "2026-12-05", returnDate: "2026-12-09", percentBelowTypical: 55 });
    await fanOutOwedDeals(t.deps);
    expect(alertedDealIds(t, user.id)).toEqual([fits.id]);
    const list = await json<FlightDeal[]>(await t.request("GET", "/api/flight-deals", { cookie }));
    expect(list.map((deal) => deal.id).sort((a, b) => a - b)).toEqual([fits.id, outside.id]);
  });

  test("with 'still send exceptional deals', a deal 50 % or more off is alerted outside the windows; 49 % is not", async () => {
    const t = createTestApp();
    const { user } = await windowsOnly(t, true);
    const fifty = insertDeal(t, { destination: "LAX", departDate: "2026-12-05", returnDate: "2026-12-09", percentBelowTypical: 50 });
    insertDeal(t, { destination: "SEA", departDate: "2026-12-06", returnDate: "2026-12-10", percentBelowTypical: 49 });
    await fanOutOwedDeals(t.deps);
    expect(alertedDealIds(t, user.id)).toEqual([fifty.id]);
  });

  test("settings are refused with an unknown time zone or field", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    const settings = (await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie }))).settings;
    expect((await t.request("PUT", "/api/alert-settings", { cookie, body: { ...settings, timeZone: "Mars/Olympus" } })).status).toBe(400);
    expect((await t.request("PUT", "/api/alert-settings", { cookie, body: { ...settings, isAdmin: true } })).status).toBeOneOf([400, 422]);
  });
});
