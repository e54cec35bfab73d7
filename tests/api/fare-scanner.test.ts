import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { deals, fareObservations, fareScans, userDeals } from "../../db/schema.ts";
import { DEAL_RULES } from "../../src/domain/deal-rules.ts";
import { isInternational } from "../../src/domain/destinations.ts";
import { DOMESTIC_THRESHOLDS, INTERNATIONAL_THRESHOLDS } from "../../src/server/fares/judge/detect.ts";
import { FareSourceError, type FareSource } from "../../src/server/fares/sources/fare-source.ts";
import { scanFares } from "../../src/server/jobs.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";
import { dealRows, laxHistory, quiet, quote, scriptedSource } from "../support/scripted-fares.ts";

/** A boot scan writes a year of the market's past prices and judges its past three hours: seconds, not milliseconds. */
const BOOT_SCAN_MS = 30_000;
const observationCount = (t: TestApp) => t.db.select().from(fareObservations).all().length;

describe("a scan of the simulated market", () => {
  test(
    "records past prices on first boot, then finds a few deals that follow the rules",
    async () => {
      const t = createTestApp();
      const summary = await scanFares(t.deps, quiet);

      expect(summary.status).toBe("succeeded");
      expect(summary.routes).toBe(81);
      expect(summary.quotes).toBeGreaterThan(1500);
      // Only drops that held through the market's past 3 hours (decision 084), and clear ones those hours saw (decision 140): a few, not a flood.
      expect(summary.newDeals).toBeGreaterThanOrEqual(2);
      expect(summary.newDeals).toBeLessThan(summary.quotes * 0.05);
      expect(observationCount(t)).toBeGreaterThan(20_000);

      const found = dealRows(t);
      expect(found).toHaveLength(summary.newDeals);
      const bootAt = t.clock.now().getTime();
      for (const deal of found) {
        const rules = isInternational(deal.destination) ? INTERNATIONAL_THRESHOLDS : DOMESTIC_THRESHOLDS;
        expect(deal.price).toBeLessThanOrEqual(deal.typicalLow + 0.5);
        expect(deal.isActive).toBe(true);
        // A deal found in the past hours was judged against those hours' typical price; the boot scan re-checked it,
        // and it lives on while below the typical low (rule 6). One the boot scan found meets the rule now.
        expect(deal.firstFoundAt.getTime()).toBeGreaterThanOrEqual(bootAt - DEAL_RULES.dropHoldsHours * 3_600_000);
        if (deal.firstFoundAt.getTime() === bootAt) {
          expect(deal.typicalMedian - deal.price).toBeGreaterThanOrEqual(rules.minSaved - 1);
          expect(deal.percentBelowTypical).toBeGreaterThanOrEqual(rules.minShareBelow * 100 - 1);
        }
        expect(deal.departDate >= "2026-11-29").toBe(true);
        // The year when it is not this year at RDU (decision 111).
        expect(deal.travelDates).toMatch(/^\w{3}, \w{3} \d{1,2}(, \d{4})? - \w{3}, \w{3} \d{1,2}(, \d{4})?$/);
        if (deal.departDate.startsWith("2027") && deal.returnDate.startsWith("2027")) expect(deal.travelDates).toEndWith(", 2027");
      }

      const scan = t.db.select().from(fareScans).get()!;
      expect(scan).toMatchObject({ status: "succeeded", routes: 81, quotes: summary.quotes, newDeals: summary.newDeals, errors: [] });
    },
    BOOT_SCAN_MS,
  );

  test(
    "fans its new deals out to subscribers and queues one alert each",
    async () => {
      const t = createTestApp();
      const user = await createUser(t, { preferences: { destinations: [], maxPrice: 5000, nonstopOnly: false } });
      const summary = await scanFares(t.deps, quiet);
      expect(summary.matches).toBe(summary.newDeals);
      expect(t.db.select().from(userDeals).where(eq(userDeals.userId, user.id)).all()).toHaveLength(summary.newDeals);
      expect(summary.alertEmails).toBe(1);
    },
    BOOT_SCAN_MS,
  );

  test(
    "a fan-out that fails keeps the scan's deals, marks the scan failed with why, and the next scan's fan-out sends what it owed",
    async () => {
      const t = createTestApp();
      const user = await createUser(t, { preferences: { destinations: [], maxPrice: 5000, nonstopOnly: false } });
      t.db.$client.run("ALTER TABLE user_deals RENAME TO user_deals_away");
      const lines: string[] = [];
      const failed = await scanFares(t.deps, { log: (line) => lines.push(line) });
      expect(failed.status).toBe("failed");
      expect(failed.errors.at(-1)).toMatch(/^alert fan-out failed: .*user_deals/);
      expect(failed.newDeals).toBeGreaterThan(0);
      expect(dealRows(t)).toHaveLength(failed.newDeals);
      expect(t.db.select().from(fareScans).get()).toMatchObject({ status: "failed", matches: 0, alertEmails: 0 });
      expect(lines.at(-1)).toStartWith("[scan] simulated alert fan-out failed: ");
      expect(lines.at(-1)).toContain("user_deals");

      t.db.$client.run("ALTER TABLE user_deals_away RENAME TO user_deals");
      const next = await scanFares(t.deps, quiet);
      expect(next.status).toBe("succeeded");
      expect(next.matches).toBe(failed.newDeals + next.newDeals);
      expect(t.db.select().from(userDeals).where(eq(userDeals.userId, user.id)).all()).toHaveLength(failed.newDeals + next.newDeals);
    },
    BOOT_SCAN_MS,
  );

  test(
    "run again at the same moment, finds nothing new and alerts nobody twice",
    async () => {
      const t = createTestApp();
      await createUser(t);
      const first = await scanFares(t.deps, quiet);
      const again = await scanFares(t.deps, quiet);
      expect(again.newDeals).toBe(0);
      expect(again.realerted).toBe(0);
      expect(again.matches).toBe(0);
      expect(again.alertEmails).toBe(0);
      expect(dealRows(t)).toHaveLength(first.newDeals);
    },
    BOOT_SCAN_MS,
  );

  test("re-checks every live deal by its exact dates", async () => {
    const t = createTestApp();
    const live = insertDeal(t, { destination: "LAX", departDate: "2027-01-13", returnDate: "2027-01-20" });
    const source = scriptedSource(() => []);
    await scanFares({ ...t.deps, fares: source }, quiet);
    expect(source.asked[0]![0]).toEqual({ destination: "LAX", departDate: live.departDate, returnDate: live.returnDate, cabin: "economy", purpose: "recheck" });
    expect(new Set(source.asked[0]!.map((s) => s.destination)).size).toBe(81);
  });
});

