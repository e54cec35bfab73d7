/**
 * When a drop alerts (docs/deal-rules.md, rule 4): a fresh search confirming a cached price, or a fare clearly below
 * typical (decision 140), is proof enough for a new deal, but a new episode on dates alerted before must hold: seen again 12 hours or more after it was first seen by a
 * grid source, 6 in a discovery sweep, every look between a drop too (decisions 084, 094 and 095). In an hourly discovery sweep the discovery and its confirmation are one
 * hour's answers and share its noise; counting them as two sightings re-alerted the same dates for noise (83
 * duplicates in 60 replayed days at 5,000 searches a month, decision 058). A live deal's further fall must hold too
 * (decision 059): one low quote re-alerted it.
 */
import { expect, test } from "bun:test";
import { recordDeals, type JudgedQuote } from "../../src/server/fares/judge/deal-records.ts";
import { judgeFare } from "../../src/server/fares/judge/detect.ts";
import { dayNumber } from "../../src/domain/calendar.ts";
import { DEAL_RULES } from "../../src/domain/deal-rules.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { FareQuote } from "../../src/server/fares/sources/fare-source.ts";
import type { PriceRange } from "../../src/server/fares/judge/typical-range.ts";
import { migratedMemoryDb } from "../support/test-app.ts";

const HOUR = 3_600_000;
const START = Date.parse("2026-12-01T15:00:00Z");
const range: PriceRange = { low: 280, median: 300, high: 320, observations: 60, spread: 0.05, tripKind: "weekend" };
const quote = (price: number): FareQuote => ({
  origin: "RDU",
  destination: "LAS",
  tripType: "round_trip",
  cabin: "economy",
  nonstop: true,
  departDate: "2027-02-05",
  returnDate: "2027-02-07",
  price,
  airline: "American",
  durationMinutes: 300,
  providerTypicalLow: null,
  providerTypicalHigh: null,
  source: "serpapi",
  cached: false,
});
/** A fresh answer that confirms a discovered (cached) price, as the discovery sweep hands it over. */
const confirmed = (price: number, usualLow: number | null): JudgedQuote => ({
  quote: quote(price),
  range,
  pairRecentLows: usualLow === null ? [] : [{ day: dayNumber("2026-11-30"), price: usualLow }],
  judgement: judgeFare(quote(price), range, "2026-12-01"),
  confirmsCachedDeal: true,
});
const at = (hours: number) => new Date(START + hours * HOUR);
/** The one deal's alert version and whether it is live. */
const dealState = (db: ReturnType<typeof migratedMemoryDb>) => db.$client.query("SELECT alert_version, is_active FROM deals").get();
/** A grid source's scan (a Travelpayouts scan confirms its cached candidates too); a discovery sweep's below. */
const recordGrid = (db: DbOrTx, judged: readonly JudgedQuote[], now: Date) => recordDeals(db, judged, now, DEAL_RULES.newEpisode.grid);
const recordSweep = (db: DbOrTx, judged: readonly JudgedQuote[], now: Date) => recordDeals(db, judged, now, DEAL_RULES.newEpisode.sweep);

test("a grid source: a confirmed cached fare alerts a new deal at once; a new episode on its dates waits until it has held 12 hours", () => {
  const db = migratedMemoryDb();

  expect(recordGrid(db, [confirmed(200, null)], at(0)).created).toBe(1);
  expect(dealState(db)).toEqual({ alert_version: 1, is_active: 1 });

  // The fare recovers: the deal ends.
  expect(recordGrid(db, [{ ...confirmed(300, 200), judgement: judgeFare(quote(300), range, "2026-12-01") }], at(5)).expired).toBe(1);

  // Back at the deal price, well below the dates' usual daily low (300): one hour's discovery and confirmation is one sighting.
  const first = recordGrid(db, [confirmed(200, 300)], at(8));
  expect(first).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(dealState(db)).toEqual({ alert_version: 1, is_active: 0 });

  // Seen again one to eleven hours later at that price (a cent in the dollar either way): it has not held long enough yet
  // (3 hours would do for a new deal; a new episode's dates have shown a deal before, and their own deep dips last hours).
  for (const hours of [9, 11, 13, 15, 17, 19]) expect(recordGrid(db, [confirmed(201, 300)], at(hours))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });

  // Twelve hours after it was first seen, still a drop: the new episode alerts.
  const held = recordGrid(db, [confirmed(199, 300)], at(20));
  expect(held).toMatchObject({ realerted: 1, dropsAwaitingLook: 0 });
  expect(dealState(db)).toEqual({ alert_version: 2, is_active: 1 });
  db.$client.close();
});

