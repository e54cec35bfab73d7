import { describe, expect, test } from "bun:test";
import { DEAL_RULES } from "../../src/domain/deal-rules.ts";
import type { FareQuote, FareSource } from "../../src/server/fares/sources/fare-source.ts";
import { scanFares } from "../../src/server/jobs.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";
import { DAY, dealRows, HOUR, laxHistory, quiet, quote, scriptedSource } from "../support/scripted-fares.ts";

/** A drop alerts once it has held (docs/deal-rules.md, rule 4): this scan is its first sighting, as long before the next as a drop must hold. */
async function firstSeenUntilHeld(t: TestApp, source: FareSource, holdsHours: number = DEAL_RULES.dropHoldsHours) {
  const first = await scanFares({ ...t.deps, fares: source }, quiet);
  expect(first.newDeals + first.realerted).toBe(0);
  expect(first.dropsAwaitingLook).toBe(1);
  t.clock.advance(holdsHours * HOUR);
}

/** LAX's history and its 12–14 February weekend alerted at $250 (34 % below typical: at once); then set `fare.price` (null: not quoted) and `scan()`. */
async function laxDealAlertedAt250(t: TestApp) {
  laxHistory(t);
  const fare: { price: number | null } = { price: 250 };
  const source = scriptedSource(() => (fare.price === null ? [] : [quote({ price: fare.price })]));
  const scan = () => scanFares({ ...t.deps, fares: source }, quiet);
  expect((await scan()).newDeals).toBe(1);
  return { fare, source, scan };
}

