import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { fareObservations } from "../../db/schema.ts";
import { BookedTrip } from "../../src/domain/api/trips.ts";
import { rduToday } from "../../src/domain/calendar.ts";
import { emailRenderers } from "../../src/server/jobs.ts";
import { deliverAllDueEmails } from "../../src/server/mail/outbox.ts";
import { watchBookedTrips } from "../../src/server/trips/fare-watch.ts";
import { storeExplorePicks } from "../../src/server/fares/sweep/explore-picks.ts";
import { quote } from "../support/scripted-fares.ts";
import { insertDeal, type DealRow } from "../support/deals.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

const HOUR = 3_600_000;

async function member(t: TestApp, fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, fields);
  return { user, cookie: await signIn(t, user.email) };
}

async function book(t: TestApp, cookie: string, dealId: number, pricePaid?: number): Promise<BookedTrip> {
  const response = await t.request("POST", "/api/booked-trips", { cookie, body: pricePaid === undefined ? { dealId } : { dealId, pricePaid } });
  expect(response.status).toBe(200);
  const trip = await json<BookedTrip>(response);
  expect(Value.Check(BookedTrip, trip)).toBe(true);
  return trip;
}

const deliver = (t: TestApp) => deliverAllDueEmails({ ...t.deps, templates: emailRenderers(t.deps) });
const sentTo = (t: TestApp, email: string) => t.mailer.sent.filter((message) => message.to === email);

/** A fare seen now for the deal's route and dates (the scanner's observations, which the watch reads). */
function observeFare(t: TestApp, deal: DealRow, price: number) {
  const now = t.clock.now();
  t.db
    .insert(fareObservations)
    .values({
      origin: "RDU",
      destination: deal.destination,
      tripType: deal.tripType,
      cabin: deal.cabin,
      nonstop: true,
      departDate: deal.departDate,
      returnDate: deal.returnDate,
      price,
      airline: deal.airline,
      source: "simulated",
      observedDay: rduToday(now),
      observedAt: now,
    })
    .onConflictDoUpdate({
      target: [
        fareObservations.origin,
        fareObservations.destination,
        fareObservations.tripType,
        fareObservations.cabin,
        fareObservations.departDate,
        fareObservations.returnDate,
        fareObservations.observedDay,
      ],
      set: { price, observedAt: now },
    })
    .run();
}

