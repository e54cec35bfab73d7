/**
 * Load (docs/hardening.md "Load"): 200 concurrent connections for 30 s, half on the landing page (anonymous,
 * gzip) and half on `GET /api/flight-deals` for a signed-in subscriber with 100 deals, against the real
 * server (main.ts, jobs included) in a child process, from a separate load-generator process. Goal: zero
 * errors, and memory back near where it started: the server's RSS after the run, a 5 s idle and a GC may
 * exceed its RSS before the run (after a warm-up and a GC) by at most 20 % or 30 MB, whichever is larger.
 * Alone: `bun tests/bench/load.bench.ts [seconds] [connections]`.
 */
import { join } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { createSession } from "../../src/server/auth/sessions.ts";
import { insertUser } from "../../src/server/auth/users.ts";
import { systemClock } from "../../src/server/clock.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { insertDeals } from "./deals-list.bench.ts";
import { BROWSER_HEADERS, runLoad, type LoadOptions } from "./load-generator.ts";
import { formatCount, freePort, makeTempDir, megabytes, removeTempDir, spawnIpcChild, stopChild, waitForOk, type IpcChild } from "./support.ts";

export interface LoadBenchResult {
  seconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  landingRequestsPerSecond: number;
  dealsRequestsPerSecond: number;
  /** Refused or reset connections plus non-2xx answers. */
  errors: number;
  firstProblem: string | null;
  rssBeforeMb: number;
  rssAfterRunMb: number;
  rssAfterIdleMb: number;
}

export const LOAD_MEMORY_GOAL = { growthRatio: 0.2, growthMb: 30 };
const DEALS = 100;
const IDLE_MS = 5000;

/** A database with one active subscriber who has DEALS deals; returns their session cookie. */
async function prepareDatabase(path: string): Promise<string> {
  const db = openDatabase(path);
  try {
    migrateDatabase(db);
    const now = systemClock.now();
    const user = insertUser(
      db,
      { email: "load@example.com", subscriptionStatus: "Active", preferences: { destinations: [], maxPrice: 1000, nonstopOnly: false } },
      now,
    );
    insertDeals(db, DEALS, now);
    await fanOutOwedDeals({ db, clock: systemClock });
    return `gordu_session=${createSession(db, user.id, now).token}`;
  } finally {
    db.$client.close();
  }
}

const rssMb = async (server: IpcChild, message: "rss" | "gc") => megabytes((await server.request<{ rssBytes: number }>(message)).rssBytes);

export async function benchLoad(seconds = 30, connections = 200, log: (line: string) => void = () => {}): Promise<LoadBenchResult> {
  const folder = makeTempDir("load");
  const databasePath = join(folder, "app.sqlite");
  const cookie = await prepareDatabase(databasePath);
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawnIpcChild([process.execPath, join(import.meta.dir, "load-server.ts")], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? "", DATABASE_PATH: databasePath, PORT: String(port), HOST: "127.0.0.1", APP_URL: origin, SCAN_SCHEDULE: "0 0 1 1 *" },
    stdout: "ignore",
    stderr: "inherit",
    timeoutMs: (seconds + 120) * 1000,
  });
  try {
    await server.next(60_000);
    await waitForOk(`${origin}/`, 10_000);
    const targets: LoadOptions["targets"] = [
      { url: `${origin}/`, headers: BROWSER_HEADERS },
      { url: `${origin}/api/flight-deals`, headers: { ...BROWSER_HEADERS, cookie } },
    ];
    log("warming up (3 s)…");
    await runLoad({ targets, connections, seconds: 3 });
    const rssBeforeMb = await rssMb(server, "gc");
    log(`${connections} connections for ${seconds} s…`);
    const report = await runLoad({ targets, connections, seconds });
    const rssAfterRunMb = await rssMb(server, "rss");
    await Bun.sleep(IDLE_MS);
    const rssAfterIdleMb = await rssMb(server, "gc");
    const [landing, deals] = report.byTarget;
    return {
      seconds,
      connections,
      requests: report.requests,
      requestsPerSecond: report.requestsPerSecond,
      landingRequestsPerSecond: landing!.requestsPerSecond,
      dealsRequestsPerSecond: deals!.requestsPerSecond,
      errors: report.errors + report.non2xx,
      firstProblem: report.firstProblem,
      rssBeforeMb,
      rssAfterRunMb,
      rssAfterIdleMb,
    };
  } finally {
    await stopChild(server.process);
    removeTempDir(folder);
  }
}

export const memoryIsStable = (result: LoadBenchResult) =>
  result.rssAfterIdleMb <= result.rssBeforeMb + Math.max(result.rssBeforeMb * LOAD_MEMORY_GOAL.growthRatio, LOAD_MEMORY_GOAL.growthMb);

export const describeLoadMemory = (result: LoadBenchResult) =>
  `${result.rssBeforeMb.toFixed(0)} → ${result.rssAfterRunMb.toFixed(0)} → ${result.rssAfterIdleMb.toFixed(0)} MB`;

export const describeLoadThroughput = (result: LoadBenchResult) =>
  `${formatCount(result.requestsPerSecond)} req/s (/ ${formatCount(result.landingRequestsPerSecond)}, deals ${formatCount(result.dealsRequestsPerSecond)})`;

if (import.meta.main) {
  const [seconds, connections] = process.argv.slice(2).map(Number);
  const result = await benchLoad(seconds || undefined, connections || undefined, console.log);
  console.log(
    `Load, ${result.connections} connections for ${result.seconds} s on / and /api/flight-deals (${DEALS} deals): ${formatCount(result.requests)} requests, ` +
      `${describeLoadThroughput(result)}; errors ${result.errors}${result.firstProblem ? ` (first: ${result.firstProblem})` : ""} (goal 0); ` +
      `server RSS before → after → after ${IDLE_MS / 1000} s idle + GC: ${describeLoadMemory(result)} (goal: stable, ${memoryIsStable(result) ? "meets goal" : "MISSES goal"})`,
  );
}
