/**
 * A new deal must also be below its own dates' recent prices when its fresh answer lists them (decision 141): at
 * 35,000 searches a month most alerts were date pairs our route-wide typical price put 10 % or more too high.
 */
import { expect, test } from "bun:test";
import { addDays } from "../../src/domain/calendar.ts";
import { DEAL_RULES } from "../../src/domain/deal-rules.ts";
import { recordDeals, type JudgedQuote } from "../../src/server/fares/judge/deal-records.ts";
import { judgeFare } from "../../src/server/fares/judge/detect.ts";
import type { PriceRange } from "../../src/server/fares/judge/typical-range.ts";
import type { FareQuote } from "../../src/server/fares/sources/fare-source.ts";
import { HOUR, quote } from "../support/scripted-fares.ts";
import { migratedMemoryDb } from "../support/test-app.ts";

const NOW = new Date("2026-12-01T15:00:00Z");
const TODAY = "2026-12-01";
const range: PriceRange = { low: 280, median: 300, high: 320, observations: 60, spread: 0.05, tripKind: "weekend" };
/** Google's daily prices of the dates for the 30 days before today. */
const ownDays = (price: number) => Array.from({ length: 30 }, (_, i) => ({ day: addDays(TODAY, i - 30), price }));
const searchapiQuote = (price: number, history: FareQuote["providerPriceHistory"]) =>
  quote({ destination: "LAS", departDate: "2027-02-05", returnDate: "2027-02-07", price, providerPriceHistory: history, source: "searchapi" });
/** A fresh answer confirming a discovered price, judged against our typical $300. */
const confirmed = (price: number, history: FareQuote["providerPriceHistory"]): JudgedQuote => ({
  quote: searchapiQuote(price, history),
  range,
  pairRecentLows: [],
  judgement: judgeFare(searchapiQuote(price, history), range, TODAY),
  confirmsCachedDeal: true,
});
const record = (db: ReturnType<typeof migratedMemoryDb>, judged: JudgedQuote, now = NOW) => recordDeals(db, [judged], now, DEAL_RULES.newEpisode.sweep);

test("$230 is 23 % below our typical $300, but its own dates cost $270 all month: no deal, no alert", () => {
  const db = migratedMemoryDb();
  expect(confirmed(230, ownDays(270)).judgement?.isDeal).toBe(true);
  expect(record(db, confirmed(230, ownDays(270)))).toMatchObject({ found: 0, created: 0 });
  expect(db.$client.query("SELECT COUNT(*) AS n FROM deals").get()).toEqual({ n: 0 });
  db.$client.close();
});

test("the same fare on dates that cost $300 all month is a deal and alerts at once", () => {
  const db = migratedMemoryDb();
  expect(record(db, confirmed(230, ownDays(300)))).toMatchObject({ found: 1, created: 1 });
  db.$client.close();
});

test("an answer without its dates' prices (or with fewer than 7 days) leaves our typical price to decide", () => {
  for (const history of [null, undefined, ownDays(270).slice(-6)]) {
    const db = migratedMemoryDb();
    expect(record(db, confirmed(230, history))).toMatchObject({ found: 1, created: 1 });
    db.$client.close();
  }
});

test("a live deal is not judged again by its own days: their recent prices are the sale's", () => {
  const db = migratedMemoryDb();
  expect(record(db, confirmed(230, ownDays(300))).created).toBe(1);
  // Two days on, Google's days include the sale's: the deal stays live at its price, not ended and not re-created.
  const later = new Date(NOW.getTime() + 48 * HOUR);
  const saleDays = [...ownDays(300).slice(2), { day: "2026-12-01", price: 230 }, { day: "2026-12-02", price: 230 }];
  expect(record(db, confirmed(230, saleDays), later)).toMatchObject({ found: 1, created: 0, expired: 0 });
  expect(db.$client.query("SELECT is_active, alert_version FROM deals").get()).toEqual({ is_active: 1, alert_version: 1 });
  db.$client.close();
});
