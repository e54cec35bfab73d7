import { describe, expect, test } from "bun:test";
import { DAY_MS, HOUR_MS } from "../../src/domain/calendar.ts";
import { tripDatePairs } from "../../src/server/fares/sweep/scan-plan.ts";
import { SyntheticWorld, WEEK_LONG_FACTOR, WEEKEND_FACTOR } from "../eval/world.ts";

const replayStart = Date.parse("2026-01-01T05:00:00Z");
const world = (kind: "stationary" | "trends", seed: number) => new SyntheticWorld({ kind, seed, replayStart, replayDays: 365 });
const stationary = world("stationary", 1);

/** Fares and noise draws at moments with no sale, spike or fare war on the route. */
function calmSamples(w: SyntheticWorld, count: number) {
  const samples: { noise: number; logRatio: number }[] = [];
  for (let i = 0; samples.length < count; i++) {
    const route = w.routes[i % w.routes.length]!;
    const at = replayStart + Math.floor(i / w.routes.length) * 7 * HOUR_MS;
    const pairs = tripDatePairs(new Date(at).toISOString().slice(0, 10));
    const pair = pairs[(i * 13) % pairs.length]!;
    if (w.saleAt(route.code, pair.departDate, pair.returnDate, at) || w.spikeFactor(route.code, at) !== 1 || w.warFactor(route.code, at) !== 1) continue;
    const fare = w.fare(route.code, pair.departDate, pair.returnDate, at)!;
    const typical = w.typicalPrice(route.code, pair.departDate, pair.returnDate, at);
    samples.push({ noise: w.noise(route.code, pair.departDate, pair.returnDate, at), logRatio: Math.log(fare / typical) / route.volatility });
  }
  return samples;
}

describe("the evaluation world's ground truth", () => {
  test("a planted drop sits exactly at its depth below the true typical price for as long as the sale runs", () => {
    const drops = stationary.events.drops.filter((d) => d.start >= replayStart).slice(0, 200);
    expect(drops.length).toBe(200);
    expect(new Set(drops.map((d) => d.depth))).toEqual(new Set([0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5]));
    for (const drop of drops) {
      for (const at of [drop.start, (drop.start + drop.end) / 2, drop.end - 1]) {
        const typical = stationary.typicalPrice(drop.route, drop.departDate, drop.returnDate, at);
        const fare = stationary.fare(drop.route, drop.departDate, drop.returnDate, at)!;
        expect(Math.abs(fare - typical * (1 - drop.depth))).toBeLessThanOrEqual(0.5);
      }
      // The sale is over at its end: the fare is the market's again (noise, not the sale price).
      expect(stationary.saleAt(drop.route, drop.departDate, drop.returnDate, drop.end)).toBeNull();
    }
  });

  test("noise is a standard normal in log price: symmetric, no floor, no pile-up at any value", () => {
    const samples = calmSamples(stationary, 8_000);
    for (const values of [samples.map((s) => s.noise), samples.map((s) => s.logRatio)]) {
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
      expect(Math.abs(mean)).toBeLessThan(0.06);
      expect(sd).toBeGreaterThan(0.9);
      expect(sd).toBeLessThan(1.1);
      const below = values.filter((v) => v < -2).length / values.length;
      const above = values.filter((v) => v > 2).length / values.length;
      expect(below).toBeGreaterThan(0.012);
      expect(below).toBeLessThan(0.035);
      expect(Math.abs(below - above)).toBeLessThan(0.01);
      expect(Math.min(...values)).toBeLessThan(-3.2);
    }
    // The old simulated market put 5.6 % of its draws on one floor value; here the lowest 1 % are all distinct.
    const lowest = samples
      .map((s) => s.noise)
      .sort((a, b) => a - b)
      .slice(0, 120);
    expect(new Set(lowest).size).toBe(120);
  });

  test("weekend trips cost more than week-long ones, by the trip-kind factors", () => {
    const at = replayStart + 10 * DAY_MS;
    // Friday 2026-04-17 → Sunday 19th against Saturday 18th → Saturday 25th: the same season and advance.
    const weekend = stationary.typicalPrice("BOS", "2026-04-17", "2026-04-19", at);
    const weekLong = stationary.typicalPrice("BOS", "2026-04-18", "2026-04-25", at);
    expect(weekend / weekLong).toBeCloseTo(WEEKEND_FACTOR / WEEK_LONG_FACTOR, 1);
  });

  test("a fare war lowers the route's whole level by its depth while it is at full strength", () => {
    const trends = world("trends", 1);
    expect(trends.events.wars.length).toBeGreaterThan(5);
    for (const war of trends.events.wars) {
      expect(war.depth).toBeGreaterThanOrEqual(0.2);
      expect(war.depth).toBeLessThanOrEqual(0.35);
      expect(trends.warFactor(war.route, (war.fullFrom + war.fullUntil) / 2)).toBeCloseTo(1 - war.depth, 9);
      expect(trends.warFactor(war.route, war.end)).toBe(1);
    }
    expect(stationary.events.wars).toEqual([]);
  });

  test("the same seed gives the same world; another seed another one", () => {
    const again = world("stationary", 1);
    const other = world("stationary", 2);
    expect(again.events.drops).toEqual(stationary.events.drops);
    const at = replayStart + 100 * DAY_MS + 6 * HOUR_MS;
    const fares = (w: SyntheticWorld) => w.routes.map((r) => w.fare(r.code, "2026-07-10", "2026-07-12", at));
    expect(fares(again)).toEqual(fares(stationary));
    expect(fares(other)).not.toEqual(fares(stationary));
    expect(other.events.drops).not.toEqual(stationary.events.drops);
  });
});