test("a discovery sweep: a new episode must be 15% below its dates' usual daily low (a grid source's 12%) and holds 6 hours", () => {
  const grid = migratedMemoryDb();
  const sweep = migratedMemoryDb();
  for (const [db, record] of [
    [grid, recordGrid],
    [sweep, recordSweep],
  ] as const) {
    expect(record(db, [confirmed(200, null)], at(0)).created).toBe(1);
    expect(record(db, [{ ...confirmed(300, 200), judgement: judgeFare(quote(300), range, "2026-12-01") }], at(5)).expired).toBe(1);
  }

  // $235 is a deal (22% below the typical $300) and 13% below the dates' usual daily low of $270.
  expect(recordGrid(grid, [confirmed(235, 270)], at(8))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(recordSweep(sweep, [confirmed(235, 270)], at(8))).toMatchObject({ realerted: 0, dropsAwaitingLook: 0 });

  // $216, 20% below it: a new episode in a sweep too, alerted once it has held 6 hours.
  expect(recordSweep(sweep, [confirmed(216, 270)], at(9))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(recordSweep(sweep, [confirmed(216, 270)], at(14))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(recordSweep(sweep, [confirmed(216, 270)], at(15))).toMatchObject({ realerted: 1, dropsAwaitingLook: 0 });
  expect(dealState(sweep)).toEqual({ alert_version: 2, is_active: 1 });
  grid.$client.close();
  sweep.$client.close();
});

test("a new episode seen once, then not a deal in the next hour, is forgotten and never alerts", () => {
  const db = migratedMemoryDb();
  recordGrid(db, [confirmed(200, null)], at(0));
  recordGrid(db, [{ ...confirmed(300, 200), judgement: judgeFare(quote(300), range, "2026-12-01") }], at(5));

  expect(recordGrid(db, [confirmed(200, 300)], at(8)).dropsAwaitingLook).toBe(1);
  recordGrid(db, [{ ...confirmed(290, 300), judgement: judgeFare(quote(290), range, "2026-12-01") }], at(9));
  // A drop again, 3 hours after the first sighting: the look between forgot it, so this is a first sighting.
  expect(recordGrid(db, [confirmed(200, 300)], at(11))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(recordGrid(db, [confirmed(200, 300)], at(13))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(dealState(db)).toEqual({ alert_version: 1, is_active: 0 });
  db.$client.close();
});

test("a live deal's further fall seen once waits; still there 3 hours later it re-alerts at the lower price", () => {
  const db = migratedMemoryDb();
  recordGrid(db, [confirmed(200, null)], at(0));

  // A day later the fare falls by more than 10% and $25: one sighting updates the deal but sends no alert.
  expect(recordGrid(db, [confirmed(170, 300)], at(25))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(db.$client.query("SELECT alert_version, price, last_alerted_price FROM deals").get()).toEqual({
    alert_version: 1,
    price: 170,
    last_alerted_price: 200,
  });

  // Seen again an hour later it waits; three hours after it was first seen, the further fall alerts.
  expect(recordGrid(db, [confirmed(171, 300)], at(26))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(recordGrid(db, [confirmed(171, 300)], at(28))).toMatchObject({ realerted: 1, dropsAwaitingLook: 0 });
  expect(db.$client.query("SELECT alert_version, last_alerted_price FROM deals").get()).toEqual({ alert_version: 2, last_alerted_price: 171 });
  db.$client.close();
});

test("a waiting drop that a fresh look finds at another fare starts again: a sale holds its fare, an hour's noise moves it (decision 146)", () => {
  const db = migratedMemoryDb();
  recordGrid(db, [confirmed(200, null)], at(0));

  expect(recordGrid(db, [confirmed(160, 300)], at(25))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  // An hour later still a further fall, but $8 (5 %) dearer: the sighting starts again at $168.
  expect(recordGrid(db, [confirmed(168, 300)], at(26))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  // Three hours after the first sighting, but only two after the second: it waits.
  expect(recordGrid(db, [confirmed(168, 300)], at(28))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  // A cached price says nothing about the fare it holds: it neither starts the sighting again nor alerts before it has held.
  const cachedLook: JudgedQuote = { ...confirmed(155, 300), quote: { ...quote(155), cached: true }, confirmsCachedDeal: false };
  expect(recordGrid(db, [cachedLook], at(28.5))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(recordGrid(db, [confirmed(168, 300)], at(29))).toMatchObject({ realerted: 1, dropsAwaitingLook: 0 });
  expect(db.$client.query("SELECT alert_version, last_alerted_price FROM deals").get()).toEqual({ alert_version: 2, last_alerted_price: 168 });
  db.$client.close();
});

test("a live deal's one low quote between ordinary ones never re-alerts", () => {
  const db = migratedMemoryDb();
  recordGrid(db, [confirmed(200, null)], at(0));

  expect(recordGrid(db, [confirmed(170, 300)], at(25)).dropsAwaitingLook).toBe(1);
  expect(recordGrid(db, [confirmed(198, 300)], at(26))).toMatchObject({ realerted: 0, dropsAwaitingLook: 0 });
  expect(recordGrid(db, [confirmed(170, 300)], at(27))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(dealState(db)).toEqual({ alert_version: 1, is_active: 1 });
  db.$client.close();
});

test("on dates never alerted, a fare clearly below typical (28 % or more, a possible mistake fare too) alerts at its first sighting; a marginal one holds 3 hours", () => {
  const db = migratedMemoryDb();
  const judged = (price: number): JudgedQuote => ({ quote: quote(price), range, pairRecentLows: [], judgement: judgeFare(quote(price), range, "2026-12-01") });

  // Half price, then 28 % below the typical $300: each on dates of its own, alerted by the look that first sees it.
  expect(recordGrid(db, [judged(140)], at(0))).toMatchObject({ created: 1, dropsAwaitingLook: 0 });
  const on =
    (departDate: string, returnDate: string) =>
    (price: number): JudgedQuote => ({ ...judged(price), quote: { ...quote(price), departDate, returnDate } });
  expect(recordGrid(db, [on("2027-02-19", "2027-02-21")(216)], at(0))).toMatchObject({ created: 1, dropsAwaitingLook: 0 });

  // 25 % below is a deal but marginal: it waits, and alerts once every look for 3 hours has found it.
  const marginal = on("2027-02-12", "2027-02-14");
  expect(recordGrid(db, [marginal(225)], at(1))).toMatchObject({ created: 0, dropsAwaitingLook: 1 });
  expect(recordGrid(db, [marginal(225)], at(2))).toMatchObject({ created: 0, dropsAwaitingLook: 1 });
  expect(recordGrid(db, [marginal(225)], at(4))).toMatchObject({ created: 1, dropsAwaitingLook: 0 });
  db.$client.close();
});

test("a possible mistake fare on dates alerted before holds half an hour, not 12: a new episode alerts on the next look", () => {
  const db = migratedMemoryDb();
  expect(recordGrid(db, [confirmed(200, null)], at(0)).created).toBe(1);
  expect(recordGrid(db, [{ ...confirmed(300, 200), judgement: judgeFare(quote(300), range, "2026-12-01") }], at(5)).expired).toBe(1);
  const mistake = (): JudgedQuote => ({
    quote: quote(140),
    range,
    pairRecentLows: [{ day: dayNumber("2026-12-01"), price: 300 }],
    judgement: judgeFare(quote(140), range, "2026-12-02"),
  });
  expect(recordGrid(db, [mistake()], at(24))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(recordGrid(db, [mistake()], new Date(START + 24 * HOUR + 20 * 60_000))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(recordGrid(db, [mistake()], at(25))).toMatchObject({ realerted: 1, dropsAwaitingLook: 0 });
  expect(dealState(db)).toEqual({ alert_version: 2, is_active: 1 });
  db.$client.close();
});

test("a new sale days after a deal ended is judged against the days since it ended, not the earlier sale's", () => {
  const db = migratedMemoryDb();
  const day = (date: string) => dayNumber(date);
  // The earlier sale's days at $200, its deal ended on 1 December, then three days back at $300.
  const lows = [
    ...["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"].map((date) => ({ day: day(date), price: 200 })),
    ...["2026-12-02", "2026-12-03", "2026-12-04"].map((date) => ({ day: day(date), price: 300 })),
  ];
  const sale = (price: number): JudgedQuote => ({ quote: quote(price), range, pairRecentLows: lows, judgement: judgeFare(quote(price), range, "2026-12-05") });
  expect(recordGrid(db, [confirmed(200, null)], at(0)).created).toBe(1);
  expect(recordGrid(db, [{ ...confirmed(300, 200), judgement: judgeFare(quote(300), range, "2026-12-01") }], at(5)).expired).toBe(1);

  // 4 December, a new sale at $240: 20 % below the $300 the dates cost since the deal ended (the whole week's median is $200).
  expect(recordGrid(db, [sale(240)], at(90))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  for (const hours of [93, 96, 99]) expect(recordGrid(db, [sale(240)], at(hours))).toMatchObject({ realerted: 0, dropsAwaitingLook: 1 });
  expect(recordGrid(db, [sale(240)], at(102))).toMatchObject({ realerted: 1, dropsAwaitingLook: 0 });
  expect(dealState(db)).toEqual({ alert_version: 2, is_active: 1 });
  db.$client.close();
});

test("a fare back at the deal price on the day its deal ended is the same episode, not a new alert", () => {
  const db = migratedMemoryDb();
  const lows = ["2026-11-28", "2026-11-29", "2026-11-30"].map((date) => ({ day: dayNumber(date), price: 200 }));
  expect(recordGrid(db, [confirmed(200, null)], at(0)).created).toBe(1);
  expect(recordGrid(db, [{ ...confirmed(300, 200), judgement: judgeFare(quote(300), range, "2026-12-01") }], at(2)).expired).toBe(1);
  const back = (price: number): JudgedQuote => ({ quote: quote(price), range, pairRecentLows: lows, judgement: judgeFare(quote(price), range, "2026-12-01") });
  expect(recordGrid(db, [back(200)], at(4))).toMatchObject({ realerted: 0, dropsAwaitingLook: 0 });
  expect(recordGrid(db, [back(200)], at(8))).toMatchObject({ realerted: 0, dropsAwaitingLook: 0 });
  expect(dealState(db)).toEqual({ alert_version: 1, is_active: 0 });
  db.$client.close();
});
