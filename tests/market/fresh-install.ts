/**
 * What a fresh `npm start` shows with the default simulated market: for several boot moments across a year, a
 * fresh in-memory database, the boot scan (which first records the market's year of past prices), then the
 * default schedule's scans (every 6 hours, on the hour UTC) for one day. Prints the deals found after the boot
 * scan and after the day, with their tiers. Run: `bun tests/market/fresh-install.ts [boot ISO moments...]`.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { deals } from "../../db/schema.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { createSimulatedFareSource } from "../../src/server/fares/simulated.ts";
import { TestClock } from "../support/test-clock.ts";

const HOUR_MS = 3_600_000;
const SCANS_AFTER_BOOT = 4;
const DEFAULT_BOOTS = ["2026-11-24T08:30:00Z", "2027-02-10T14:10:00Z", "2027-05-05T20:45:00Z", "2027-08-18T03:20:00Z"];

interface FreshInstall {
  boot: string;
  afterBoot: number;
  afterDay: number;
  liveAfterDay: number;
  tiers: Record<string, number>;
}

async function measure(boot: string): Promise<FreshInstall> {
  const db = openDatabase(":memory:");
  migrateDatabase(db);
  const clock = new TestClock(new Date(boot));
  const deps = { db, clock, fares: createSimulatedFareSource() };
  const quiet = { log: () => {} };
  await runScan(deps, quiet);
  const afterBoot = db.select().from(deals).all().length;
  let next = Math.ceil(clock.now().getTime() / (6 * HOUR_MS)) * 6 * HOUR_MS;
  for (let scan = 0; scan < SCANS_AFTER_BOOT; scan++, next += 6 * HOUR_MS) {
    clock.set(new Date(next));
    await runScan(deps, quiet);
  }
  const all = db.select().from(deals).all();
  const tiers: Record<string, number> = {};
  for (const deal of all) tiers[deal.tier] = (tiers[deal.tier] ?? 0) + 1;
  const liveAfterDay = db.select().from(deals).where(eq(deals.isActive, true)).all().length;
  return { boot, afterBoot, afterDay: all.length, liveAfterDay, tiers };
}

const boots = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_BOOTS;
console.log("| boot (UTC) | deals after the boot scan | deals after a day (boot + 4 scans) | live after the day | tiers |");
console.log("|---|---|---|---|---|");
for (const boot of boots) {
  const r = await measure(boot);
  const tiers = Object.entries(r.tiers)
    .map(([tier, n]) => `${tier} ${n}`)
    .join(", ");
  console.log(`| ${r.boot} | ${r.afterBoot} | ${r.afterDay} | ${r.liveAfterDay} | ${tiers} |`);
}
