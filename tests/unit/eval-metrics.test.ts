import { describe, expect, test } from "bun:test";
import { AlertDeduplication, windowStats } from "../eval/baselines.ts";
import { DAYS_PER_MONTH, measureAlerts, quantile, type AlertRecord, type Truth } from "../eval/metrics.ts";
import type { FareWar, PlantedDrop } from "../eval/world-events.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const drop = (route: string, departDate: string, depth: number, startDay: number, endDay: number): PlantedDrop => ({
  saleId: startDay,
  route,
  departDate,
  returnDate: "",
  start: startDay * DAY,
  end: endDay * DAY,
  depth,
});
const alert = (route: string, departDate: string, at: number, price: number, again = false): AlertRecord => ({
  at,
  route,
  departDate,
  returnDate: "",
  price,
  again,
});

/** Boston (domestic) always typically $400, London (international) $1,000; a 30-day window. */
const typical = (route: string) => (route === "BOS" ? 400 : 1000);
const war: FareWar = { id: 1, route: "BOS", start: 21 * DAY, fullFrom: 22 * DAY, fullUntil: 24 * DAY, end: 25 * DAY, depth: 0.3 };
const truth: Truth = {
  routes: [
    { code: "BOS", international: false },
    { code: "LHR", international: true },
  ],
  start: 0,
  end: 30 * DAY,
  typicalPrice: (route) => typical(route),
  noiselessPrice: (route, departDate, _returnDate, at) => {
    const sale = truth.drops.find((d) => d.route === route && d.departDate === departDate && d.start <= at && at < d.end);
    if (sale) return typical(route) * (1 - sale.depth);
    if (route !== war.route || at < war.start || at >= war.end) return typical(route);
    return typical(route) * (at >= war.fullFrom && at < war.fullUntil ? 1 - war.depth : 0.95); // on its ramps: about 5 % down
  },
  drops: [
    drop("BOS", "2027-01-01", 0.3, 2, 4), // alerted 3 h in
    drop("BOS", "2027-02-01", 0.25, 5, 6), // missed
    drop("LHR", "2027-03-01", 0.25, 10, 11), // alerted 9 h in
    drop("BOS", "2027-01-01", 0.4, 12, 13), // a new sale on the first dates: re-alerted 1 h in
    drop("BOS", "2027-04-01", 0.15, 14, 15), // saves $60: by depth only, not a real drop; missed
    drop("BOS", "2027-05-01", 0.1, 16, 17), // saves $40: below the dollar minimum, not counted at all
    drop("BOS", "2027-07-01", 0.3, 26, 27), // missed: de-duplication still knows these dates from day 20
    drop("LHR", "2027-06-01", 0.3, 29, 31), // ends after the window: not counted
  ],
  wars: [war],
};

const alerts: AlertRecord[] = [
  alert("BOS", "2027-01-01", 2 * DAY + 3 * HOUR, 280), // real (≤ $320), detects the first drop
  alert("BOS", "2027-01-01", 8 * DAY, 300, true), // real, but a re-alert with no new event: a duplicate
  alert("LHR", "2027-03-01", 10 * DAY + 9 * HOUR, 750), // real, detects the London drop
  alert("BOS", "2027-01-01", 12 * DAY + HOUR, 240, true), // real, a new sale: not a duplicate
  alert("BOS", "2027-07-01", 20 * DAY, 350), // false (above $320)
  alert("BOS", "2027-08-01", 22 * DAY, 290), // real, during the fare war
  alert("BOS", "2027-09-01", 31 * DAY, 200), // in the week after the war but after the window: not counted
];

describe("deal-quality metrics", () => {
  const metrics = measureAlerts(alerts, truth);

  test("count real and false alerts against the true typical price, per route-month", () => {
    expect(metrics.alerts).toBe(6);
    expect(metrics.realAlerts).toBe(5);
    expect(metrics.falseAlerts).toBe(1);
    expect(metrics.routeMonths).toBeCloseTo((2 * 30) / DAYS_PER_MONTH, 9);
    // 2027-07-01 is a Thursday and the test's trips are one way.
    expect(metrics.falseByTripKind).toEqual({ weekend: 0, "week-long": 0, other: 0, "one-way": 1 });
  });

  test("recall counts real drops (≥ 25 %, above the dollar minimum) alerted on their exact dates while the sale ran", () => {
    expect(metrics.realDropRecall).toEqual({ hit: 3, of: 5 });
    expect(metrics.international25Recall).toEqual({ hit: 1, of: 1 });
    expect(metrics.missedAfterEarlierAlert).toBe(1);
    expect(metrics.hoursToAlert).toEqual([1, 3, 9]);
    expect(metrics.recallByDepth).toEqual([
      { depth: 0.15, domestic: { hit: 0, of: 1 }, international: { hit: 0, of: 0 } },
      { depth: 0.25, domestic: { hit: 0, of: 1 }, international: { hit: 1, of: 1 } },
      { depth: 0.3, domestic: { hit: 1, of: 2 }, international: { hit: 0, of: 0 } },
      { depth: 0.4, domestic: { hit: 1, of: 1 }, international: { hit: 0, of: 0 } },
    ]);
  });

  test("a re-alert is a duplicate unless a new sale on those dates began or the noise-free price fell 10 % since the last alert", () => {
    expect(metrics.duplicates).toBe(1);
    // The fare war has only begun (5 % down from day 20's alert): noise made this re-alert.
    const onTheRamp = alert("BOS", "2027-07-01", 21 * DAY + 6 * HOUR, 270, true);
    expect(measureAlerts([...alerts, onTheRamp], truth).duplicates).toBe(2);
    // At full strength the war took 30 % off: a re-alert the market explains.
    const atFullStrength = alert("BOS", "2027-07-01", 22 * DAY + 6 * HOUR, 270, true);
    expect(measureAlerts([...alerts, atFullStrength], truth).duplicates).toBe(1);
  });

  test("alerts per fare war count the route's alerts from the war's start to a week after it ends", () => {
    expect(metrics.wars).toBe(1);
    expect(metrics.warAlerts).toBe(1);
  });

  test("quantiles interpolate between ranks", () => {
    expect(quantile([1, 3, 9], 0.5)).toBe(3);
    expect(quantile([0, 10], 0.95)).toBeCloseTo(9.5, 9);
    expect(quantile([], 0.5)).toBeNull();
  });
});

describe("the baselines' shared pieces", () => {
  test("today's de-duplication: first fare alerts; again only $25 or 10 % lower and 24 h later", () => {
    const dedup = new AlertDeduplication();
    expect(dedup.consider("k", 300, 0)).toBe("new");
    expect(dedup.consider("k", 200, 23 * HOUR)).toBeNull();
    expect(dedup.consider("k", 280, 25 * HOUR)).toBeNull();
    expect(dedup.consider("k", 275, 25 * HOUR)).toBe("again");
    expect(dedup.consider("other", 900, 25 * HOUR)).toBe("new");
  });

  test("window statistics: mean, and median/MAD of log prices", () => {
    const stats = windowStats([100, 200, 400]);
    expect(stats.mean).toBeCloseTo(233.33, 2);
    expect(stats.logMedian).toBeCloseTo(Math.log(200), 9);
    expect(stats.logMad).toBeCloseTo(Math.log(2), 9);
  });
});
