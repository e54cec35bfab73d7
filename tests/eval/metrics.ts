/**
 * How a rule's alerts compare with the world's ground truth. Pure: an alert log and the truth in, numbers out.
 *
 * - An ALERT is a deal created or re-alerted (alert version bumped): what a subscriber is emailed.
 * - A REAL alert's fare was at least 20 % below the true typical price of its route and dates at that moment;
 *   any other alert is FALSE.
 * - A planted drop is DETECTED when its route and exact dates get an alert while the sale runs. The headline
 *   recall counts REAL DROPS: at least 25 % deep and saving at least the dollar minimum (docs/deal-rules.md: $50
 *   domestic, $150 international) against the true typical price when the sale starts.
 * - ALERTS PER FARE WAR: alerts on the route from the war's start until a week after its level is back.
 * - A DUPLICATE is a re-alert of the same route and dates that only noise explains: no new planted sale on those
 *   dates began since their previous alert, and the world's noise-free price (typical × fare war × spike, or the
 *   sale price) has not fallen by the re-alert step of 10 % since then.
 */
import { tripKindOf, type TripKind } from "./world.ts";
import type { FareWar, PlantedDrop } from "./world-events.ts";

export interface AlertRecord {
  at: number;
  route: string;
  departDate: string;
  returnDate: string;
  price: number;
  /** A re-alert of a key alerted before (alert version > 1). */
  again: boolean;
}

export interface Truth {
  routes: readonly { code: string; international: boolean }[];
  /** The measured window [start, end) in ms; alerts, drops and wars outside it are not counted. */
  start: number;
  end: number;
  typicalPrice(route: string, departDate: string, returnDate: string, at: number): number;
  /** The fare without its noise: the sale price during a sale, else typical × fare war × spike. */
  noiselessPrice(route: string, departDate: string, returnDate: string, at: number): number;
  drops: readonly PlantedDrop[];
  wars: readonly FareWar[];
}

export interface Ratio {
  hit: number;
  of: number;
}

export interface RuleMetrics {
  alerts: number;
  realAlerts: number;
  falseAlerts: number;
  routeMonths: number;
  /** False alerts by trip kind: where the typical price was judged wrong. */
  falseByTripKind: Record<TripKind, number>;
  /** Real drops (≥ 25 %, above the dollar minimum) that got an alert. */
  realDropRecall: Ratio;
  /** Missed real drops whose dates had been alerted before the sale began (still "known" to de-duplication). */
  missedAfterEarlierAlert: number;
  /** Of those, international drops of exactly 25 %. */
  international25Recall: Ratio;
  /** Every planted drop above the dollar minimum for its depth, by depth and region. */
  recallByDepth: { depth: number; domestic: Ratio; international: Ratio }[];
  wars: number;
  warAlerts: number;
  duplicates: number;
  /** Hours from a real drop's start to its first alert, ascending. */
  hoursToAlert: number[];
}

export const REAL_ALERT_SHARE_BELOW = 0.2;
export const REAL_DROP_DEPTH = 0.25;
export const DOLLAR_MINIMUM = { domestic: 50, international: 150 } as const;
export const DAYS_PER_MONTH = 365.25 / 12;
/** A re-alert is explained by the market when its noise-free price fell by this share since the last alert. */
export const DUPLICATE_STEP = 0.1;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const WAR_AFTERMATH_MS = 7 * DAY_MS;

const keyOf = (item: { route: string; departDate: string; returnDate: string }) => `${item.route}|${item.departDate}|${item.returnDate}`;
const ratio = (hits: readonly boolean[]): Ratio => ({ hit: hits.filter(Boolean).length, of: hits.length });

/** Linear interpolation between closest ranks of an ascending list; null when empty. */
export function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const index = (sorted.length - 1) * p;
  const below = Math.floor(index);
  const above = Math.ceil(index);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (index - below);
}

