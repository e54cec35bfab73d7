/**
 * Replays days of scans through the real scanner: the real runScan (scan plan, observations, typical ranges,
 * detection, deal records, a fan-out to nobody) on an in-memory migrated SQLite, a clock stepped scan by scan
 * (8 a day, at the default SCAN_SCHEDULE's hours in RDU's winter time, plus the job runner's looks a minute past
 * each next hour while drops wait to hold: src/server/jobs.ts), and a fare source answered by the synthetic world. Each scan's alerts are read back from the deals table (created, or alert version bumped),
 * and the baselines are judged on the same quotes and stored observations.
 */
import type { Db } from "../../db/client.ts";
import { DAY_MS, dayNumber, HOUR_MS, rduToday } from "../../src/domain/calendar.ts";
import type { PriceHistory } from "../../src/server/fares/judge/observations.ts";
import { runScan } from "../../src/server/fares/scanner.ts";
import { secondLookDelayMs } from "../../src/domain/deal-rules.ts";
import { migratedMemoryDb } from "../support/test-app.ts";
import { TestClock } from "../support/test-clock.ts";
import { BaselineRules, type BaselineName } from "./baselines.ts";
import type { AlertRecord } from "./metrics.ts";
import { ReplayHistoryLoader } from "./replay-history.ts";
import type { SyntheticWorld } from "./world.ts";
import type { DiscoveryArea } from "../../src/domain/discovery-areas.ts";
import { GRID_SCAN_EVERY_HOURS } from "../../src/server/config.ts";
import { createBudgetedWorldSource, type BudgetedWorldSource } from "./world-budgeted-source.ts";
import { createWorldFareSource, WORLD_SOURCE, type WorldFareSource } from "./world-fare-source.ts";

export type RuleName = "current" | BaselineName;
export const SCANS_PER_DAY = 24 / GRID_SCAN_EVERY_HOURS;
const SCAN_INTERVAL_MS = GRID_SCAN_EVERY_HOURS * HOUR_MS;
/** The history copy is compared with the database's own read at the first scan and every this many scans. */
const HISTORY_CHECK_EVERY = 240;
const PROGRESS_EVERY_DAYS = 30;

export interface ReplayPlan {
  world: SyntheticWorld;
  /** The first scan (ms). */
  from: number;
  days: number;
  /** A year of past observations before the first scan, as the simulated market gives; false = a fresh install. */
  warmStart: boolean;
  /**
   * The budgeted mode (issue 15): hourly scans of a source that sweeps by discovery and spends at most this many
   * searches a month (world-budgeted-source.ts). Only today's rule is replayed: the baselines judge a grid's quotes.
   */
  searchesPerMonth?: number;
  /** Budgeted mode: the areas Explore can search (default every area; SerpApi's default is North America and Europe). */
  areas?: readonly DiscoveryArea[];
  /** Budgeted mode: keep every discovery and confirmation answer (the diagnosis of missed drops). */
  trace?: boolean;
  /** Budgeted mode: Explore answers exact dates, so the sweep makes its completeness pass (decision 139). */
  exactDateExplore?: boolean;
  /** Printed to stderr with the day reached every PROGRESS_EVERY_DAYS days, for a run that takes hours. */
  progressLabel?: string;
  /** Called after each scan with its time, the price history it was judged against and the replay's database. */
  afterScan?: (at: number, history: PriceHistory, source: BudgetedWorldSource | null, grid: WorldFareSource | null, db: Db) => void;
}

export interface ReplayResult {
  alerts: Record<RuleName, AlertRecord[]>;
  scans: number;
  searches: number;
  quotes: number;
  seconds: number;
  /** The budgeted source, for what it spent and saw. */
  budgeted: BudgetedWorldSource | null;
}

/** Alerts since the scan before: a fresh install's first scan also alerts the deals its past hours made (decision 140). */
const ALERTS_OF_SCAN = `SELECT destination, depart_date, return_date, last_alerted_price, alert_version FROM deals
  WHERE last_alerted_at > ? AND last_alerted_at <= ?`;
