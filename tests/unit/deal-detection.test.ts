import { describe, expect, test } from "bun:test";
import { dealKey, deservesNewAlert, expiryReason, judgeFare, recheckExpiryReason, tierFor } from "../../src/server/fares/detect.ts";
import { blendWithProvider, percentile, rangeOfHistory, typicalRange, winsorized } from "../../src/server/fares/typical-range.ts";
import { seededRandom, normalDraw } from "../../src/server/fares/seeded-random.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const today = "2026-11-22";
const now = new Date("2026-11-22T15:00:00Z");

/** A year of a route's prices: lognormal noise around `typical`. */
function history(typical: number, count = 200, spread = 0.08, seed = "route"): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => Math.round(typical * Math.exp(spread * normalDraw(random))));
}

const range = (low: number, median: number, high: number) => ({ low, median, high, observations: 100 });

describe("the typical range", () => {
  test("is P25 … P75 of the history, with the median", () => {
    const prices = Array.from({ length: 101 }, (_, i) => 200 + i);
    expect(rangeOfHistory(prices)).toEqual({ low: 225, median: 250, high: 275, observations: 101 });
    expect(percentile([100, 200], 0.5)).toBe(150);
  });

  test("winsorises at P2/P98, so mistake fares and spikes in the history cannot drag it", () => {
    const prices = [...Array.from({ length: 98 }, (_, i) => 300 + i), 20, 9000];
    const clamped = winsorized(prices);
    expect(Math.min(...clamped)).toBeGreaterThan(250);
    expect(Math.max(...clamped)).toBeLessThan(420);
    const calm = rangeOfHistory(Array.from({ length: 98 }, (_, i) => 300 + i))!;
    expect(rangeOfHistory(prices)!.median).toBeCloseTo(calm.median, 0);
  });

  test("uses the departure month when it has enough history, else the whole route", () => {
    const month = history(500, 40, 0.05, "month");
    const route = history(300, 300, 0.05, "all");
    expect(typicalRange({ month, route }, null)!.median).toBeGreaterThan(450);
    expect(typicalRange({ month: month.slice(0, 10), route }, null)!.median).toBeLessThan(350);
  });

  test("with thin history, leans on the provider's range, fully at 0 and not at all from 60 observations", () => {
    const provider = { low: 400, high: 600 };
    expect(typicalRange({ month: [], route: [] }, provider)).toEqual({ low: 400, median: 500, high: 600, observations: 0 });
    expect(typicalRange({ month: [], route: [] }, null)).toBeNull();
    expect(typicalRange({ month: [], route: history(300, 10) }, null)).toBeNull();

    const own = range(280, 300, 320);
    expect(blendWithProvider({ ...own, observations: 30 }, provider)).toEqual({ low: 340, median: 400, high: 460, observations: 30 });
    expect(blendWithProvider({ ...own, observations: 60 }, provider)).toEqual({ ...own, observations: 60 });
    expect(blendWithProvider({ ...own, observations: 600 }, provider)).toEqual({ ...own, observations: 600 });
  });
});

