import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { deals, fareObservations, fareScans, userDeals } from "../../db/schema.ts";
import { Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { FlightDeal, type PricePoint, type ScanStatus } from "../../src/domain/api/deals.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { insertDeal } from "../support/deals.ts";
import { openDatabase } from "../../db/client.ts";
import { createTestApp, json, withFileDatabaseApp, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function subscriberWithCookie(t: TestApp, fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, fields);
  return { user, cookie: await signIn(t, user.email) };
}

async function listDeals(t: TestApp, cookie: string): Promise<FlightDeal[]> {
  const response = await t.request("GET", "/api/flight-deals", { cookie });
  expect(response.status).toBe(200);
  return json<FlightDeal[]>(response);
}

describe("who may see deals", () => {
  test("a signed-out visitor gets 401 on every deal call", async () => {
    const t = createTestApp();
    const deal = insertDeal(t);
    for (const [method, path] of [
      ["GET", "/api/flight-deals"],
      ["POST", `/api/flight-deals/${deal.id}/click`],
      ["DELETE", `/api/flight-deals/${deal.id}`],
      ["GET", `/api/flight-deals/${deal.id}/history`],
    ] as const) {
      expect((await t.request(method, path)).status).toBe(401);
    }
  });

  test.each(["Paused", "Cancelled", "Past Due", "None"])("a %s subscriber gets 403 with a message saying why", async (subscriptionStatus) => {
    const t = createTestApp();
    const { cookie } = await subscriberWithCookie(t, { subscriptionStatus });
    const deal = insertDeal(t);
    const response = await t.request("GET", "/api/flight-deals", { cookie });
    expect(response.status).toBe(403);
    expect((await json(response)).error).toContain("active subscription");
    expect((await t.request("POST", `/api/flight-deals/${deal.id}/click`, { cookie })).status).toBe(403);
    expect((await t.request("DELETE", `/api/flight-deals/${deal.id}`, { cookie })).status).toBe(403);
    expect((await t.request("GET", `/api/flight-deals/${deal.id}/history`, { cookie })).status).toBe(403);
  });

  test("a subscription cancelled at period end keeps its deals until the period ends", async () => {
    const t = createTestApp();
    const periodEnd = new Date(t.clock.now().getTime() + 3 * DAY);
    const { cookie } = await subscriberWithCookie(t, { cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });
    expect((await t.request("GET", "/api/flight-deals", { cookie })).status).toBe(200);
    t.clock.set(new Date(periodEnd.getTime() + 1000));
    expect((await t.request("GET", "/api/flight-deals", { cookie })).status).toBe(403);
  });
});

describe("GET /api/flight-deals", () => {
  test("lists the subscriber's deals newest first, every docs/product-rules.md §3 field filled", async () => {
    const t = createTestApp();
    const { cookie } = await subscriberWithCookie(t, { preferences: { destinations: [], maxPrice: 1000, nonstopOnly: false } });
    const older = insertDeal(t, {
      destination: "LHR",
      departDate: "2027-01-08",
      returnDate: "2027-01-15",
      airline: "British Airways",
      price: 512,
      typicalLow: 780,
      typicalHigh: 1100,
      typicalMedian: 920,
      percentBelowTypical: 44,
      nonstop: true,
      durationMinutes: 495,
    });
    await fanOutOwedDeals(t.deps);
    t.clock.advance(HOUR);
    const newer = insertDeal(t, {
      destination: "DEN",
      departDate: "2027-02-05",
      returnDate: "2027-02-07",
      airline: "Frontier",
      price: 117,
      nonstop: false,
      durationMinutes: 250,
      tier: "exceptional",
    });
    await fanOutOwedDeals(t.deps);

    const list = await listDeals(t, cookie);
    expect(list.map((deal) => deal.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toEqual({
      id: older.id,
      airline: "British Airways",
      destination: "LHR",
      destinationCity: "London (Heathrow)",
      travelDates: "Fri, Jan 8 - Fri, Jan 15, 2027",
      departDate: "2027-01-08",
      returnDate: "2027-01-15",
      startingPrice: 512,
      tripType: "Round Trip",
      seatClass: "Economy",
      duration: "8h 15m",
      nonstop: "Yes",
      priceRange1: 780,
      priceRange2: 1100,
      typicalPrice: 920,
      percentBelowTypical: 44,
      tripKind: "week_long",
      historyDays: 120,
      robustZ: -4.2,
      tier: "great",
      fitsWindow: null,
      isNewForUser: true,
      isActive: true,
      source: "simulated",
      foundAt: "2026-11-22T15:00:00.000Z",
      lastCheckedAt: "2026-11-22T15:00:00.000Z",
    });
    expect(list[0]).toMatchObject({ nonstop: "No", duration: "4h 10m", tier: "exceptional", travelDates: "Fri, Feb 5 - Sun, Feb 7, 2027" });
  });

  test("the answer is exactly the FlightDeal model, which no runtime check sees since SQLite builds the JSON", async () => {
    const t = createTestApp();
    const { cookie } = await subscriberWithCookie(t);
    insertDeal(t, { destination: "LHR", durationMinutes: 495, nonstop: true });
    insertDeal(t, { destination: "DEN", tripType: "one_way", returnDate: "", cabin: "first", durationMinutes: null, tier: "exceptional" });
    await fanOutOwedDeals(t.deps);
    const list = await listDeals(t, cookie);
    expect(list).toHaveLength(2);
    const exactly = Type.Array(Type.Object(FlightDeal.properties, { additionalProperties: false }));
    expect([...Value.Errors(exactly, list)].map((error) => `${error.path}: ${error.message}`)).toEqual([]);
  });

  test("a one-way deal in another cabin says so", async () => {
    const t = createTestApp();
    const { cookie } = await subscriberWithCookie(t);
    insertDeal(t, { tripType: "one_way", returnDate: "", cabin: "business", departDate: "2027-03-03" });
    await fanOutOwedDeals(t.deps);
    const [deal] = await listDeals(t, cookie);
    expect(deal).toMatchObject({ tripType: "One Way", seatClass: "Business", returnDate: null, travelDates: "Wed, Mar 3, 2027" });
  });

  test("the dates carry the year only when it is not the member's this year, in the member's own zone", async () => {
    const t = createTestApp();
    const eastern = await subscriberWithCookie(t);
    const honolulu = await subscriberWithCookie(t, { timeZone: "Pacific/Honolulu" });
    insertDeal(t, { destination: "LHR", departDate: "2027-01-08", returnDate: "2027-01-10" });
    insertDeal(t, { destination: "DEN", departDate: "2026-12-04", returnDate: "2026-12-06" });
    insertDeal(t, { destination: "BOS", departDate: "2026-12-30", returnDate: "2027-01-02" });
    await fanOutOwedDeals(t.deps);
    const datesOf = async (cookie: string) => Object.fromEntries((await listDeals(t, cookie)).map((deal) => [deal.destination, deal.travelDates]));
    expect(await datesOf(eastern.cookie)).toEqual({
      LHR: "Fri, Jan 8 - Sun, Jan 10, 2027",
      DEN: "Fri, Dec 4 - Sun, Dec 6",
      BOS: "Wed, Dec 30, 2026 - Sat, Jan 2, 2027",
    });
    // Midnight on New Year's Day in New York is still 7 pm on New Year's Eve in Honolulu.
    t.clock.set(new Date("2027-01-01T05:00:00Z"));
    expect((await datesOf(await signIn(t, eastern.user.email))).LHR).toBe("Fri, Jan 8 - Sun, Jan 10");
    expect((await datesOf(await signIn(t, honolulu.user.email))).LHR).toBe("Fri, Jan 8 - Sun, Jan 10, 2027");
  });

  test("a new subscriber sees the live deals that fit their preferences at once, and no others", async () => {
    const t = createTestApp();
    const fits = insertDeal(t, { destination: "LAX", price: 240 });
    insertDeal(t, { destination: "LHR", price: 240 });
    insertDeal(t, { destination: "LAX", price: 620 });
    insertDeal(t, { destination: "LAX", price: 230, isActive: false, expiredReason: "7 days old", expiredAt: t.clock.now() });
    await fanOutOwedDeals(t.deps);

    const { cookie } = await subscriberWithCookie(t, { preferences: { destinations: ["LAX"], maxPrice: 500, nonstopOnly: false } });
    const list = await listDeals(t, cookie);
    expect(list.map((deal) => deal.id)).toEqual([fits.id]);
    expect(list[0]!.isNewForUser).toBe(true);
  });

  test("deals that ended stay in the list, inactive, for two weeks", async () => {
    const t = createTestApp();
    const { user, cookie } = await subscriberWithCookie(t);
    const deal = insertDeal(t);
    await fanOutOwedDeals(t.deps);
    t.db.update(userDeals).set({ isNew: false }).where(eq(userDeals.userId, user.id)).run();
    t.db.update(deals).set({ isActive: false, expiredReason: "price rose above the typical low", expiredAt: t.clock.now() }).where(eq(deals.id, deal.id)).run();

    expect((await listDeals(t, cookie)).map((d) => [d.id, d.isActive])).toEqual([[deal.id, false]]);
    t.clock.advance(15 * DAY);
    expect(await listDeals(t, cookie)).toEqual([]);
  });
});

describe("GET /api/flight-deals/scan-status", () => {
  test("says a fresh install's first scan is running from its start until it ends, and not for any later scan", async () => {
    const t = createTestApp();
    const { cookie } = await subscriberWithCookie(t);
    const status = async () => {
      const response = await t.request("GET", "/api/flight-deals/scan-status", { cookie });
      expect(response.status).toBe(200);
      return json<ScanStatus>(response);
    };
    expect(await status()).toEqual({ firstScanRunning: false });

    const now = t.clock.now();
    const first = t.db.insert(fareScans).values({ source: "simulated", status: "running", startedAt: now }).returning().get();
    expect(await status()).toEqual({ firstScanRunning: true });
    expect((await listDeals(t, cookie)).length).toBe(0);

    t.db.update(fareScans).set({ status: "succeeded", finishedAt: now }).where(eq(fareScans.id, first.id)).run();
    expect(await status()).toEqual({ firstScanRunning: false });
    t.db.insert(fareScans).values({ source: "simulated", status: "running", startedAt: now }).run();
    expect(await status()).toEqual({ firstScanRunning: false });
  });

  test("is for members, like the list", async () => {
    const t = createTestApp();
    expect((await t.request("GET", "/api/flight-deals/scan-status")).status).toBe(401);
  });
});

describe("the list is never stale", () => {
  test("a change written by another process (a seed script, the admin CLI) shows at the next request", async () => {
    await withFileDatabaseApp(async (t, path) => {
      const { cookie } = await subscriberWithCookie(t);
      const first = insertDeal(t, { destination: "LAX" });
      await fanOutOwedDeals(t.deps);
      expect((await listDeals(t, cookie)).map((d) => d.id)).toEqual([first.id]);
      expect((await listDeals(t, cookie)).map((d) => d.id)).toEqual([first.id]);

      const elsewhere = openDatabase(path);
      const second = insertDeal({ db: elsewhere, clock: t.clock }, { destination: "DEN", lastAlertedAt: new Date(t.clock.now().getTime() + 1000) });
      await fanOutOwedDeals({ db: elsewhere, clock: t.clock });
      elsewhere.$client.close();
      expect((await listDeals(t, cookie)).map((d) => d.id)).toEqual([second.id, first.id]);
    });
  });
});

describe("one subscriber's deals are theirs alone", () => {
  async function twoSubscribers() {
    const t = createTestApp();
    const alice = await subscriberWithCookie(t, { preferences: { destinations: ["LAX"], maxPrice: 500, nonstopOnly: false } });
    const bob = await subscriberWithCookie(t, { preferences: { destinations: ["LHR"], maxPrice: 900, nonstopOnly: false } });
    const alicesDeal = insertDeal(t, { destination: "LAX" });
    await fanOutOwedDeals(t.deps);
    return { t, alice, bob, alicesDeal };
  }

  test("another subscriber's deal id answers 404 to click, delete and history, and changes nothing", async () => {
    const { t, bob, alicesDeal, alice } = await twoSubscribers();
    expect((await t.request("POST", `/api/flight-deals/${alicesDeal.id}/click`, { cookie: bob.cookie })).status).toBe(404);
    expect((await t.request("DELETE", `/api/flight-deals/${alicesDeal.id}`, { cookie: bob.cookie })).status).toBe(404);
    expect((await t.request("GET", `/api/flight-deals/${alicesDeal.id}/history`, { cookie: bob.cookie })).status).toBe(404);
    expect(await listDeals(t, bob.cookie)).toEqual([]);
    expect((await listDeals(t, alice.cookie))[0]!.isNewForUser).toBe(true);
    expect(t.db.select().from(userDeals).where(eq(userDeals.userId, bob.user.id)).all()).toEqual([]);
  });

  test.each(["abc", "0", "01", "-1", "1.5", "1e3", "99999999999999999999", "%20", "1;DROP TABLE deals"])("a malformed id (%s) answers 404", async (id) => {
    const { t, alice } = await twoSubscribers();
    const path = `/api/flight-deals/${encodeURIComponent(id)}`;
    expect((await t.request("POST", `${path}/click`, { cookie: alice.cookie })).status).toBe(404);
    expect((await t.request("DELETE", path, { cookie: alice.cookie })).status).toBe(404);
    expect((await t.request("GET", `${path}/history`, { cookie: alice.cookie })).status).toBe(404);
  });

  test("an unknown id answers 404", async () => {
    const { t, alice, alicesDeal } = await twoSubscribers();
    const unknown = alicesDeal.id + 1000;
    expect((await t.request("POST", `/api/flight-deals/${unknown}/click`, { cookie: alice.cookie })).status).toBe(404);
    expect((await t.request("DELETE", `/api/flight-deals/${unknown}`, { cookie: alice.cookie })).status).toBe(404);
    expect((await t.request("GET", `/api/flight-deals/${unknown}/history`, { cookie: alice.cookie })).status).toBe(404);
  });
});

describe("POST /api/flight-deals/:id/click and DELETE /api/flight-deals/:id", () => {
  test("a click marks the deal viewed: no longer new, time recorded", async () => {
    const t = createTestApp();
    const { user, cookie } = await subscriberWithCookie(t);
    const deal = insertDeal(t);
    await fanOutOwedDeals(t.deps);
    t.clock.advance(HOUR);
    const response = await t.request("POST", `/api/flight-deals/${deal.id}/click`, { cookie });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true });
    expect((await listDeals(t, cookie))[0]!.isNewForUser).toBe(false);
    const pair = t.db.select().from(userDeals).where(eq(userDeals.userId, user.id)).get()!;
    expect(pair.viewedAt).toEqual(t.clock.now());
  });

  test("a click on a live deal the subscriber sees through their preferences records it as theirs, viewed", async () => {
    const t = createTestApp();
    const deal = insertDeal(t);
    await fanOutOwedDeals(t.deps);
    const { user, cookie } = await subscriberWithCookie(t);
    expect((await t.request("POST", `/api/flight-deals/${deal.id}/click`, { cookie })).status).toBe(200);
    expect((await listDeals(t, cookie))[0]).toMatchObject({ id: deal.id, isNewForUser: false });
    expect(t.db.select().from(userDeals).where(eq(userDeals.userId, user.id)).all()).toHaveLength(1);
  });

  test("a deleted deal leaves the list and does not come back when the fan-out runs again or the price drops further", async () => {
    const t = createTestApp();
    const { cookie } = await subscriberWithCookie(t);
    const kept = insertDeal(t, { destination: "ORD" });
    const removed = insertDeal(t, { destination: "LAX" });
    await fanOutOwedDeals(t.deps);

    const response = await t.request("DELETE", `/api/flight-deals/${removed.id}`, { cookie });
    expect(response.status).toBe(200);
    expect((await listDeals(t, cookie)).map((d) => d.id)).toEqual([kept.id]);

    t.db.update(deals).set({ fannedOutVersion: 0 }).run();
    await fanOutOwedDeals(t.deps);
    t.db.update(deals).set({ alertVersion: 2, price: 150 }).where(eq(deals.id, removed.id)).run();
    await fanOutOwedDeals(t.deps);
    expect((await listDeals(t, cookie)).map((d) => d.id)).toEqual([kept.id]);
    expect((await t.request("DELETE", `/api/flight-deals/${removed.id}`, { cookie })).status).toBe(404);
  });
});

describe("GET /api/flight-deals/:id/history", () => {
  test("gives, per day over the last 90 days, the typical fare of trips like the deal's (its route, kind of trip and departure month), oldest first", async () => {
    const t = createTestApp();
    const { cookie } = await subscriberWithCookie(t);
    const deal = insertDeal(t, { destination: "LAX", departDate: "2027-03-05", returnDate: "2027-03-07" });
    await fanOutOwedDeals(t.deps);
    const now = t.clock.now().getTime();
    const observation = (daysAgo: number, price: number, departDate: string, returnDate: string, destination = "LAX") => ({
      origin: "RDU",
      destination,
      tripType: "round_trip" as const,
      cabin: "economy" as const,
      nonstop: true,
      departDate,
      returnDate,
      price,
      airline: "Delta",
      source: "simulated",
      observedDay: new Date(now - daysAgo * DAY).toISOString().slice(0, 10),
      observedAt: new Date(now - daysAgo * DAY),
    });
    t.db
      .insert(fareObservations)
      .values([
        observation(100, 250, "2027-03-05", "2027-03-07"),
        observation(10, 410, "2027-03-05", "2027-03-07"),
        observation(10, 380, "2027-03-12", "2027-03-14"),
        observation(10, 150, "2027-03-06", "2027-03-13"),
        observation(10, 150, "2027-04-02", "2027-04-04"),
        observation(2, 199, "2027-03-05", "2027-03-07"),
        observation(2, 150, "2027-03-05", "2027-03-07", "LHR"),
      ])
      .run();

    const response = await t.request("GET", `/api/flight-deals/${deal.id}/history`, { cookie });
    expect(response.status).toBe(200);
    const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
    expect(await json<PricePoint[]>(response)).toEqual([
      { date: day(10), price: 395 },
      { date: day(2), price: 199 },
    ]);
  });

  test("a deal confirmed by SerpApi charts Travelpayouts' prices too, but never the simulated market's", async () => {
    const t = createTestApp();
    const { cookie } = await subscriberWithCookie(t);
    const deal = insertDeal(t, { destination: "LHR", source: "serpapi", departDate: "2027-03-03", returnDate: "2027-03-10" });
    await fanOutOwedDeals(t.deps);
    const now = t.clock.now().getTime();
    const day = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
    const observation = (daysAgo: number, price: number, source: string) => ({
      origin: "RDU",
      destination: "LHR",
      tripType: "round_trip" as const,
      cabin: "economy" as const,
      nonstop: true,
      departDate: "2027-03-03",
      returnDate: "2027-03-10",
      price,
      airline: "British Airways",
      source,
      observedDay: day(daysAgo),
      observedAt: new Date(now - daysAgo * DAY),
    });
    t.db
      .insert(fareObservations)
      .values([observation(20, 700, "travelpayouts"), observation(5, 520, "serpapi"), observation(3, 90, "simulated")])
      .run();

    const response = await t.request("GET", `/api/flight-deals/${deal.id}/history`, { cookie });
    expect(await json<PricePoint[]>(response)).toEqual([
      { date: day(20), price: 700 },
      { date: day(5), price: 520 },
    ]);
  });
});
