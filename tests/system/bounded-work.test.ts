/**
 * Issue 44's preview-image attack against the real server: 600 live share links, their images fetched in a cycle by
 * an anonymous client (eight requests in flight), while a health check is timed every 50 ms and the server's resident
 * memory is read from /proc (at its peak, and settled after the attack, against its settled level once the renderer is
 * loaded). Then the same from 600 addresses at once (behind the trusted proxy), where only the drawing lane bounds the
 * work. Each phase lasts 12 s; the numbers are printed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { insertUser } from "../../src/server/auth/users.ts";
import { newToken } from "../../src/server/auth/tokens.ts";
import { insertDeal } from "../support/deals.ts";
import { startRealServer, type RealServer } from "../support/real-server.ts";
import { TestClock } from "../support/test-clock.ts";

const SHARES = 600;
const PHASE_MS = 12_000;
const IN_FLIGHT = 8;
/** Kept images (200), resvg's wasm memory (grown once, never given back) and garbage the engine returns lazily. */
const SETTLED_GROWTH_ALLOWED_MB = 80;

const residentMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
/** What stays: the lowest reading over two quiet seconds, once the garbage has had a chance to go. */
async function settledResidentMb(pid: number): Promise<number> {
  let lowest = residentMb(pid);
  for (let reading = 0; reading < 20; reading++) {
    await Bun.sleep(100);
    lowest = Math.min(lowest, residentMb(pid));
  }
  return lowest;
}
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

/** 600 live deals (each its own price, so each link its own picture), each shared by one of 20 members. */
function seedShares(databasePath: string): string[] {
  const db = openDatabase(databasePath);
  migrateDatabase(db);
  const clock = new TestClock(new Date());
  const members = Array.from(
    { length: 20 },
    (_, i) => insertUser(db, { email: `sharer${i}@example.com`, firstName: "S", passwordHash: null, subscriptionStatus: "Active" }, new Date()).id,
  );
  const ids: string[] = [];
  for (let i = 0; i < SHARES; i++) {
    const departDate = `2027-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (Math.floor(i / 12) % 25)).padStart(2, "0")}`;
    const deal = insertDeal({ db, clock }, { destination: ["LHR", "CDG"][Math.floor(i / 300)]!, departDate, price: 200 + i });
    const id = newToken(16);
    db.$client.query("INSERT INTO deal_shares (id, user_id, deal_id, created_at) VALUES ($id, $userId, $dealId, $now)").run({
      id,
      userId: members[i % members.length]!,
      dealId: deal.id,
      now: Date.now(),
    });
    ids.push(id);
  }
  db.$client.close();
  return ids;
}

interface PhaseResult {
  statuses: Record<number, number>;
  health: number[];
  rssPeak: number;
  rssSettled: number;
}

/** Cycles through the links' images for PHASE_MS while timing /healthz every 50 ms. */
async function attack(server: RealServer, links: string[], addressOf: (n: number) => string | null): Promise<PhaseResult> {
  const statuses: Record<number, number> = {};
  const health: number[] = [];
  const until = performance.now() + PHASE_MS;
  let next = 0;
  const client = async () => {
    while (performance.now() < until) {
      const n = next++;
      const address = addressOf(n);
      const response = await fetch(`${server.url}/deals/${links[n % links.length]}/image.png`, { headers: address ? { "x-forwarded-for": address } : {} });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  let rssPeak = 0;
  const prober = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(`${server.url}/healthz`);
      await response.arrayBuffer();
      health.push(performance.now() - started);
      rssPeak = Math.max(rssPeak, residentMb(server.pid));
      await Bun.sleep(50);
    }
  };
  await Promise.all([prober(), ...Array.from({ length: IN_FLIGHT }, client)]);
  return { statuses, health, rssPeak, rssSettled: await settledResidentMb(server.pid) };
}

function report(name: string, result: PhaseResult, warmMb: number) {
  const { health, statuses, rssPeak, rssSettled } = result;
  console.log(
    `[bounded work] ${name}: ${Object.values(statuses).reduce((a, b) => a + b, 0)} image requests ${JSON.stringify(statuses)}; ` +
      `/healthz ${health.length} checks, median ${percentile(health, 0.5).toFixed(1)} ms, p95 ${percentile(health, 0.95).toFixed(1)} ms, ` +
      `worst ${Math.max(...health).toFixed(1)} ms; RSS settled ${warmMb.toFixed(0)} → ${rssSettled.toFixed(0)} MB (${(rssSettled - warmMb).toFixed(1)} MB, peak ${rssPeak.toFixed(0)} MB)`,
  );
}

describe("issue 44's preview-image attack on the real server", () => {
  const dir = mkdtempSync(join(tmpdir(), "gordu-bounded-"));
  const databasePath = join(dir, "app.sqlite");
  let server: RealServer;
  let links: string[];
  let warmMb: number;

  beforeAll(async () => {
    links = seedShares(databasePath);
    server = await startRealServer(databasePath, { SCAN_SCHEDULE: "0 0 1 1 *", TRUST_PROXY: "true" });
    // The first image loads the renderer (wasm and fonts): part of the server's working set, not of the attack.
    for (const id of links.slice(0, 3))
      expect((await fetch(`${server.url}/deals/${id}/image.png`, { headers: { "x-forwarded-for": "192.0.2.1" } })).status).toBe(200);
    warmMb = await settledResidentMb(server.pid);
  }, 120_000);

  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  test("one anonymous client cycling 600 links: /healthz median < 100 ms, settled memory grows < 80 MB", async () => {
    const result = await attack(server, links, () => null);
    report("one address", result, warmMb);
    expect(Object.keys(result.statuses).every((status) => ["200", "429", "503"].includes(status))).toBe(true);
    expect(percentile(result.health, 0.5)).toBeLessThan(100);
    expect(result.rssSettled - warmMb).toBeLessThan(SETTLED_GROWTH_ALLOWED_MB);
  }, 60_000);

  test("600 addresses at once: the drawing lane bounds the work (503 beyond it), /healthz median < 100 ms, settled memory grows < 80 MB", async () => {
    const result = await attack(server, links, (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
    report("600 addresses", result, warmMb);
    expect(Object.keys(result.statuses).every((status) => ["200", "429", "503"].includes(status))).toBe(true);
    expect(percentile(result.health, 0.5)).toBeLessThan(100);
    expect(result.rssSettled - warmMb).toBeLessThan(SETTLED_GROWTH_ALLOWED_MB);
  }, 60_000);
});
