import { describe, expect, test } from "bun:test";
import { deals, fareScans, userDeals } from "../../db/schema.ts";
import { startJobs } from "../../src/server/jobs.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

/** The jobs on a schedule that does not fire during a test: only the boot behaviour runs. */
const startJobsAtBoot = (t: TestApp, options: Parameters<typeof startJobs>[1]) =>
  startJobs({ ...t.deps, config: { ...t.deps.config, scanSchedule: "0 0 1 1 *" } }, options);

describe("the scheduled scanner", () => {
  test("scans at boot when the database has no deals, so a fresh install shows deals at once", async () => {
    const t = createTestApp();
    const lines: string[] = [];
    const { promise: scanned, resolve } = Promise.withResolvers<void>();
    const log = (line: string) => {
      lines.push(line);
      if (line.includes("succeeded")) resolve();
    };
    const stop = startJobsAtBoot(t, { log, bootScanDelayMs: 0 });
    await scanned;
    await stop();
    expect(
      t.db
        .select()
        .from(fareScans)
        .all()
        .map((scan) => scan.status),
    ).toEqual(["succeeded"]);
    expect(t.db.select().from(deals).all().length).toBeGreaterThan(0);
    expect(lines[0]).toBe("[scan] no deals yet: scanning now");
    expect(lines.at(-2)).toMatch(/^\[scan\] simulated succeeded: 81 routes, [\d,]+ quotes, \d+ deals/);
    // No member yet, so the fan-out that follows the scan matches nobody.
    expect(lines.at(-1)).toBe("[scan] simulated alerts: 0 matches, 0 alert emails queued");
    // A whole boot scan of the simulated market: about 2 s alone, over 5 s beside the other test files on 2 busy cores.
  }, 20_000);

  test("with deals already there, does not scan at boot but finishes a fan-out a crash left owed", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    insertDeal(t);
    const lines: string[] = [];
    const stop = startJobsAtBoot(t, { log: (line) => lines.push(line) });
    await stop();
    expect(t.db.select().from(fareScans).all()).toEqual([]);
    expect(
      t.db
        .select()
        .from(userDeals)
        .all()
        .map((pair) => pair.userId),
    ).toEqual([user.id]);
    expect(lines).toEqual(["[scan] resumed an unfinished fan-out: 1 deals, 1 matches, 1 alert emails"]);
  });

  test("with nothing owed, starts quietly and stops at once", async () => {
    const t = createTestApp();
    const deal = insertDeal(t, { fannedOutVersion: 1 });
    const lines: string[] = [];
    const stop = startJobsAtBoot(t, { log: (line) => lines.push(line) });
    await stop();
    expect(lines).toEqual([]);
    expect(
      t.db
        .select()
        .from(deals)
        .all()
        .map((d) => d.id),
    ).toEqual([deal.id]);
  });
});
