/**
 * Two simple rules to compare today's rule with, judged on the same observation stream: each scan's quotes,
 * against the route's stored observations (one daily minimum per route, dates and day, all dates of the
 * route pooled) from the 60 days before today.
 *
 * - mean60:  the fare is at most 0.75 × the mean of those observations.
 * - robustZ: the robust z-score of the log fare against their median and MAD (× 1.4826) is at most −3.
 *
 * Both need at least 20 observations and a departure at least 7 days away, and both alert with today's
 * de-duplication (docs/deal-rules.md, rule 5, as deal-records.ts applies it): one deal per route and dates until departure;
 * the first qualifying fare alerts, and a later qualifying fare alerts again only once it is $25 or 10 %
 * below the last alerted price and 24 hours have passed since that alert.
 */
import type { AlertRecord } from "./metrics.ts";

export type BaselineName = "mean60" | "robustZ";

export const BASELINE_LABELS: Readonly<Record<BaselineName, string>> = {
  mean60: "fare ≤ 0.75 × trailing 60-day mean",
  robustZ: "robust z ≤ −3 (log fare vs 60-day median/MAD)",
};

export const WINDOW_DAYS = 60;
export const MIN_OBSERVATIONS = 20;
const MIN_DAYS_TO_DEPARTURE = 7;
const REALERT_DOLLARS = 25;
const REALERT_SHARE = 0.1;
const REALERT_MS = 24 * 3_600_000;
const MAD_TO_SIGMA = 1.4826;
const DAY_MS = 86_400_000;

export interface WindowStats {
  count: number;
  mean: number;
  logMedian: number;
  /** Median absolute deviation of the log prices. */
  logMad: number;
}

function median(sorted: Float64Array): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function windowStats(prices: readonly number[]): WindowStats {
  const logs = Float64Array.from(prices, Math.log).sort();
  const logMedian = median(logs);
  const deviations = logs.map((value) => Math.abs(value - logMedian)).sort();
  return { count: prices.length, mean: prices.reduce((sum, p) => sum + p, 0) / prices.length, logMedian, logMad: median(deviations) };
}

export const BASELINE_RULES: Readonly<Record<BaselineName, (price: number, stats: WindowStats) => boolean>> = {
  mean60: (price, stats) => price <= 0.75 * stats.mean,
  robustZ: (price, stats) => stats.logMad > 0 && (Math.log(price) - stats.logMedian) / (MAD_TO_SIGMA * stats.logMad) <= -3,
};

/** Today's de-duplication for one rule: whether a qualifying fare is an alert now. */
export class AlertDeduplication {
  private readonly lastAlert = new Map<string, { price: number; at: number }>();

  consider(key: string, price: number, at: number): "new" | "again" | null {
    const last = this.lastAlert.get(key);
    if (last) {
      const drop = last.price - price;
      if (at - last.at < REALERT_MS || (drop < REALERT_DOLLARS && drop < last.price * REALERT_SHARE)) return null;
    }
    this.lastAlert.set(key, { price, at });
    return last ? "again" : "new";
  }
}

export interface ObservedFare {
  route: string;
  departDate: string;
  returnDate: string;
  price: number;
}

/** The baselines over one replay: fed each finished day's stored observations, asked about each scan's quotes. */
export class BaselineRules {
  readonly alerts: Record<BaselineName, AlertRecord[]> = { mean60: [], robustZ: [] };
  private readonly dedup: Record<BaselineName, AlertDeduplication> = { mean60: new AlertDeduplication(), robustZ: new AlertDeduplication() };
  /** Per route: [day number, price] of stored observations, oldest first. */
  private readonly observations = new Map<string, [number, number][]>();
  private statsDay = -1;
  private readonly stats = new Map<string, WindowStats | null>();

  /** One stored observation (a daily minimum) of a finished day; days come in order. */
  addObservation(day: number, route: string, price: number): void {
    const list = this.observations.get(route);
    if (list) list.push([day, price]);
    else this.observations.set(route, [[day, price]]);
  }

  private statsOf(route: string, today: number): WindowStats | null {
    if (today !== this.statsDay) {
      this.stats.clear();
      this.statsDay = today;
    }
    if (!this.stats.has(route)) {
      const list = this.observations.get(route) ?? [];
      const firstKept = list.findIndex(([day]) => day >= today - WINDOW_DAYS);
      list.splice(0, firstKept === -1 ? list.length : firstKept);
      const prices = list.filter(([day]) => day < today).map(([, price]) => price);
      this.stats.set(route, prices.length >= MIN_OBSERVATIONS ? windowStats(prices) : null);
    }
    return this.stats.get(route)!;
  }

  judgeScan(fares: readonly ObservedFare[], at: number, today: number): void {
    for (const fare of fares) {
      if (Date.parse(fare.departDate) / DAY_MS - today < MIN_DAYS_TO_DEPARTURE) continue;
      const stats = this.statsOf(fare.route, today);
      if (!stats) continue;
      const key = `${fare.route}|${fare.departDate}|${fare.returnDate}`;
      for (const name of Object.keys(BASELINE_RULES) as BaselineName[]) {
        if (!BASELINE_RULES[name](fare.price, stats)) continue;
        const verdict = this.dedup[name].consider(key, fare.price, at);
        if (verdict) this.alerts[name].push({ at, ...fare, again: verdict === "again" });
      }
    }
  }
}
