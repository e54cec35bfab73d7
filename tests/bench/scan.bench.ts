/**
 * Scan benchmark (issue 5): one scan of all 81 routes with the simulated source — quotes, detection, deal
 * records and the fan-out of new deals to N subscribers with their alert emails — on a fresh database file.
 * The year of simulated price history a first boot records is written before the clock starts, with a scan 3 hours
 * earlier (untimed, no subscribers) that first sees the drops the timed scan alerts, in a process of its own; the
 * timed scan then runs in a fresh process on that file, so its peak RSS is the scan and fan-out's own. Subscribers carry issue 16's alert settings (travel windows on
 * 30 %, digests, snoozes, push devices: insertAlertSettings). Alone: `bun tests/bench/scan.bench.ts [N ...]`.
 */
import { join } from "node:path";
import { openDatabase, type Db } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { HOUR_MS } from "../../src/domain/calendar.ts";
import { DEAL_RULES } from "../../src/domain/deal-rules.ts";
import { storeObservations } from "../../src/server/fares/judge/observations.ts";
import { scanFares } from "../../src/server/jobs.ts";
import { createSimulatedFareSource } from "../../src/server/fares/sources/simulated.ts";
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

/**
 * Issue 16's alert settings on the same subscribers: travel windows on 30 % (two or three each), two thirds of those
 * alerted only for deals that fit them; 5 % daily and 2.5 % weekly digests; 5 % snoozed one destination; 2 % with a
 * push device. Quiet hours keep their default (the bench's clock is 10 am in New York).
 */
export function insertAlertSettings(db: Db, now: Date): void {
  const nowMs = now.getTime();
  db.$client
    .query(
      `INSERT INTO travel_windows (user_id, name, start_date, end_date, min_nights, max_nights, needs_weekend, created_at)
       SELECT id, 'Thanksgiving week', '2026-11-21', '2026-11-29', NULL, NULL, 0, $now FROM users WHERE id % 10 < 3
       UNION ALL SELECT id, 'Spring break', '2027-03-06', '2027-03-22', 3, 9, 1, $now FROM users WHERE id % 10 < 3
       UNION ALL SELECT id, 'Winter break', '2026-12-19', '2027-01-03', 2, NULL, 0, $now FROM users WHERE id % 10 = 0`,
    )
    .run({ now: nowMs });
  db.$client.run(`UPDATE users SET alert_rule = 'windows', alert_exceptional = (id % 20 = 0) WHERE id % 10 IN (0, 1)`);
  db.$client.run(`UPDATE users SET alert_delivery = CASE WHEN id % 20 = 7 THEN 'daily' WHEN id % 40 = 9 THEN 'weekly' ELSE 'instant' END`);
  db.$client
    .query(`INSERT INTO alert_snoozes (user_id, destination, until) SELECT id, 'LAX', $until FROM users WHERE id % 20 = 11`)
    .run({ until: nowMs + 30 * 86_400_000 });
  db.$client
    .query(
      `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, label, created_at)
       SELECT id, 'https://fcm.googleapis.com/fcm/send/bench-' || id, 'key', 'auth', 'Bench phone', $now FROM users WHERE id % 50 = 13`,
    )
    .run({ now: nowMs });
}

/**
 * The world before the timed scan, on a database file: a year of simulated history, a scan 3 hours earlier with nobody
 * subscribed, then the subscribers. Run in a process of its own, so its memory is not the timed scan's.
 */
export async function prepareScanBench(path: string, subscribers: number): Promise<void> {
  const db = openDatabase(path);
  migrateDatabase(db);
  const fares = createSimulatedFareSource();
  db.transaction(() => storeObservations(db, fares.pastObservations!(BENCH_NOW)));
  // A drop alerts once it has held 3 hours (docs/deal-rules.md, rule 4): a scan that long before, with nobody
  // subscribed yet, sees the drops first, so the timed scan alerts them and fans them out.
  const clock = new TestClock(new Date(BENCH_NOW.getTime() - DEAL_RULES.dropHoldsHours * HOUR_MS));
  await scanFares({ db, clock, fares }, { log: () => {} });
  insertSubscribers(db, subscribers, BENCH_NOW);
  insertAlertSettings(db, BENCH_NOW);
  db.$client.close();
}

/** The timed scan, in a fresh process on the prepared file: its seconds, and the process's peak RSS (the scan and fan-out's own). */
export async function runScanBenchHere(path: string): Promise<ScanBenchResult> {
  const db = openDatabase(path);
  const summary = await scanFares({ db, clock: new TestClock(BENCH_NOW), fares: createSimulatedFareSource() }, { log: () => {} });
  if (summary.status !== "succeeded") throw new Error(`scan failed: ${summary.errors.join("; ")}`);
  if (summary.newDeals + summary.realerted === 0) throw new Error("the timed scan alerted no deal: it measured no fan-out");
  db.$client.close();
  return {
    seconds: summary.seconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    deals: summary.newDeals + summary.realerted,
    matches: summary.matches,
  };
}

/** One scan fanned out to `subscribers`: the world prepared in one process, the scan measured in a fresh one (at most 3 minutes each). */
export async function benchScan(subscribers: number): Promise<ScanBenchResult> {
  const folder = makeTempDir("scan");
  try {
    const path = join(folder, "bench.sqlite");
    await runJsonChild<null>([process.execPath, import.meta.path, "--prepare", path, String(subscribers)], 180_000);
    return await runJsonChild<ScanBenchResult>([process.execPath, import.meta.path, "--child", path], 180_000);
  } finally {
    removeTempDir(folder);
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (args[0] === "--prepare") {
    await prepareScanBench(args[1]!, Number(args[2]));
    console.log("null");
  } else if (args[0] === "--child") {
    console.log(JSON.stringify(await runScanBenchHere(args[1]!)));
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