describe("I booked it: the 24-hour reminder", () => {
  test("arrives about 22 hours after booking, not before, and the trip shows it sent", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t);
    const deal = insertDeal(t, { destination: "LHR", departDate: "2027-01-10", returnDate: "2027-01-17" });
    const trip = await book(t, cookie, deal.id, 389);
    expect(trip).toMatchObject({ pricePaid: 389, dealPrice: 199, reminder: "due", watch: "watching", watchPrice: 389 });
    expect(trip.reminderDueAt).toBe(new Date(t.clock.now().getTime() + 22 * HOUR).toISOString());

    await deliver(t);
    t.clock.advance(21 * HOUR);
    await deliver(t);
    expect(sentTo(t, user.email)).toHaveLength(0);

    t.clock.advance(HOUR);
    await deliver(t);
    const [reminder] = sentTo(t, user.email);
    expect(reminder?.subject).toBe("Free cancellation ends soon: your trip to London (Heathrow)");
    expect(reminder?.text).toContain("for $389");
    expect(reminder?.text).toContain("until Mon, Nov 23, 10:00 am EST, about 2 hours from now");
    const [listed] = await json<BookedTrip[]>(await t.request("GET", "/api/booked-trips", { cookie }));
    expect(listed?.reminder).toBe("sent");
  });

  test("booked at 6:49 am ET: due at 9:30 pm that evening, before the member's quiet hours, and it says how long is really left", async () => {
    const t = createTestApp();
    // The test clock is 10 am EST on Sun 22 Nov; 6:49 am EST on Mon 23 Nov.
    t.clock.set(new Date("2026-11-23T11:49:00Z"));
    const { user, cookie } = await member(t); // default quiet hours: 10 pm to 7 am, America/New_York
    const trip = await book(t, cookie, insertDeal(t, { destination: "LHR", departDate: "2027-01-10", returnDate: "2027-01-17" }).id);
    expect(trip.reminderDueAt).toBe("2026-11-24T02:30:00.000Z");
    expect(trip.travelDates).toBe("Sun, Jan 10 - Sun, Jan 17, 2027");

    t.clock.set(new Date("2026-11-24T02:29:00Z"));
    await deliver(t);
    expect(sentTo(t, user.email)).toHaveLength(0);
    t.clock.set(new Date("2026-11-24T02:30:00Z"));
    await deliver(t);
    const [reminder] = sentTo(t, user.email);
    expect(reminder?.text).toContain("You booked RDU to London (Heathrow) (LHR), Sun, Jan 10 - Sun, Jan 17, 2027 on Delta.");
    expect(reminder?.text).toContain("until Tue, Nov 24, 6:49 am EST, about 9 hours from now");
    expect(reminder?.html).toContain("until Tue, Nov 24, 6:49 am EST, about 9 hours from now");
  });

  test("in the member's own zone: a Los Angeles member's reminder and its words are Pacific", async () => {
    const t = createTestApp();
    // 6:49 am PST on Mon 23 Nov (9:49 am EST: an Eastern member would hear at 7:49 am).
    t.clock.set(new Date("2026-11-23T14:49:00Z"));
    const { user, cookie } = await member(t, { timeZone: "America/Los_Angeles" });
    const trip = await book(t, cookie, insertDeal(t, { departDate: "2027-02-05", returnDate: "2027-02-08" }).id);
    expect(trip.reminderDueAt).toBe("2026-11-24T05:30:00.000Z"); // 9:30 pm PST
    t.clock.set(new Date(trip.reminderDueAt!));
    await deliver(t);
    expect(sentTo(t, user.email)[0]?.text).toContain("until Tue, Nov 24, 6:49 am PST, about 9 hours from now");
  });

  test("sent late (the server was down when it was due), it tells the time really left; past the deadline, it is not sent", async () => {
    const t = createTestApp();
    const late = await member(t, { quietStart: 0, quietEnd: 0 });
    const booked = t.clock.now().getTime();
    await book(t, late.cookie, insertDeal(t).id);
    t.clock.set(new Date(booked + 23 * HOUR + 5 * 60_000));
    await deliver(t);
    expect(sentTo(t, late.user.email)[0]?.text).toContain("until Mon, Nov 23, 10:00 am EST, 55 minutes from now");

    const tooLate = await member(t, { quietStart: 0, quietEnd: 0 });
    await book(t, tooLate.cookie, insertDeal(t).id);
    t.clock.advance(24 * HOUR);
    await deliver(t);
    expect(sentTo(t, tooLate.user.email)).toHaveLength(0);
  });
});