describe("deal records across scans", () => {
  test("a marginal drop (less than 28 % below typical) is alerted only once it has held: every look for 3 hours finds it, first seen at most 24 hours before", async () => {
    const t = createTestApp();
    laxHistory(t);
    let price = 285;
    const source = scriptedSource(() => [quote({ price })]);
    const scan = () => scanFares({ ...t.deps, fares: source }, quiet);
    const hoursLater = async (hours: number) => {
      t.clock.advance(hours * HOUR);
      return await scan();
    };
    expect(await scan()).toMatchObject({ newDeals: 0, dropsAwaitingLook: 1 });
    expect(await scan()).toMatchObject({ newDeals: 0, dropsAwaitingLook: 1 });
    expect(await hoursLater(1)).toMatchObject({ newDeals: 0, dropsAwaitingLook: 1 });
    expect(await hoursLater(1)).toMatchObject({ newDeals: 0, dropsAwaitingLook: 1 });
    price = 372;
    expect(await hoursLater(1)).toMatchObject({ newDeals: 0, dropsAwaitingLook: 0 });
    price = 285;
    expect(await hoursLater(1)).toMatchObject({ newDeals: 0, dropsAwaitingLook: 1 });
    expect(await hoursLater(25)).toMatchObject({ newDeals: 0, dropsAwaitingLook: 1 });
    expect(await hoursLater(2)).toMatchObject({ newDeals: 0, dropsAwaitingLook: 1 });
    expect(await hoursLater(1)).toMatchObject({ newDeals: 1, dropsAwaitingLook: 0 });
    expect(dealRows(t)).toHaveLength(1);
  });

  test("a clear drop (28 % or more below typical) on dates never alerted alerts at its first sighting; one just short of it waits", async () => {
    const t = createTestApp();
    laxHistory(t);
    const typical = () => dealRows(t)[0]!.typicalMedian;
    const clear = scriptedSource(() => [quote({ price: 270 })]);
    expect(await scanFares({ ...t.deps, fares: clear }, quiet)).toMatchObject({ newDeals: 1, dropsAwaitingLook: 0 });
    expect(dealRows(t)[0]).toMatchObject({ price: 270, alertVersion: 1 });
    const limit = Math.floor(typical() * (1 - DEAL_RULES.clearDropShareBelow));
    expect(limit).toBeGreaterThanOrEqual(270);

    // The same dates in the same history, two dollars above the clear line: marginal, it waits for its hold.
    const u = createTestApp();
    laxHistory(u);
    const marginal = scriptedSource(() => [quote({ price: limit + 2 })]);
    expect(await scanFares({ ...u.deps, fares: marginal }, quiet)).toMatchObject({ newDeals: 0, dropsAwaitingLook: 1 });
  });

  test("a second look searches only the dates of drops that have not held yet, and alerts the ones that held", async () => {
    const t = createTestApp();
    laxHistory(t);
    const source = scriptedSource(() => [quote({ price: 285 }), quote({ destination: "LAX", departDate: "2027-02-19", returnDate: "2027-02-21", price: 366 })]);
    await firstSeenUntilHeld(t, source);
    const second = await scanFares({ ...t.deps, fares: source }, { ...quiet, secondLook: true });
    expect(source.asked.at(-1)).toEqual([
      { destination: "LAX", departDate: quote({}).departDate, returnDate: quote({}).returnDate, cabin: "economy", purpose: "recheck" },
    ]);
    expect(second.newDeals).toBe(1);
  });

  test("in a fare war a drop alerted at its second look is judged at the war's level, as the scan that saw it was; a route-wide spike makes no deal", async () => {
    const t = createTestApp();
    laxHistory(t);
    // Eight quotes, enough to measure the route's level: all $285, 25 % below the usual $380 (a fare war), but one at
    // $214, 25 % below the war's level.
    const fridays = ["2027-02-05", "2027-02-12", "2027-02-19", "2027-02-26"];
    let routeFare = 285;
    let dropFare = 214;
    let dropDate = "2027-02-12";
    const quotes = () =>
      fridays.flatMap((departDate) => {
        const returnDate = `2027-02-${String(Number(departDate.slice(8)) + 2).padStart(2, "0")}`;
        return ["Delta", "United"].map((airline) =>
          quote({ departDate, returnDate, airline, price: departDate === dropDate && airline === "Delta" ? dropFare : routeFare }),
        );
      });
    // A scan gets all eight; a second look asks for the drop's dates and gets their two quotes, too few for a level.
    const source = scriptedSource((searches) => {
      const asked = (q: FareQuote) => searches.some((s) => s.departDate === q.departDate && s.returnDate === q.returnDate);
      return searches.every((s) => s.purpose === "recheck") ? quotes().filter(asked) : quotes();
    });
    const secondLook = () => scanFares({ ...t.deps, fares: source }, { ...quiet, secondLook: true });
    expect(await scanFares({ ...t.deps, fares: source }, quiet)).toMatchObject({ newDeals: 0, dropsAwaitingLook: 1 });
    for (const hour of [1, 2]) {
      t.clock.advance(HOUR);
      expect(await secondLook(), `a second look after ${hour} h`).toMatchObject({ newDeals: 0, dropsAwaitingLook: 1 });
      expect(source.asked.at(-1)).toHaveLength(1);
    }
    t.clock.advance(HOUR);
    expect(await secondLook()).toMatchObject({ newDeals: 1 });
    const [deal] = dealRows(t);
    expect(deal).toMatchObject({ price: 214, departDate: "2027-02-12" });
    // "25 % below typical", of the war's $285: not 44 % below the usual $380.
    expect(deal!.typicalMedian).toBeLessThan(310);

    // Later, a spike: the whole route 30 % above its usual level, another trip at an ordinary $370. Not a drop.
    t.clock.advance(3 * DAY);
    routeFare = 494;
    dropFare = 370;
    dropDate = "2027-02-19";
    expect(await scanFares({ ...t.deps, fares: source }, quiet)).toMatchObject({ newDeals: 0, dropsAwaitingLook: 0 });
  });

  test("a true drop becomes a deal; the same fare seen again is the same deal", async () => {
    const t = createTestApp();
    laxHistory(t);
    const source = scriptedSource(() => [quote({ price: 250 }), quote({ destination: "LAX", departDate: "2027-02-19", returnDate: "2027-02-21", price: 366 })]);
    const summary = await scanFares({ ...t.deps, fares: source }, quiet);
    expect(summary).toMatchObject({ newDeals: 1, dropsAwaitingLook: 0 });
    const [deal] = dealRows(t);
    expect(deal).toMatchObject({ price: 250, tripKind: "weekend", tier: "good", alertVersion: 1 });
    expect(deal!.typicalMedian).toBeGreaterThan(365);
    expect(deal!.typicalMedian).toBeLessThan(395);
    expect(deal!.typicalLow).toBeLessThan(deal!.typicalMedian);
    expect(deal!.historyDays).toBeGreaterThanOrEqual(20);
    expect(deal!.robustZ).toBeLessThan(-2.5);

    t.clock.advance(6 * HOUR);
    const again = await scanFares({ ...t.deps, fares: source }, quiet);
    expect(again.newDeals).toBe(0);
    expect(dealRows(t)).toHaveLength(1);
  });

  test("a further small drop updates the price quietly; 10% lower a day later alerts again once it has held", async () => {
    const t = createTestApp();
    const { fare, source, scan } = await laxDealAlertedAt250(t);

    fare.price = 240;
    t.clock.advance(30 * HOUR);
    await scan();
    expect(dealRows(t)[0]).toMatchObject({ price: 240, alertVersion: 1, lastAlertedPrice: 250 });

    fare.price = 220;
    t.clock.advance(2 * HOUR);
    await firstSeenUntilHeld(t, source);
    expect(dealRows(t)[0]).toMatchObject({ price: 220, alertVersion: 1, lastAlertedPrice: 250 });
    await scan();
    expect(dealRows(t)[0]).toMatchObject({ price: 220, alertVersion: 2, lastAlertedPrice: 220 });
  });

  test("a re-check above the typical low ends the deal; a later deeper drop brings it back as a new alert", async () => {
    const t = createTestApp();
    const { fare, source, scan } = await laxDealAlertedAt250(t);

    fare.price = 372;
    t.clock.advance(6 * HOUR);
    const ended = await scan();
    expect(ended.expired).toBe(1);
    expect(dealRows(t)[0]).toMatchObject({ isActive: false, expiredReason: "price rose above the typical low", price: 250 });

    fare.price = 250;
    t.clock.advance(DAY);
    await scan();
    expect(dealRows(t)[0]!.isActive).toBe(false);

    // A new episode on those dates: a new deal would have held by now, a new episode waits for the next regular scan.
    fare.price = 199;
    await firstSeenUntilHeld(t, source);
    expect(await scan()).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
    t.clock.advance((DEAL_RULES.newEpisode.grid.holdsHours - DEAL_RULES.dropHoldsHours) * HOUR);
    await scan();
    expect(dealRows(t)[0]).toMatchObject({ isActive: true, alertVersion: 2, price: 199, expiredReason: null });
  });

  test("a member who deleted a deal is not told of its re-alerts, but a later, separate sale on its dates is new to them", async () => {
    const t = createTestApp();
    laxHistory(t);
    const user = await createUser(t, { preferences: { destinations: [], maxPrice: 5000, nonstopOnly: false } });
    const cookie = await signIn(t, user.email);
    let price = 250;
    const source = scriptedSource(() => [quote({ price })]);
    expect((await scanFares({ ...t.deps, fares: source }, quiet)).alertEmails).toBe(1);
    const deal = dealRows(t)[0]!;
    expect((await t.request("DELETE", `/api/flight-deals/${deal.id}`, { cookie })).status).toBe(200);
    const listed = async () =>
      (await json<{ id: number; isNewForUser: boolean }[]>(await t.request("GET", "/api/flight-deals", { cookie }))).map((d) => [d.id, d.isNewForUser]);

    price = 220;
    t.clock.advance(30 * HOUR);
    await firstSeenUntilHeld(t, source);
    const realert = await scanFares({ ...t.deps, fares: source }, quiet);
    expect(realert.realerted).toBe(1);
    expect(realert.alertEmails).toBe(0);
    expect(await listed()).toEqual([]);

    price = 372;
    t.clock.advance(6 * HOUR);
    await scanFares({ ...t.deps, fares: source }, quiet);
    price = 180;
    t.clock.advance(DAY);
    await firstSeenUntilHeld(t, source);
    const episode = await scanFares({ ...t.deps, fares: source }, quiet);
    expect(dealRows(t)[0]).toMatchObject({ id: deal.id, isActive: true, alertVersion: 3, price: 180 });
    expect(episode.alertEmails).toBe(1);
    expect(await listed()).toEqual([[deal.id, true]]);
  });

  test("a deal not seen for 48 hours ends", async () => {
    const t = createTestApp();
    const { fare, scan } = await laxDealAlertedAt250(t);
    fare.price = null;
    t.clock.advance(47 * HOUR);
    await scan();
    expect(dealRows(t)[0]!.isActive).toBe(true);
    t.clock.advance(HOUR);
    await scan();
    expect(dealRows(t)[0]).toMatchObject({ isActive: false, expiredReason: "not seen for 48 hours" });
  });
});
