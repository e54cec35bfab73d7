/**
 * What a fresh `npm start` shows with the default simulated market (docs/decisions/053). For boot moments spread
 * over a year: a fresh in-memory database, the boot scan (which first records the market's year of past prices),
 * then the default schedule's scans (every 3 hours, on the hour UTC, each with its second look) for one day, through
 * the real runScan. Prints the deals found after the boot scan and after the day, how many are really 20 % below the market's ordinary fare,
 * and what cut each deal's fare (a sale, a mistake fare or the market's ordinary ups and downs). Then, without scanning: the market's mistake fares per month over a year,
 * and how often the price guard (MIN_FARE) binds over a year of the scan grid's quotes.
 * Run: `bun tests/market/fresh-install.ts [boot ISO moments...]` (about 10 s per boot moment).
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { deals } from "../../db/schema.ts";
import { addDays, DAY_MS, dayNumber } from "../../src/domain/calendar.ts";
import { GRID_SCAN_EVERY_HOURS } from "../../src/server/config.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { tripDatePairs } from "../../src/server/fares/sweep/scan-plan.ts";
import { createSimulatedFareSource } from "../../src/server/fares/sources/simulated.ts";
import { markdownOf, MIN_FARE, MISTAKE_WINDOW_MS, mistakeFareOn, ordinaryFare, simulatedFare } from "../../src/server/fares/sources/simulated-market.ts";
import { simulatedRoutes } from "../../src/server/fares/sources/simulated-routes.ts";
import { scanWithSecondLook } from "../support/second-look.ts";
import { TestClock } from "../support/test-clock.ts";

const SCAN_EVERY_MS = GRID_SCAN_EVERY_HOURS * 3_600_000;
const SCANS_AFTER_BOOT = 24 / GRID_SCAN_EVERY_HOURS;
const DEFAULT_BOOTS = [
  "2026-11-24T08:30:00Z",
  "2027-01-06T11:05:00Z",
  "2027-02-10T14:10:00Z",
  "2027-03-24T09:40:00Z",
  "2027-05-05T20:45:00Z",
  "2027-06-16T16:15:00Z",
  "2027-08-18T03:20:00Z",
  "2027-10-06T22:50:00Z",
];

interface FreshInstall {
  boot: string;
  afterBoot: number;
  afterDay: number;
  liveAfterDay: number;
  causes: Record<string, number>;
  /** Deals whose price is really at least 20 % below the market's ordinary fare for their dates. */
  trulyCheap: number;
  /** Each deal's price below the market's ordinary fare for its dates (0.25 = 25 % below). */
  trueDepths: number[];
}

async function measure(boot: string): Promise<FreshInstall> {
  const db = openDatabase(":memory:");
  migrateDatabase(db);
  const clock = new TestClock(new Date(boot));
  const deps = { db, clock, fares: createSimulatedFareSource() };
  const quiet = { log: () => {} };
  // As src/server/jobs.ts runs them: a scan that leaves drops seen once is followed by a second look at the next hour.
  const scan = (options: { secondLook: boolean }) => runScan(deps, { ...quiet, ...options });
  let afterBoot = 0;
  await scanWithSecondLook(clock, async (options) => {
    const summary = await scan(options);
    if (!options.secondLook) afterBoot = db.select().from(deals).all().length;
    return summary;
  });
  let next = Math.ceil(clock.now().getTime() / SCAN_EVERY_MS) * SCAN_EVERY_MS;
  for (let count = 0; count < SCANS_AFTER_BOOT; count++, next += SCAN_EVERY_MS) {
    clock.set(new Date(next));
    await scanWithSecondLook(clock, scan);
  }
  const found = db.select().from(deals).all();
  const causes: Record<string, number> = {};
  let trulyCheap = 0;
  const trueDepths: number[] = [];
  for (const deal of found) {
    const ordinary = ordinaryFare(
      { destination: deal.destination, departDate: deal.departDate, returnDate: deal.returnDate || null, cabin: "economy", purpose: "discover" },
      deal.lastAlertedAt,
    )!;
    if (deal.lastAlertedPrice <= 0.8 * ordinary) trulyCheap++;
    trueDepths.push(1 - deal.lastAlertedPrice / ordinary);
    // As alerted: the price and moment of the deal's last alert (a live deal's price moves after it).
    const cause = markdownOf(deal.destination, deal.departDate, deal.lastAlertedAt) ?? "ups and downs";
    causes[cause] = (causes[cause] ?? 0) + 1;
  }
  const liveAfterDay = db.select().from(deals).where(eq(deals.isActive, true)).all().length;
  return { boot, afterBoot, afterDay: found.length, liveAfterDay, causes, trulyCheap, trueDepths };
}

