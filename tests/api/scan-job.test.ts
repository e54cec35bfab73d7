import { describe, expect, test } from "bun:test";
import { deals, fareScans, userDeals } from "../../db/schema.ts";
import { startFareScanner } from "../../src/server/fares/scan-job.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

/** A schedule that does not fire during a test: only the boot behaviour runs. */
const NEVER_DURING_TESTS = { scanSchedule: "0 0 1 1 *" };

describe("the scheduled scanner", () => {
  test("scans at boot when the database has no deals, so a fresh install shows deals at once", async () => {
    const t = createTestApp();
    const lines: string[] = [];
    const stop = startFareScanner({ ...t.deps, config: NEVER_DURING_TESTS }, { log: (line) => lines.push(line), bootScanDelayMs: 0 });
    while (!lines.at(-1)?.includes("succeeded")) await Bun.sleep(10);
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
    expect(lines.at(-1)).toMatch(/^\[scan\] simulated succeeded: 81 routes, [\d,]+ quotes, \d+ deals/);
  });

  test("with deals already there, does not scan at boot but finishes a fan-out a crash left owed", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    insertDeal(t);
    const lines: string[] = [];
    const stop = startFareScanner({ ...t.deps, config: NEVER_DURING_TESTS }, { log: (line) => lines.push(line) });
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
    const stop = startFareScanner({ ...t.deps, config: NEVER_DURING_TESTS }, { log: (line) => lines.push(line) });
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
