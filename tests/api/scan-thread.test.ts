import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { insertUser } from "../../src/server/auth/users.ts";
import { loadConfig } from "../../src/server/config.ts";
import { createSimulatedFareSource } from "../../src/server/fares/sources/simulated.ts";
import { scanWorkHere, scanWorkOnThread, threadClock } from "../../src/server/jobs.ts";

const folder = mkdtempSync(join(tmpdir(), "gordu-scan-thread-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const NOW = new Date("2026-11-22T15:00:00Z");

/** A database file with the same three subscribers: a default one, one who wants London only, one with alerts off. */
function databaseWithSubscribers(name: string): { path: string; db: Db } {
  const path = join(folder, name);
  const db = openDatabase(path);
  migrateDatabase(db);
  const subscriber = { firstName: "Sam", lastName: "Traveler", subscriptionStatus: "Active", subscriptionType: "Paid", quietStart: 0, quietEnd: 0 } as const;
  insertUser(db, { ...subscriber, email: "any@example.com" }, NOW);
  insertUser(db, { ...subscriber, email: "london@example.com", preferences: { destinations: ["LHR"], maxPrice: 1500, nonstopOnly: false } }, NOW);
  insertUser(db, { ...subscriber, email: "quiet@example.com", emailAlerts: false }, NOW);
  return { path, db };
}

/** What a scan leaves behind that a member or an operator sees: deals, list entries, queued emails and pushes. */
function outcome(db: Db) {
  return {
    deals: db.$client.query("SELECT * FROM deals ORDER BY id").all(),
    userDeals: db.$client.query("SELECT user_id, deal_id, is_new, alert_version, created_at FROM user_deals ORDER BY user_id, deal_id").all(),
    outbox: db.$client.query("SELECT kind, channel, to_address, payload, dedupe_key, status, next_attempt_at, created_at FROM email_outbox ORDER BY id").all(),
    scans: db.$client.query("SELECT source, status, routes, quotes, deals_found, new_deals, matches, alert_emails FROM fare_scans ORDER BY id").all(),
  };
}

describe("the scan job on a thread of its own (decision 121)", () => {
  test("does the same work as on the request thread: the same deals, list entries and queued alerts", async () => {
    const here = databaseWithSubscribers("here.sqlite");
    const summaryHere = await scanWorkHere(
      { db: here.db, clock: threadClock({ kind: "fixed", at: NOW.getTime() }), fares: createSimulatedFareSource() },
      () => {},
    ).scan(false);

    const there = databaseWithSubscribers("there.sqlite");
    const lines: string[] = [];
    const onThread = scanWorkOnThread(
      loadConfig({ DATABASE_PATH: there.path, APP_URL: "http://127.0.0.1:3000" }),
      { kind: "fixed", at: NOW.getTime() },
      (line) => lines.push(line),
    );
    const summaryThere = await onThread.scan(false);
    await onThread.stop();

    const { seconds: _a, ...expected } = summaryHere;
    const { seconds: _b, ...actual } = summaryThere;
    expect(actual).toEqual(expected);
    expect(summaryThere.newDeals).toBeGreaterThan(0);
    expect(summaryThere.alertEmails).toBeGreaterThan(0);
    expect(outcome(there.db)).toEqual(outcome(here.db));
    // The thread's log lines reach the job runner's log.
    expect(lines.at(-2)).toMatch(/^\[scan\] simulated succeeded: 81 routes/);
    expect(lines.at(-1)).toBe(`[scan] simulated alerts: ${summaryThere.matches} matches, ${summaryThere.alertEmails} alert emails queued`);
  }, 60_000);
});
