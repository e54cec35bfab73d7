/**
 * Scan benchmark (issue 5): one scan of all 81 routes with the simulated source — quotes, detection, deal
 * records and the fan-out of new deals to N subscribers with their alert emails — on a fresh database file.
 * The year of simulated price history a first boot records is written before the clock starts, and each
 * size runs in its own process so its peak RSS is its own. Alone: `bun tests/bench/scan.bench.ts [N ...]`.
 */
import { join } from "node:path";
import { openDatabase, type Db } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { storeObservations } from "../../src/server/fares/observations.ts";
import { scanFares } from "../../src/server/jobs.ts";
import { createSimulatedFareSource } from "../../src/server/fares/simulated.ts";
import { TestClock } from "../support/test-clock.ts";
import { makeTempDir, removeTempDir, runJsonChild } from "./support.ts";

export interface ScanBenchResult {
  seconds: number;
  peakRssMb: number;
  deals: number;
  matches: number;
}

export const SCAN_GOALS: Record<number, { seconds: number; peakRssMb?: number }> = {
  10000: { seconds: 2 },
  100000: { seconds: 20, peakRssMb: 300 },
};

const BENCH_NOW = new Date("2026-11-22T15:00:00Z");

/**
 * A realistic mix: most subscribers active with default preferences; some pick destinations, a lower
 * maximum price or nonstop only; some have no access (paused, cancelled, past due, period ended); a fifth
 * have email alerts off.
 */
export function insertSubscribers(db: Db, count: number, now: Date): void {
  const nowMs = now.getTime();
  db.$client
    .query(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $count)
       INSERT INTO users (email, first_name, last_name, password_hash, email_alerts, preferences, unsubscribe_token,
         subscription_type, subscription_status, cancel_at_period_end, current_period_end, created_at, updated_at)
       SELECT 'bench' || i || '@example.com', 'Bench', 'Subscriber', NULL,
         CASE WHEN i % 5 = 0 THEN 0 ELSE 1 END,
         CASE i % 20
           WHEN 1 THEN '{"destinations":["LHR","CDG","KEF"],"maxPrice":900,"nonstopOnly":false}'
           WHEN 2 THEN '{"destinations":["ORD","DEN","BWI"],"maxPrice":500,"nonstopOnly":false}'
           WHEN 3 THEN '{"destinations":["MCO"],"maxPrice":500,"nonstopOnly":true}'
           WHEN 4 THEN '{"destinations":[],"maxPrice":300,"nonstopOnly":false}'
           WHEN 5 THEN '{"destinations":[],"maxPrice":200,"nonstopOnly":false}'
           WHEN 6 THEN '{"destinations":[],"maxPrice":500,"nonstopOnly":true}'
           WHEN 7 THEN '{"destinations":[],"maxPrice":1500,"nonstopOnly":false}'
           ELSE '{"destinations":[],"maxPrice":500,"nonstopOnly":false}'
         END,
         'bench-token-' || i, 'Paid',
         CASE i % 25 WHEN 0 THEN 'Paused' WHEN 1 THEN 'Cancelled' WHEN 2 THEN 'Past Due' ELSE 'Active' END,
         CASE WHEN i % 30 IN (3, 4) THEN 1 ELSE 0 END,
         CASE WHEN i % 30 = 3 THEN $now + 86400000 WHEN i % 30 = 4 THEN $now - 86400000 ELSE $now + 30 * 86400000 END,
         $now, $now
       FROM seq`,
    )
    .run({ count, now: nowMs });
}

/** Runs in this process: setup, then one timed scan. */
export async function runScanBenchHere(subscribers: number): Promise<ScanBenchResult> {
  const folder = makeTempDir("scan");
  try {
    const db = openDatabase(join(folder, "bench.sqlite"));
    migrateDatabase(db);
    const clock = new TestClock(BENCH_NOW);
    const fares = createSimulatedFareSource();
    db.transaction(() => storeObservations(db, fares.pastObservations!(BENCH_NOW)));
    insertSubscribers(db, subscribers, BENCH_NOW);

    const summary = await scanFares({ db, clock, fares }, { log: () => {} });
    if (summary.status !== "succeeded") throw new Error(`scan failed: ${summary.errors.join("; ")}`);
    db.$client.close();
    return {
      seconds: summary.seconds,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      deals: summary.newDeals + summary.realerted,
      matches: summary.matches,
    };
  } finally {
    removeTempDir(folder);
  }
}

/** One scan fanned out to `subscribers`, measured in a fresh process (at most 3 minutes). */
export function benchScan(subscribers: number): Promise<ScanBenchResult> {
  return runJsonChild<ScanBenchResult>([process.execPath, import.meta.path, "--child", String(subscribers)], 180_000);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (args[0] === "--child") {
    console.log(JSON.stringify(await runScanBenchHere(Number(args[1]))));
  } else {
    const sizes = args.length > 0 ? args.map(Number) : [10_000, 100_000];
    for (const size of sizes) {
      const result = await benchScan(size);
      const goal = SCAN_GOALS[size];
      const verdict = goal
        ? result.seconds < goal.seconds && (goal.peakRssMb === undefined || result.peakRssMb < goal.peakRssMb)
          ? "meets goal"
          : "MISSES goal"
        : "";
      console.log(
        `scan, ${size.toLocaleString("en-US")} subscribers: ${result.seconds.toFixed(2)} s, peak RSS ${result.peakRssMb.toFixed(0)} MB, ` +
          `${result.deals} deals, ${result.matches.toLocaleString("en-US")} matches` +
          (goal ? ` (goal < ${goal.seconds} s${goal.peakRssMb ? `, < ${goal.peakRssMb} MB` : ""}: ${verdict})` : ""),
      );
    }
  }
}
