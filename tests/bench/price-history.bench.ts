/**
 * Price history benchmark: what every scan of a discovery sweep pays before it judges a quote, at the volume of a year
 * on the largest plan the deal-quality tables measure (SearchApi, 35,000 searches a month). A scan reads the year's
 * daily minima (loadPriceHistory) and builds each route's typical-range model from them (routeModels). The year is
 * written to a database file in one process; the timed read and build run in a fresh one, so its peak RSS is theirs.
 * Alone: `bun tests/bench/price-history.bench.ts`.
 */
import { join } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { addDays, rduToday } from "../../src/domain/calendar.ts";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { HISTORY_DAYS, loadPriceHistory } from "../../src/server/fares/judge/observations.ts";
import { routeModels } from "../../src/server/fares/judge/typical-range.ts";
import { seededRandom } from "../../src/server/fares/sources/seeded-random.ts";
import { makeTempDir, removeTempDir, runJsonChild } from "./support.ts";

/**
 * A 40-day replay of SearchApi 35,000 (`--budget-job`, stationary world, seed 1) kept about 28,000 rows a day (about 230
 * for each of ~124 route keys); the bench writes as many over the 81 round-trip routes.
 */
const ROWS_PER_ROUTE_DAY = 350;
const NIGHTS = [1, 2, 3, 4, 6, 7, 8, 9];
const SOURCE = "searchapi";
const BENCH_NOW = new Date("2026-11-22T15:00:00Z");

export interface PriceHistoryBenchResult {
  rows: number;
  loadSeconds: number;
  modelSeconds: number;
  peakRssMb: number;
}

export const PRICE_HISTORY_GOAL = { seconds: 30, peakRssMb: 2_000 };

/** A year of one sweep's daily minima: each route's distinct date pairs of the next 270 days, 350 a day. */
function writeYear(path: string): void {
  const db = openDatabase(path);
  migrateDatabase(db);
  const random = seededRandom("price history bench");
  const today = rduToday(BENCH_NOW);
  const insert = db.$client.query(
    `INSERT OR IGNORE INTO fare_observations (origin, destination, trip_type, cabin, nonstop, depart_date, return_date, price, airline,
       duration_minutes, source, observed_day, observed_at)
     VALUES ('RDU', ?, 'round_trip', 'economy', 0, ?, ?, ?, 'XX', 120, '${SOURCE}', ?, ?)`,
  );
  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    const observedAt = BENCH_NOW.getTime() - back * 86_400_000;
    db.transaction(() => {
      for (const destination of DESTINATIONS) {
        for (let k = 0; k < ROWS_PER_ROUTE_DAY; k++) {
          const departDate = addDays(day, 1 + Math.floor(random() * 270));
          const returnDate = addDays(departDate, NIGHTS[Math.floor(random() * NIGHTS.length)]!);
          insert.run(destination.code, departDate, returnDate, 150 + Math.floor(random() * 300), day, observedAt);
        }
      }
    });
  }
  db.$client.close();
}

function timeHere(path: string): PriceHistoryBenchResult {
  const db = openDatabase(path);
  const started = performance.now();
  const history = loadPriceHistory(db, SOURCE, BENCH_NOW);
  const loaded = performance.now();
  routeModels(history);
  const built = performance.now();
  db.$client.close();
  let rows = 0;
  for (const list of history.routes.values()) rows += list.length;
  return {
    rows,
    loadSeconds: (loaded - started) / 1000,
    modelSeconds: (built - loaded) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

/** The year written in one process, read and modelled in a fresh one (at most 10 minutes each). */
export async function benchPriceHistory(): Promise<PriceHistoryBenchResult> {
  const folder = makeTempDir("price-history");
  try {
    const path = join(folder, "bench.sqlite");
    await runJsonChild<null>([process.execPath, import.meta.path, "--prepare", path], 600_000);
    return await runJsonChild<PriceHistoryBenchResult>([process.execPath, import.meta.path, "--child", path], 600_000);
  } finally {
    removeTempDir(folder);
  }
}

if (import.meta.main) {
  const [mode, path] = process.argv.slice(2);
  if (mode === "--prepare") {
    writeYear(path!);
    console.log("null");
  } else if (mode === "--child") {
    console.log(JSON.stringify(timeHere(path!)));
  } else {
    console.log(JSON.stringify(await benchPriceHistory()));
  }
}
