/**
 * The completeness pass (issue 43 item 3, decision 139): one exact-date Explore search a sweep walks every grid date
 * pair and area, nearest first, out of the discovery count, so a sweep with it never spends beyond its share.
 */
import { describe, expect, test } from "bun:test";
import { DESTINATIONS } from "../../src/domain/destinations.ts";
import { discoveryCovers } from "../../src/domain/discovery-areas.ts";
import { PriceHistory } from "../../src/server/fares/judge/observations.ts";
import type { DiscoveryRequest, FareSource, SearchAllowance } from "../../src/server/fares/sources/fare-source.ts";
import { completenessCycle, completenessSearches, splitDiscoverySearches } from "../../src/server/fares/sweep/completeness-pass.ts";
import { sweepByDiscovery } from "../../src/server/fares/sweep/discovery-sweep.ts";
import { CORE_QUERIES, rotation, rotationSize } from "../../src/server/fares/sweep/discovery-plan.ts";
import { discoveryDone } from "../../src/server/fares/sweep/sweep-lookups.ts";
import { tripDatePairs } from "../../src/server/fares/sweep/scan-plan.ts";
import { migratedMemoryDb } from "../support/test-app.ts";

const TODAY = "2026-11-22";
const AREAS = ["north-america", "europe"] as const;

describe("which date pairs the completeness pass searches", () => {
  test("every grid date pair once per area, nearest departure first", () => {
    const cycle = completenessCycle(AREAS, TODAY);
    const pairs = tripDatePairs(TODAY);
    expect(cycle).toHaveLength(pairs.length * AREAS.length);
    const departures = cycle.map((q) => q.dates!.departDate);
    expect(departures).toEqual([...departures].sort());
    for (const pair of pairs) {
      for (const area of AREAS)
        expect(cycle.filter((q) => q.area === area && q.dates!.departDate === pair.departDate && q.dates!.returnDate === pair.returnDate)).toHaveLength(1);
    }
    expect(cycle[0]).toMatchObject({ area: "north-america", destination: null, tripKind: "weekend" });
  });

  test("a sweep carries on where the pass stood and starts again after the last pair", () => {
    const cycle = completenessCycle(AREAS, TODAY);
    expect(completenessSearches({ areas: AREAS, today: TODAY, done: 3, count: 2 })).toEqual([cycle[3]!, cycle[4]!]);
    expect(completenessSearches({ areas: AREAS, today: TODAY, done: cycle.length - 1, count: 2 })).toEqual([cycle.at(-1)!, cycle[0]!]);
  });

  test("a sweep's discovery searches split core first, then the pass, then the rotation", () => {
    expect(splitDiscoverySearches(6, AREAS, 1)).toEqual({ core: 2, completeness: 1, rotation: 3 });
    expect(splitDiscoverySearches(2, AREAS, 1)).toEqual({ core: 2, completeness: 0, rotation: 0 });
    expect(splitDiscoverySearches(6, AREAS, 0)).toEqual({ core: 2, completeness: 0, rotation: 4 });
    expect(splitDiscoverySearches(3, ["europe"], 1)).toEqual({ core: 0, completeness: 1, rotation: 2 });
  });

  test("the rotation keeps one search before the pass takes any: a small sweep still reaches every area and lone route", () => {
    // 3,000 a month swept hourly: 4 searches, 1 held for confirmations, 3 for discovery.
    expect(splitDiscoverySearches(3, AREAS, 1)).toEqual({ core: 2, completeness: 0, rotation: 1 });
    expect(splitDiscoverySearches(4, AREAS, 1)).toEqual({ core: 2, completeness: 1, rotation: 1 });
    expect(splitDiscoverySearches(1, ["europe"], 1)).toEqual({ core: 0, completeness: 0, rotation: 1 });
  });
});