/** Mistake fares (route × six-hour window) the market files in each month of the year from `start`. */
function mistakeFaresPerMonth(start: string): number[] {
  const counts: number[] = [];
  for (let month = 0; month < 12; month++) {
    const from = Date.parse(`${start}T00:00:00Z`) + month * 30 * DAY_MS;
    let count = 0;
    for (let at = from; at < from + 30 * DAY_MS; at += MISTAKE_WINDOW_MS) {
      for (const code of simulatedRoutes()) if (mistakeFareOn(code, new Date(at))) count++;
    }
    counts.push(count);
  }
  return counts;
}

/** Of the scan grid's quotes at 17:00 UTC on every day of a year (every route, every date pair): how many sit at MIN_FARE. */
function guardBinding(start: string): { quotes: number; atGuard: number } {
  let quotes = 0;
  let atGuard = 0;
  for (let day = 0; day < 365; day++) {
    const today = addDays(start, day);
    const at = new Date(dayNumber(today) * DAY_MS + 17 * 3_600_000);
    for (const pair of tripDatePairs(today)) {
      for (const destination of simulatedRoutes()) {
        const quote = simulatedFare({ destination, ...pair, cabin: "economy", purpose: "discover" }, at)!;
        quotes++;
        if (quote.price <= MIN_FARE) atGuard++;
      }
    }
  }
  return { quotes, atGuard };
}

const boots = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_BOOTS;
console.log(
  `| boot (UTC) | deals after the boot scan | deals after a day (boot + ${SCANS_AFTER_BOOT} scans) | live after the day | really ≥ 20 % below the ordinary fare | what cut the fares |`,
);
console.log("|---|---|---|---|---|---|");
let totalBoot = 0;
let totalDay = 0;
const trueDepths: number[] = [];
for (const boot of boots) {
  const r = await measure(boot);
  totalBoot += r.afterBoot;
  totalDay += r.afterDay;
  trueDepths.push(...r.trueDepths);
  const causes = Object.entries(r.causes)
    .map(([cause, n]) => `${cause} ${n}`)
    .join(", ");
  console.log(`| ${r.boot} | ${r.afterBoot} | ${r.afterDay} | ${r.liveAfterDay} | ${r.trulyCheap} | ${causes} |`);
}
console.log(`| mean | ${(totalBoot / boots.length).toFixed(1)} | ${(totalDay / boots.length).toFixed(1)} | | | |`);

const percent = (share: number) => `${Math.round(100 * share)} %`;
const shallow = trueDepths.filter((depth) => depth < 0.2).sort((a, b) => a - b);
console.log(
  `\ndeals less than 20 % below the ordinary fare: ${shallow.length} of ${trueDepths.length}` +
    (shallow.length > 0
      ? `, from ${percent(shallow[0]!)} to ${percent(shallow.at(-1)!)} below it (median ${percent(shallow[Math.floor(shallow.length / 2)]!)})`
      : ""),
);

const mistakes = mistakeFaresPerMonth("2027-01-01");
const mean = mistakes.reduce((a, b) => a + b, 0) / mistakes.length;
console.log(`mistake fares per 30 days across the network, 2027: ${mistakes.join(", ")} (mean ${mean.toFixed(1)})`);
const guard = guardBinding("2027-01-01");
console.log(
  `quotes at the $${MIN_FARE} guard over 2027's scan grid: ${guard.atGuard} of ${guard.quotes.toLocaleString("en-US")} (${((100 * guard.atGuard) / guard.quotes).toFixed(4)} %)`,
);