const FINISHED_DAYS = `SELECT destination, observed_day, price FROM fare_observations
  WHERE source = $source AND observed_day >= $fromDay AND observed_day < $toDay ORDER BY observed_day`;

export async function replay(plan: ReplayPlan): Promise<ReplayResult> {
  const started = performance.now();
  const db = migratedMemoryDb();
  const clock = new TestClock(new Date(plan.from));
  const budgeted =
    plan.searchesPerMonth === undefined
      ? null
      : createBudgetedWorldSource(plan.world, {
          warmStart: plan.warmStart,
          searchesPerMonth: plan.searchesPerMonth,
          scanIntervalMs: HOUR_MS,
          trace: plan.trace,
          areas: plan.areas,
          exactDateExplore: plan.exactDateExplore,
        });
  const fares = budgeted ?? createWorldFareSource(plan.world, { warmStart: plan.warmStart });
  const scansPerDay = budgeted ? 24 : SCANS_PER_DAY;
  const history = new ReplayHistoryLoader(db);
  const baselines = new BaselineRules();
  const current: AlertRecord[] = [];
  const result: ReplayResult = { alerts: { current, ...baselines.alerts }, scans: 0, searches: 0, quotes: 0, seconds: 0, budgeted };
  let baselineDay: string | null = null;

  const interval = budgeted ? HOUR_MS : SCAN_INTERVAL_MS;
  const end = plan.from + plan.days * scansPerDay * interval;
  let nextRegular = plan.from;
  let next = plan.from;
  let previousScanAt = 0;
  let reportedDay = 0;
  for (let scan = 0, at = plan.from; at < end; scan++, at = next) {
    const regular = at === nextRegular;
    const day = Math.floor((at - plan.from) / DAY_MS);
    if (plan.progressLabel && day >= reportedDay + PROGRESS_EVERY_DAYS) {
      reportedDay = day;
      console.error(`[eval] ${plan.progressLabel}: day ${day} of ${plan.days}, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    if (regular) nextRegular += interval;
    clock.set(new Date(at));
    const summary = await runScan({ db, clock, fares }, { log: () => {}, loadHistory: history.load, secondLook: !regular });
    if (summary.status !== "succeeded") throw new Error(`scan at ${new Date(at).toISOString()} failed: ${summary.errors.join("; ")}`);
    if (scan % HISTORY_CHECK_EVERY === 0 && !history.sameAsDatabase(WORLD_SOURCE, clock.now())) {
      throw new Error(`the replay's price history differs from loadPriceHistory at ${new Date(at).toISOString()}`);
    }
    if (plan.afterScan) plan.afterScan(at, history.load(db, WORLD_SOURCE, clock.now()), budgeted, budgeted ? null : (fares as WorldFareSource), db);
    result.scans++;
    result.searches += summary.searches;
    result.quotes += summary.quotes;

    const rows = db.$client.query(ALERTS_OF_SCAN).values(previousScanAt, at) as [string, string, string, number, number][];
    previousScanAt = at;
    if (rows.length !== summary.newDeals + summary.realerted) throw new Error("alerts read back differ from the scan's summary");
    for (const [route, departDate, returnDate, price, version] of rows) current.push({ at, route, departDate, returnDate, price, again: version > 1 });
    const secondLook = at + secondLookDelayMs(at);
    next = summary.dropsAwaitingLook > 0 && secondLook < nextRegular ? secondLook : nextRegular;

    if (budgeted || !regular) continue;
    // The baselines judge this scan's quotes against the daily minima of the days before today.
    const today = rduToday(new Date(at));
    if (baselineDay !== today) {
      const finished = db.$client.query(FINISHED_DAYS).values({ source: WORLD_SOURCE, fromDay: baselineDay ?? "", toDay: today }) as [string, string, number][];
      for (const [route, day, price] of finished) baselines.addObservation(dayNumber(day), route, price);
      baselineDay = today;
    }
    const quotes = (fares as WorldFareSource).lastQuotes.map((q) => ({
      route: q.destination,
      departDate: q.departDate,
      returnDate: q.returnDate ?? "",
      price: q.price,
    }));
    baselines.judgeScan(quotes, at, dayNumber(today));
  }
  db.$client.close();
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