/** A source that answers every North American route at one price and counts each search against the scan's share. */
function countingSource(share: number) {
  const allowance: SearchAllowance = { left: 5000, share, spent: 0 };
  const asked: DiscoveryRequest[] = [];
  let overShare = 0;
  const spend = () => {
    if (allowance.spent >= allowance.share) overShare++;
    allowance.spent++;
  };
  const fares: FareSource = {
    name: "counting",
    sweep: "discovery",
    discoveryAreas: AREAS,
    exactDateExplore: true,
    allowance: async () => allowance,
    async search() {
      throw new Error("a sweep does not search the grid");
    },
    async discover(request) {
      spend();
      asked.push(request);
      const rows = DESTINATIONS.filter((d) => discoveryCovers(request, d.code)).map((d) => ({
        destination: d.code,
        departDate: request.dates?.departDate ?? "2027-02-05",
        returnDate: request.dates?.returnDate ?? "2027-02-07",
        price: 200,
        airline: "American",
        airlineCode: "AA",
        stops: 0,
        durationMinutes: 200,
      }));
      return { rows, rawRows: rows.length, skipped: { noPrice: 0, noAirport: 0, noDates: 0 }, searched: 1, quotaLeft: null };
    },
    async confirm(quote) {
      spend();
      return { ...quote, cached: false };
    },
  };
  return { fares, allowance, asked, overShare: () => overShare };
}

describe("a sweep with the completeness pass", () => {
  test.each([1, 2, 3, 4, 7, 12])("never spends beyond a share of %i searches", async (share) => {
    const source = countingSource(share);
    const now = new Date(`${TODAY}T15:00:00Z`);
    const sweep = await sweepByDiscovery({ db: migratedMemoryDb(), fares: source.fares, history: new PriceHistory(TODAY), now, today: TODAY });
    expect(source.overShare()).toBe(0);
    expect(source.allowance.spent).toBeLessThanOrEqual(share);
    expect(sweep.searched).toBe(source.allowance.spent);
  });

  test("its exact-date search comes after the core and prices the nearest grid pair first", async () => {
    const source = countingSource(7);
    const now = new Date(`${TODAY}T15:00:00Z`);
    await sweepByDiscovery({ db: migratedMemoryDb(), fares: source.fares, history: new PriceHistory(TODAY), now, today: TODAY });
    const first = completenessCycle(AREAS, TODAY)[0]!;
    expect(source.asked.map((r) => r.dates ?? null).slice(0, 3)).toEqual([null, null, first.dates!]);
    expect(source.asked.filter((r) => r.dates)).toHaveLength(1);
  });

  test("a source that cannot answer exact dates gets no exact-date search", async () => {
    const source = countingSource(7);
    const fares = { ...source.fares, exactDateExplore: false };
    const now = new Date(`${TODAY}T15:00:00Z`);
    await sweepByDiscovery({ db: migratedMemoryDb(), fares, history: new PriceHistory(TODAY), now, today: TODAY });
    expect(source.asked.some((r) => r.dates)).toBe(false);
  });

  test("a share larger than every distinct search: the pass does not take the place of a rotation search", async () => {
    const source = countingSource(400);
    const now = new Date(`${TODAY}T15:00:00Z`);
    await sweepByDiscovery({ db: migratedMemoryDb(), fares: source.fares, history: new PriceHistory(TODAY), now, today: TODAY });
    const windows = source.asked.filter((r) => !r.dates).map((r) => `${r.destination ?? r.area}|${r.tripKind}|${r.month}`);
    expect(source.asked.filter((r) => r.dates)).toHaveLength(1);
    expect(new Set(windows).size).toBe(windows.length);
    expect(windows).toHaveLength(CORE_QUERIES.length + rotationSize(rotation(AREAS, TODAY)));
  });

  test("the pass carries on after earlier sweeps of the source: their discovery searches say how far it went", async () => {
    const db = migratedMemoryDb();
    const insert = db.$client.query("INSERT INTO fare_scans (source, status, started_at, discovery_searches) VALUES ('counting', 'succeeded', 0, ?)");
    for (const searches of [6, 6, 2, 4]) insert.run(searches);
    // 6 = core 2 + pass 1 + rotation 3; 2 = the core alone; 4 = core 2 + pass 1 + rotation 1.
    expect(discoveryDone(db, "counting", AREAS, 1)).toEqual({ rotation: 7, completeness: 3 });
    expect(discoveryDone(db, "counting", AREAS, 0)).toEqual({ rotation: 10, completeness: 0 });
    const source = countingSource(7);
    const now = new Date(`${TODAY}T15:00:00Z`);
    await sweepByDiscovery({ db, fares: source.fares, history: new PriceHistory(TODAY), now, today: TODAY });
    expect(source.asked.find((r) => r.dates)!.dates).toEqual(completenessCycle(AREAS, TODAY)[3]!.dates!);
  });
});