describe("what counts as a deal", () => {
  test("a true drop on a synthetic history is found, and ordinary noise is not", () => {
    const route = history(400);
    const typical = typicalRange({ month: route, route }, null)!;
    const fare = (price: number) => judgeFare({ price, destination: "LAX", departDate: "2027-02-12" }, typical, today);
    const noise = history(400, 500, 0.08, "today");
    expect(noise.filter((price) => fare(price).isDeal).length).toBeLessThanOrEqual(2);
    expect(fare(260).isDeal).toBe(true);
    expect(fare(260).tier).toBe("great");
  });

  test("domestic: at most the typical low, 20% and $50 below the median", () => {
    const lax = (price: number) => judgeFare({ price, destination: "LAX", departDate: "2027-02-12" }, range(340, 380, 420), today);
    expect(lax(304)).toMatchObject({ isDeal: true, tier: "good" });
    expect(lax(305)).toMatchObject({ isDeal: false, reason: "less than 20% below typical" });
    const atl = (price: number) => judgeFare({ price, destination: "ATL", departDate: "2027-02-12" }, range(150, 170, 190), today);
    expect(atl(125)).toMatchObject({ isDeal: false, reason: "saves less than $50" });
    expect(atl(120).isDeal).toBe(true);
    const wide = (price: number) => judgeFare({ price, destination: "LAX", departDate: "2027-02-12" }, range(250, 400, 500), today);
    expect(wide(260)).toMatchObject({ isDeal: false, reason: "not below the typical low" });
  });

  test("international: 25% and $150 below the median", () => {
    const lhr = (price: number) => judgeFare({ price, destination: "LHR", departDate: "2027-02-12" }, range(800, 900, 1000), today);
    expect(lhr(700)).toMatchObject({ isDeal: false, reason: "less than 25% below typical" });
    expect(lhr(675).isDeal).toBe(true);
    const yyz = (price: number) => judgeFare({ price, destination: "YYZ", departDate: "2027-02-12" }, range(300, 340, 380), today);
    expect(yyz(240)).toMatchObject({ isDeal: false, reason: "saves less than $150" });
    expect(yyz(190).isDeal).toBe(true);
  });

  test("departure must be at least 7 days away", () => {
    const fare = (departDate: string) => judgeFare({ price: 200, destination: "LAX", departDate }, range(340, 380, 420), today);
    expect(fare("2026-11-28")).toMatchObject({ isDeal: false, reason: "departs in less than 7 days" });
    expect(fare("2026-11-29").isDeal).toBe(true);
  });

  test("tiers: good 20–34%, great 35–49%, exceptional from 50%", () => {
    expect([0.19, 0.2, 0.349, 0.35, 0.499, 0.5, 0.8].map(tierFor)).toEqual([null, "good", "good", "great", "great", "exceptional", "exceptional"]);
  });
});

describe("de-duplication and alerting again", () => {
  test("one key per route, trip type, cabin and dates", () => {
    const base = {
      origin: "RDU",
      destination: "LAX",
      tripType: "round_trip" as const,
      cabin: "economy" as const,
      departDate: "2027-02-12",
      returnDate: "2027-02-14",
    };
    expect(dealKey(base)).toBe("RDU-LAX|round_trip|economy|2027-02-12|2027-02-14");
    expect(dealKey({ ...base, returnDate: null, tripType: "one_way" })).toBe("RDU-LAX|one_way|economy|2027-02-12|");
    expect(new Set([dealKey(base), dealKey({ ...base, cabin: "business" }), dealKey({ ...base, returnDate: "2027-02-15" })]).size).toBe(3);
  });

  test("needs a further drop of 10% or $25, and 24 hours since the last alert", () => {
    const last = { price: 400, alertedAt: new Date(now.getTime() - 25 * HOUR) };
    expect(deservesNewAlert(last, 376, now)).toBe(false);
    expect(deservesNewAlert(last, 375, now)).toBe(true);
    const cheap = { price: 120, alertedAt: new Date(now.getTime() - 25 * HOUR) };
    expect(deservesNewAlert(cheap, 109, now)).toBe(false);
    expect(deservesNewAlert(cheap, 108, now)).toBe(true);
    expect(deservesNewAlert({ price: 400, alertedAt: new Date(now.getTime() - 23 * HOUR) }, 200, now)).toBe(false);
  });
});

describe("expiry", () => {
  const live = { departDate: "2027-02-12", lastSeenAt: now, lastAlertedAt: now };

  test("a re-check above the typical low ends a deal; at or below it, it lives", () => {
    expect(recheckExpiryReason(341, 340)).toBe("price rose above the typical low");
    expect(recheckExpiryReason(340, 340)).toBeNull();
  });

  test("after 48 hours unseen, within 3 days of departure, or 7 days after its alert", () => {
    expect(expiryReason(live, now, today)).toBeNull();
    expect(expiryReason({ ...live, lastSeenAt: new Date(now.getTime() - 47 * HOUR) }, now, today)).toBeNull();
    expect(expiryReason({ ...live, lastSeenAt: new Date(now.getTime() - 48 * HOUR) }, now, today)).toBe("not seen for 48 hours");
    expect(expiryReason({ ...live, departDate: "2026-11-26" }, now, today)).toBeNull();
    expect(expiryReason({ ...live, departDate: "2026-11-25" }, now, today)).toBe("departs within 3 days");
    expect(expiryReason({ ...live, lastAlertedAt: new Date(now.getTime() - 7 * DAY + HOUR) }, now, today)).toBeNull();
    expect(expiryReason({ ...live, lastAlertedAt: new Date(now.getTime() - 7 * DAY) }, now, today)).toBe("7 days old");
  });
});