function groupBy<T>(items: readonly T[], keyFn: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyFn(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export function isRealAlert(alert: AlertRecord, truth: Truth): boolean {
  const typical = truth.typicalPrice(alert.route, alert.departDate, alert.returnDate, alert.at);
  // Fares are whole dollars: a fare exactly 20 % below, rounded to the dollar, is 20 % below.
  return alert.price <= Math.round((1 - REAL_ALERT_SHARE_BELOW) * typical);
}

/** Each duplicate (see above) among alerts sorted by time, with the alert of its dates before it. */
export function duplicateAlerts(alerts: readonly AlertRecord[], truth: Truth): { previous: AlertRecord; alert: AlertRecord }[] {
  const dropsByKey = groupBy(truth.drops, keyOf);
  const duplicates: { previous: AlertRecord; alert: AlertRecord }[] = [];
  for (const [key, keyAlerts] of groupBy(alerts, keyOf)) {
    const keyDrops = dropsByKey.get(key) ?? [];
    for (let i = 1; i < keyAlerts.length; i++) {
      const [previous, alert] = [keyAlerts[i - 1]!, keyAlerts[i]!];
      if (!alert.again) continue;
      const newSale = keyDrops.some((drop) => drop.start > previous.at && drop.start <= alert.at);
      const noiseless = (at: number) => truth.noiselessPrice(alert.route, alert.departDate, alert.returnDate, at);
      const marketFell = noiseless(alert.at) <= (1 - DUPLICATE_STEP) * noiseless(previous.at);
      if (!newSale && !marketFell) duplicates.push({ previous, alert });
    }
  }
  return duplicates;
}

export function measureAlerts(allAlerts: readonly AlertRecord[], truth: Truth): RuleMetrics {
  const inWindow = (from: number, to: number) => from >= truth.start && to <= truth.end;
  const alerts = allAlerts.filter((alert) => inWindow(alert.at, alert.at)).sort((a, b) => a.at - b.at);
  const international = new Set(truth.routes.filter((r) => r.international).map((r) => r.code));
  const alertsByKey = groupBy(alerts, keyOf);
  const falseByTripKind: Record<TripKind, number> = { weekend: 0, "week-long": 0, other: 0, "one-way": 0 };
  for (const alert of alerts) {
    if (!isRealAlert(alert, truth)) falseByTripKind[tripKindOf(alert.departDate, alert.returnDate || null)]++;
  }
  const realAlerts = alerts.length - Object.values(falseByTripKind).reduce((a, b) => a + b, 0);

  const drops = truth.drops.filter((drop) => inWindow(drop.start, drop.end));
  const dropFacts = drops.map((drop) => {
    const isInternational = international.has(drop.route);
    const saved = truth.typicalPrice(drop.route, drop.departDate, drop.returnDate, drop.start) * drop.depth;
    const firstAlert = (alertsByKey.get(keyOf(drop)) ?? []).find((alert) => alert.at >= drop.start && alert.at <= drop.end);
    return {
      drop,
      isInternational,
      aboveMinimum: saved >= (isInternational ? DOLLAR_MINIMUM.international : DOLLAR_MINIMUM.domestic),
      detected: firstAlert !== undefined,
      alertedBefore: (alertsByKey.get(keyOf(drop)) ?? []).some((alert) => alert.at < drop.start),
      hours: firstAlert ? (firstAlert.at - drop.start) / HOUR_MS : null,
    };
  });
  const real = dropFacts.filter((f) => f.aboveMinimum && f.drop.depth >= REAL_DROP_DEPTH - 1e-9);
  const counted = dropFacts.filter((f) => f.aboveMinimum);
  const depths = [...new Set(counted.map((f) => f.drop.depth))].sort((a, b) => a - b);

  const wars = truth.wars.filter((war) => inWindow(war.start, war.end));
  const warAlerts = wars.reduce(
    (sum, war) => sum + alerts.filter((a) => a.route === war.route && a.at >= war.start && a.at < war.end + WAR_AFTERMATH_MS).length,
    0,
  );

  return {
    alerts: alerts.length,
    realAlerts,
    falseAlerts: alerts.length - realAlerts,
    routeMonths: (truth.routes.length * (truth.end - truth.start)) / DAY_MS / DAYS_PER_MONTH,
    falseByTripKind,
    realDropRecall: ratio(real.map((f) => f.detected)),
    missedAfterEarlierAlert: real.filter((f) => !f.detected && f.alertedBefore).length,
    international25Recall: ratio(real.filter((f) => f.isInternational && Math.abs(f.drop.depth - 0.25) < 1e-9).map((f) => f.detected)),
    recallByDepth: depths.map((depth) => ({
      depth,
      domestic: ratio(counted.filter((f) => f.drop.depth === depth && !f.isInternational).map((f) => f.detected)),
      international: ratio(counted.filter((f) => f.drop.depth === depth && f.isInternational).map((f) => f.detected)),
    })),
    wars: wars.length,
    warAlerts,
    duplicates: duplicateAlerts(alerts, truth).length,
    hoursToAlert: real.flatMap((f) => (f.hours === null ? [] : [f.hours])).sort((a, b) => a - b),
  };
}