describe("I booked it: the fare watch", () => {
  test("tells the member once per further drop of the larger of 10 % and $25", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t);
    const deal = insertDeal(t, { destination: "LHR", departDate: "2027-01-10", returnDate: "2027-01-17", price: 400 });
    await book(t, cookie, deal.id, 400);
    const drops = () => sentTo(t, user.email).filter((message) => message.subject.includes("cheaper now"));

    // $370 is $30 below $400 but under 10 % ($40): not a drop.
    t.clock.advance(HOUR);
    observeFare(t, deal, 370);
    expect(watchBookedTrips(t.deps)).toBe(0);

    t.clock.advance(HOUR);
    observeFare(t, deal, 355);
    expect(watchBookedTrips(t.deps)).toBe(1);
    // The same fare read again (another scan, no new observation) tells nobody twice.
    expect(watchBookedTrips(t.deps)).toBe(0);
    await deliver(t);
    expect(drops().map((message) => message.subject)).toEqual(["Your trip to London (Heathrow) is $45 cheaper now"]);

    // From $355, a further drop needs $35.50 more: $330 is not enough, $315 is.
    t.clock.advance(HOUR);
    observeFare(t, deal, 330);
    expect(watchBookedTrips(t.deps)).toBe(0);
    t.clock.advance(HOUR);
    observeFare(t, deal, 315);
    expect(watchBookedTrips(t.deps)).toBe(1);
    await deliver(t);
    expect(drops()).toHaveLength(2);
    const [listed] = await json<BookedTrip[]>(await t.request("GET", "/api/booked-trips", { cookie }));
    expect(listed).toMatchObject({ watchPrice: 315, dropAlerts: 2 });
  });

  test("reads a Travel Explore window's pick of the trip's dates too: picks are no price history, but a fall shows there first", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    const deal = insertDeal(t, { destination: "LAS", departDate: "2027-02-05", returnDate: "2027-02-07", price: 300 });
    await book(t, cookie, deal.id, 300);
    t.clock.advance(HOUR);
    const pick = (price: number) =>
      quote({
        destination: "LAS",
        tripType: deal.tripType,
        cabin: deal.cabin,
        departDate: deal.departDate,
        returnDate: deal.returnDate,
        price,
        source: "serpapi",
        cached: true,
      });
    storeExplorePicks(t.db, [pick(280)], t.clock.now());
    expect(watchBookedTrips(t.deps)).toBe(0);
    t.clock.advance(HOUR);
    observeFare(t, deal, 290);
    storeExplorePicks(t.db, [pick(265)], new Date(t.clock.now().getTime() + 24 * HOUR));
    expect(watchBookedTrips(t.deps)).toBe(1);
    const [listed] = await json<BookedTrip[]>(await t.request("GET", "/api/booked-trips", { cookie }));
    expect(listed).toMatchObject({ watchPrice: 265, dropAlerts: 1 });
  });

  test("measures from the deal's price when the member did not say what they paid", async () => {
    const t = createTestApp();
    const { cookie } = await member(t);
    const deal = insertDeal(t, { price: 199 });
    await book(t, cookie, deal.id);
    // The larger of $19.90 and $25: $175 is $24 below, not a drop; $174 is.
    t.clock.advance(HOUR);
    observeFare(t, deal, 175);
    expect(watchBookedTrips(t.deps)).toBe(0);
    t.clock.advance(HOUR);
    observeFare(t, deal, 174);
    expect(watchBookedTrips(t.deps)).toBe(1);
  });
});

describe("booked trips are the member's own", () => {
  test("another member's trip answers 404; a second mark of the same deal 409; bad input 400; signed out 401", async () => {
    const t = createTestApp();
    const owner = await member(t);
    const other = await member(t);
    const deal = insertDeal(t);
    const trip = await book(t, owner.cookie, deal.id);
    expect((await t.request("DELETE", `/api/booked-trips/${trip.id}`, { cookie: other.cookie })).status).toBe(404);
    expect(await json(await t.request("GET", "/api/booked-trips", { cookie: other.cookie }))).toEqual([]);
    expect((await t.request("POST", "/api/booked-trips", { cookie: owner.cookie, body: { dealId: deal.id } })).status).toBe(409);
    expect((await t.request("POST", "/api/booked-trips", { cookie: other.cookie, body: { dealId: deal.id, pricePaid: -5 } })).status).toBe(400);
    expect((await t.request("POST", "/api/booked-trips", { cookie: other.cookie, body: { dealId: deal.id, userId: owner.user.id } })).status).toBe(400);
    expect((await t.request("POST", "/api/booked-trips", { body: { dealId: deal.id } })).status).toBe(401);
    expect((await t.request("DELETE", "/api/booked-trips/abc", { cookie: owner.cookie })).status).toBe(404);
  });
});