describe("a failing fare source", () => {
  test("is recorded in fare_scans and logged, never thrown, and existing deals stay", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const existing = insertDeal(t);
    const broken: FareSource = {
      name: "broken",
      async search() {
        throw new FareSourceError("SerpApi account check failed: Invalid API key.");
      },
    };
    const lines: string[] = [];
    const summary = await scanFares({ ...t.deps, fares: broken }, { log: (line) => lines.push(line) });

    expect(summary.status).toBe("failed");
    expect(summary.errors).toEqual(["broken: SerpApi account check failed: Invalid API key."]);
    expect(t.db.select().from(fareScans).get()).toMatchObject({ status: "failed", errors: summary.errors });
    expect(lines.join("\n")).toContain("Invalid API key");
    expect(t.db.select().from(deals).where(eq(deals.id, existing.id)).get()!.isActive).toBe(true);
    // A fan-out that was owed still goes out.
    expect(t.db.select().from(userDeals).where(eq(userDeals.userId, user.id)).all()).toHaveLength(1);
  });

  test("a timeout is a failure like any other", async () => {
    const t = createTestApp();
    const hanging: FareSource = {
      name: "hanging",
      search: () => Promise.reject(new FareSourceError("SerpApi did not answer within 30 s")),
    };
    const summary = await scanFares({ ...t.deps, fares: hanging }, quiet);
    expect(summary).toMatchObject({ status: "failed", errors: ["hanging: SerpApi did not answer within 30 s"] });
  });
});

describe("cached quotes", () => {
  test("count only when a fresh look still finds a deal", async () => {
    const t = createTestApp();
    laxHistory(t);
    const gone = quote({ price: 250, cached: true, departDate: "2027-02-05", returnDate: "2027-02-07" });
    const real = quote({ price: 255, cached: true, departDate: "2027-02-12", returnDate: "2027-02-14" });
    const risen = quote({ price: 260, cached: true, departDate: "2027-02-19", returnDate: "2027-02-21" });
    const confirmed: string[] = [];
    const source = scriptedSource(() => [gone, real, risen], {
      async confirm(candidate) {
        confirmed.push(candidate.departDate);
        if (candidate.departDate === gone.departDate) return null;
        if (candidate.departDate === risen.departDate) return { ...candidate, price: 395, cached: false };
        return { ...candidate, price: 249, cached: false };
      },
    });
    const summary = await scanFares({ ...t.deps, fares: source }, quiet);
    expect(confirmed.sort()).toEqual(["2027-02-05", "2027-02-12", "2027-02-19"]);
    expect(summary.newDeals).toBe(1);
    expect(dealRows(t).map((d) => [d.departDate, d.price])).toEqual([["2027-02-12", 249]]);
  });

  test("a 'confirmation' that is itself cached confirms nothing", async () => {
    const t = createTestApp();
    laxHistory(t);
    const source = scriptedSource(() => [quote({ price: 250, cached: true })], { confirm: async (candidate) => ({ ...candidate, price: 245 }) });
    const summary = await scanFares({ ...t.deps, fares: source }, quiet);
    expect(summary.newDeals).toBe(0);
    expect(dealRows(t)).toEqual([]);
  });

  test("from a source that cannot confirm them never become deals", async () => {
    const t = createTestApp();
    laxHistory(t);
    const summary = await scanFares({ ...t.deps, fares: scriptedSource(() => [quote({ price: 250, cached: true })]) }, quiet);
    expect(summary.newDeals).toBe(0);
    expect(observationCount(t)).toBe(81);
  });
});
