/**
 * GET /api/flight-deals for a subscriber with 500 deals, 64 connections on loopback, against a handler in
 * the same process that answers the same JSON precomputed (issue 5 goal: at least half its requests/s).
 * The precomputed handler is a route of the same app (same server, plugins and headers), so the ratio
 * measures what the deals handler adds; a bare Bun.serve answering the same bytes is reported too.
 * The load comes from a separate process so it does not share the server's thread.
 * Alone: `bun tests/bench/deals-list.bench.ts [deals] [seconds]`.
 */
import { join } from "node:path";
import { openDatabase, type Db } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { createApp } from "../../src/server/app.ts";
import { createSession } from "../../src/server/auth/sessions.ts";
import { insertUser } from "../../src/server/auth/users.ts";
import { TestBilling } from "../../src/server/billing/test-billing.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { Deps } from "../../src/server/deps.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { createSimulatedFareSource } from "../../src/server/fares/sources/simulated.ts";
import { fakeAssets, RecordingMailer } from "../support/test-app.ts";
import { TestClock } from "../support/test-clock.ts";
import { runLoadOnThisProcess, type InProcessLoadReport } from "./load-generator.ts";
import { makeTempDir, removeTempDir } from "./support.ts";

export interface DealListBenchResult {
  requestsPerSecond: number;
  /** The same JSON from a route of the same app that does no work. */
  precomputedRequestsPerSecond: number;
  ratio: number;
  /** The same JSON from a bare Bun.serve, for reference. */
  bareServerRequestsPerSecond: number;
  bytes: number;
  /** The server's CPU time per request, deals route and precomputed route: a cross-check background load barely moves. */
  cpuMicrosPerRequest: number;
  precomputedCpuMicrosPerRequest: number;
  /** The highest share of one core the server used during the two runs: well below 1, the load generator was the limit. */
  serverCpuShare: number;
}

const NOW = new Date("2026-11-22T15:00:00Z");

/** `count` live deals owed to subscribers (not fanned out yet), newest first by id. */
export function insertDeals(db: Db, count: number, now: Date): void {
  db.$client
    .query(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $count)
       INSERT INTO deals (dedupe_key, origin, destination, airline, trip_type, cabin, depart_date, return_date, travel_dates,
         destination_city, price, duration_minutes, nonstop, typical_low, typical_high, typical_median, percent_below_typical,
         tier, source, alert_version, fanned_out_version, last_alerted_at, last_alerted_price, first_found_at, last_seen_at, last_checked_at)
       SELECT 'bench-' || i, 'RDU', 'LAX', 'Delta', 'round_trip', 'economy', date('2027-01-01', '+' || (i % 200) || ' days'),
         date('2027-01-03', '+' || (i % 200) || ' days'), 'Fri, Jan 8 - Sun, Jan 10', 'Los Angeles', 199 + i % 100, 315, i % 2,
         340, 420, 380, 48, 'great', 'simulated', 1, 0, $now - i * 60000, 199, $now, $now, $now
       FROM seq`,
    )
    .run({ count, now: now.getTime() });
}

/** `connections` loops on `url`; any error or non-2xx answer fails the benchmark. */
async function load(url: string, cookie: string, seconds: number, connections: number): Promise<InProcessLoadReport> {
  const report = await runLoadOnThisProcess({ targets: [{ url, headers: cookie ? { cookie } : {} }], connections, seconds, warmupSeconds: 1 });
  if (report.errors + report.non2xx > 0) throw new Error(`load on ${url} failed: ${report.firstProblem}`);
  return report;
}

export async function benchDealList(deals = 500, seconds = 5, connections = 64): Promise<DealListBenchResult> {
  const folder = makeTempDir("deals-list");
  const config = loadConfig({ DATABASE_PATH: join(folder, "bench.sqlite"), APP_URL: "http://127.0.0.1:3000" });
  const db = openDatabase(config.databasePath);
  migrateDatabase(db);
  const clock = new TestClock(NOW);
  const deps: Deps = {
    config,
    db,
    clock,
    mailer: new RecordingMailer(),
    assets: fakeAssets,
    billing: new TestBilling(db, clock),
    fares: createSimulatedFareSource(),
  };
  const user = insertUser(
    db,
    { email: "bench@example.com", subscriptionStatus: "Active", preferences: { destinations: [], maxPrice: 1000, nonstopOnly: false } },
    NOW,
  );
  insertDeals(db, deals, NOW);
  await fanOutOwedDeals(deps);
  const cookie = `gordu_session=${createSession(db, user.id, NOW).token}`;

  const app = createApp(deps);
  const answer = await app.handle(new Request(`${config.appUrl}/api/flight-deals`, { headers: { cookie } }));
  const body = await answer.text();
  if (answer.status !== 200 || (JSON.parse(body) as unknown[]).length !== deals) throw new Error(`unexpected answer ${answer.status}`);
  const headers = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
  const bytes = new TextEncoder().encode(body);

  const server = app.get("/bench/precomputed", () => new Response(bytes, { headers })).listen({ hostname: "127.0.0.1", port: 0 });
  const bare = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response(bytes, { headers }) });
  const origin = `http://127.0.0.1:${server.server!.port}`;
  try {
    const precomputed = await load(`${origin}/bench/precomputed`, "", seconds, connections);
    const list = await load(`${origin}/api/flight-deals`, cookie, seconds, connections);
    const bareServer = await load(`http://127.0.0.1:${bare.port}/`, "", seconds, connections);
    return {
      requestsPerSecond: list.requestsPerSecond,
      precomputedRequestsPerSecond: precomputed.requestsPerSecond,
      ratio: list.requestsPerSecond / precomputed.requestsPerSecond,
      bareServerRequestsPerSecond: bareServer.requestsPerSecond,
      bytes: bytes.byteLength,
      cpuMicrosPerRequest: list.serverCpuMicrosPerRequest,
      precomputedCpuMicrosPerRequest: precomputed.serverCpuMicrosPerRequest,
      serverCpuShare: Math.max(list.serverCpuShare, precomputed.serverCpuShare),
    };
  } finally {
    await server.stop();
    await bare.stop(true);
    db.$client.close();
    removeTempDir(folder);
  }
}

export function describeDealListCpu(result: DealListBenchResult): string {
  return (
    `Server CPU per request: deals list ${result.cpuMicrosPerRequest.toFixed(0)} µs, precomputed ${result.precomputedCpuMicrosPerRequest.toFixed(0)} µs ` +
    `(ratio ${(result.precomputedCpuMicrosPerRequest / result.cpuMicrosPerRequest).toFixed(2)}); the server used at most ${(result.serverCpuShare * 100).toFixed(0)} % of a core.`
  );
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const result = await benchDealList(Number(args[0] ?? 500), Number(args[1] ?? 5));
  console.log(
    `GET /api/flight-deals, ${args[0] ?? 500} deals (${(result.bytes / 1024).toFixed(0)} KB), 64 connections: ${result.requestsPerSecond.toFixed(0)} req/s; ` +
      `precomputed route ${result.precomputedRequestsPerSecond.toFixed(0)} req/s; ratio ${result.ratio.toFixed(2)} (goal ≥ 0.5: ${result.ratio >= 0.5 ? "meets goal" : "MISSES goal"}); ` +
      `bare Bun.serve ${result.bareServerRequestsPerSecond.toFixed(0)} req/s`,
  );
  console.log(describeDealListCpu(result));
}
