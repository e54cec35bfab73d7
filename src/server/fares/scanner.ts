/**
 * One fare scan: ask the source about every route, keep each quote as an observation, judge it against the
 * route's typical range, confirm cached candidates, record deals. A failing source is recorded in fare_scans and
 * logged; existing deals stay as they are and the next scan tries again. runScan never throws. What follows a scan
 * (the alert fan-out, the fare watch) is the scan job's, read top to bottom in src/server/jobs.ts (scanFares); it
 * counts its alerts on the scan's row with recordAlertCounts.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { deals, dropSightings, fareScans } from "../../../db/schema.ts";
import { DESTINATIONS } from "../../domain/destinations.ts";
import type { Clock } from "../clock.ts";
import { HOUR_MS, rduToday } from "../../domain/calendar.ts";
import { DEAL_RULES, gridPricePeriodOf } from "../../domain/deal-rules.ts";
import { recordDeals, type DealChanges } from "./judge/deal-records.ts";
import { storeExplorePicks } from "./sweep/explore-picks.ts";
import { NO_SWEEP_COUNTS, sweepByDiscovery, type SweepCounts } from "./sweep/discovery-sweep.ts";
import type { FareSearch, FareSource, PastObservation, SearchResult } from "./sources/fare-source.ts";
import { confirmCachedCandidates, judgeQuotes } from "./judge/judge-quotes.ts";
import { hasObservationsFrom, loadPriceHistory, observedNow, storeObservations, storeRouteLevels, type PriceHistory } from "./judge/observations.ts";
import { markRoutesObserved } from "./sweep/route-coverage.ts";
import { planSearches } from "./sweep/scan-plan.ts";
import { logLine } from "../log.ts";
import { messageOf } from "../../domain/error-text.ts";

export { purgeExplorePicks } from "./sweep/explore-picks.ts";

export interface ScanDeps {
  db: Db;
  clock: Clock;
  fares: FareSource;
}

export interface ScanOptions {
  log?: (line: string) => void;
  /**
   * Reads the price history quotes are judged against; by default a year of observations from the database.
   * The deal-quality replay (tests/eval) passes a copy it keeps up to date: re-reading ~350,000 rows costs
   * 0.3–0.6 s, 7–15 minutes over a replayed year's 1,460 scans.
   */
  loadHistory?: typeof loadPriceHistory;
  /** Search only the dates of drops seen once, for their second sighting (a grid source; docs/deal-rules.md, rule 3). */
  secondLook?: boolean;
}

export interface ScanSummary {
  scanId: number;
  source: string;
  status: "succeeded" | "failed";
  routes: number;
  searches: number;
  quotes: number;
  /** Quotes of this scan that qualify as deals. */
  dealsFound: number;
  newDeals: number;
  realerted: number;
  expired: number;
  /** Drops seen by this scan that have not held yet: a grid source looks at their dates again (docs/deal-rules.md, rule 4). */
  dropsAwaitingLook: number;
  matches: number;
  alertEmails: number;
  errors: string[];
  quotaLeft: number | null;
  /** Zero for a grid sweep. */
  discovery: SweepCounts;
  seconds: number;
}

const nextTick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A source that can tell its past (the simulated market) gets a year of history before its first scan. It is
 * written 1,000 rows per transaction with a pause between, so requests are answered meanwhile; a crash part
 * way leaves part of a synthetic year, which the typical ranges handle like any thin history.
 */
async function ensureHistory(deps: ScanDeps, now: Date, log: (line: string) => void): Promise<number> {
  const { db, fares } = deps;
  if (!fares.pastObservations || hasObservationsFrom(db, fares.name)) return 0;
  let stored = 0;
  let chunk: PastObservation[] = [];
  const storeChunk = async () => {
    stored += db.transaction(() => storeObservations(db, chunk));
    chunk = [];
    await nextTick();
  };
  for (const observation of fares.pastObservations(now)) {
    if (chunk.push(observation) === 1000) await storeChunk();
  }
  await storeChunk();
  const { awaiting, created } = await sightPastHours(deps, now);
  log(
    `[scan] ${fares.name}: no price history yet; recorded ${stored.toLocaleString("en-US")} past observations, ${created} deals and ${awaiting} drops of the past hours`,
  );
  return created;
}

/**
 * The market's past hours, judged hour by hour as a running install would have judged them: its drops become
 * sightings that have held by the boot scan, so the boot scan alerts the drops that held (docs/deal-rules.md, rule 4)
 * instead of waiting three hours to show anything, and a clear drop becomes a deal in the hour that saw it (decision
 * 140). Returns the drops still waiting after the last past hour, and the deals the past hours made (the boot scan
 * counts them as its own: its fan-out alerts them).
 */
async function sightPastHours(deps: ScanDeps, now: Date): Promise<{ awaiting: number; created: number }> {
  const { db, fares } = deps;
  let awaiting = 0;
  let created = 0;
  for (let hours = DEAL_RULES.dropHoldsHours; hours >= 1; hours--) {
    const then = new Date(now.getTime() - hours * HOUR_MS);
    const today = rduToday(then);
    const history = loadPriceHistory(db, fares.historySource ?? fares.name, then);
    await nextTick(); // each hour reads a year and judges it (~0.7 s): requests are answered between the steps
    const searches = planSearches({ today, destinations: DESTINATIONS.map((d) => d.code), rechecks: [], lastObserved: history.lastObserved });
    const { quotes } = await fares.search({ now: then, searches });
    const { judged } = judgeQuotes(quotes, history, today);
    const changes = db.transaction((tx) => recordDeals(tx, judged, then, DEAL_RULES.newEpisode.grid));
    awaiting = changes.dropsAwaitingLook;
    created += changes.created;
    await nextTick();
  }
  return { awaiting, created };
}

function liveDealRechecks(db: Db): FareSearch[] {
  return db
    .select({ destination: deals.destination, departDate: deals.departDate, returnDate: deals.returnDate, cabin: deals.cabin })
    .from(deals)
    .where(eq(deals.isActive, true))
    .all()
    .map((deal) => ({ ...deal, returnDate: deal.returnDate || null, purpose: "recheck" as const }));
}

/** What a scan's deal records changed, in its summary. */
function countDealChanges(summary: ScanSummary, changes: DealChanges): void {
  summary.dealsFound = changes.found;
  summary.newDeals = changes.created;
  summary.realerted = changes.realerted;
  summary.expired = changes.expired;
  summary.dropsAwaitingLook = changes.dropsAwaitingLook;
}

/** The dates of drops that have not held yet: a second look searches only these. */
function secondLookSearches(db: Db): FareSearch[] {
  return db
    .select()
    .from(dropSightings)
    .all()
    .map(({ destination, departDate, returnDate, cabin }) => ({ destination, departDate, returnDate: returnDate || null, cabin, purpose: "recheck" as const }));
}

/** Whether a scan of this source kept its prices in the same quarter of the RDU day already (decision 144). */
function pricesKeptThisPeriod(db: Db, source: string, now: Date): boolean {
  const last = db
    .select({ startedAt: fareScans.startedAt })
    .from(fareScans)
    .where(and(eq(fareScans.source, source), eq(fareScans.keptPrices, true)))
    .orderBy(desc(fareScans.id))
    .limit(1)
    .get();
  return last !== undefined && gridPricePeriodOf(last.startedAt) === gridPricePeriodOf(now);
}

/**
 * Every route and date pair of the scan plan through search(), cached candidates confirmed (a free source); or, for a
 * second look, only the dates of drops that have not held yet. Only the first regular scan of each quarter of the day
 * that answers keeps its prices as the day's observations (decision 144); every scan judges its own.
 */
async function gridSweep(deps: ScanDeps, history: PriceHistory, now: Date, today: string, summary: ScanSummary, secondLook: boolean): Promise<void> {
  const { db, fares } = deps;
  const searches = secondLook
    ? secondLookSearches(db)
    : planSearches({
        today,
        destinations: DESTINATIONS.map((d) => d.code),
        rechecks: liveDealRechecks(db),
        lastObserved: history.lastObserved,
      });

  let result: SearchResult | null = null;
  try {
    result = await fares.search({ now, searches });
  } catch (error) {
    summary.errors.push(`${fares.name}: ${messageOf(error)}`);
  }

  if (result) {
    summary.errors.push(...result.errors);
    summary.searches = result.searched;
    summary.quotes = result.quotes.length;
    summary.quotaLeft = result.quotaLeft;
    summary.routes = new Set(result.quotes.map((q) => q.destination)).size;
    const judgement = judgeQuotes(result.quotes, history, today);
    const { judged, fresh } = await confirmCachedCandidates(fares, judgement.judged, now, today, summary.errors);
    const keepsPrices = !secondLook && result.quotes.length > 0 && !pricesKeptThisPeriod(db, fares.name, now);
    const changes: DealChanges = db.transaction((tx) => {
      if (keepsPrices) {
        storeObservations(db, observedNow([...result.quotes, ...fresh], now));
        tx.update(fareScans).set({ keptPrices: true }).where(eq(fareScans.id, summary.scanId)).run();
      }
      storeRouteLevels(db, fares.historySource ?? fares.name, judgement.routeLevels, now);
      markRoutesObserved(
        db,
        fares.name,
        result.quotes.map((quote) => quote.destination),
        now,
      );
      return recordDeals(tx, judged, now, DEAL_RULES.newEpisode.grid);
    });
    countDealChanges(summary, changes);
    summary.status = result.quotes.length > 0 || result.errors.length === 0 ? "succeeded" : "failed";
  }
}

/** Discover wide, confirm narrow (discovery-sweep.ts): a paid source's scan. */
async function discoverySweep(deps: ScanDeps, history: PriceHistory, now: Date, today: string, summary: ScanSummary): Promise<void> {
  const { db, fares } = deps;
  let sweep: Awaited<ReturnType<typeof sweepByDiscovery>>;
  try {
    sweep = await sweepByDiscovery({ db, fares, history, now, today });
  } catch (error) {
    summary.errors.push(`${fares.name}: ${messageOf(error)}`);
    return;
  }
  const { observations, explorePicks, observedRoutes, judged, searched, quotes, routes, quotaLeft, errors, ...counts } = sweep;
  summary.errors.push(...errors);
  Object.assign(summary, { searches: searched, quotes, routes, quotaLeft, discovery: counts });
  const changes: DealChanges = db.transaction((tx) => {
    storeObservations(db, observations);
    storeExplorePicks(db, explorePicks, now);
    markRoutesObserved(db, fares.name, observedRoutes, now);
    return recordDeals(tx, judged, now, DEAL_RULES.newEpisode.sweep);
  });
  countDealChanges(summary, changes);
  summary.status = quotes > 0 || errors.length === 0 ? "succeeded" : "failed";
}

/**
 * A fresh install's first fare scan is under way: one has started and none has finished. Members are told their list
 * is empty because the first scan is running, not because there are no deals (issue 45).
 */
export function firstScanRunning(db: Db): boolean {
  const row = db.$client
    .query(
      `SELECT EXISTS (SELECT 1 FROM fare_scans WHERE status = 'running') AS running,
              EXISTS (SELECT 1 FROM fare_scans WHERE status <> 'running') AS finished`,
    )
    .get() as { running: number; finished: number };
  return row.running === 1 && row.finished === 0;
}

export async function runScan(deps: ScanDeps, options: ScanOptions = {}): Promise<ScanSummary> {
  const { db, fares } = deps;
  const log = options.log ?? logLine;
  const started = performance.now();
  const now = deps.clock.now();
  const today = rduToday(now);
  const scanId = db.insert(fareScans).values({ source: fares.name, status: "running", startedAt: now }).returning({ id: fareScans.id }).get().id;
  const summary: ScanSummary = {
    scanId,
    source: fares.name,
    status: "failed",
    routes: 0,
    searches: 0,
    quotes: 0,
    dealsFound: 0,
    newDeals: 0,
    realerted: 0,
    expired: 0,
    dropsAwaitingLook: 0,
    matches: 0,
    alertEmails: 0,
    errors: [],
    quotaLeft: null,
    discovery: { ...NO_SWEEP_COUNTS },
    seconds: 0,
  };

  try {
    const pastDeals = await ensureHistory(deps, now, log);
    const history = (options.loadHistory ?? loadPriceHistory)(db, fares.historySource ?? fares.name, now);
    await nextTick(); // reading a year of prices takes ~0.2 s: answer waiting requests before searching
    if (fares.sweep === "discovery") await discoverySweep(deps, history, now, today, summary);
    else await gridSweep(deps, history, now, today, summary, options.secondLook === true);
    summary.newDeals += pastDeals;
  } catch (error) {
    summary.status = "failed";
    summary.errors.push(messageOf(error));
  }

  summary.seconds = (performance.now() - started) / 1000;
  db.update(fareScans)
    .set({
      status: summary.status,
      finishedAt: deps.clock.now(),
      routes: summary.routes,
      quotes: summary.quotes,
      dealsFound: summary.dealsFound,
      newDeals: summary.newDeals + summary.realerted,
      expiredDeals: summary.expired,
      errors: summary.errors.slice(0, 50),
      quotaLeft: summary.quotaLeft,
      searches: summary.searches,
      discoverySearches: summary.discovery.discoverySearches,
      discoveryRows: summary.discovery.discoveryRows,
      confirmSearches: summary.discovery.confirmSearches,
      candidatesConfirmed: summary.discovery.confirmed,
      candidatesRejected: summary.discovery.rejected,
    })
    .where(eq(fareScans.id, scanId))
    .run();
  log(describeScan(summary));
  return summary;
}

/**
 * What the scan's deals led to, counted on its row: the members matched and the alert emails queued, or why the
 * fan-out failed (the scan then counts as failed, and the next scan's fan-out takes up what this one owed).
 */
export function recordAlertCounts(db: Db, scan: ScanSummary, outcome: { matches: number; emails: number } | { error: string }): ScanSummary {
  const summary: ScanSummary =
    "error" in outcome
      ? { ...scan, status: "failed", errors: [...scan.errors, outcome.error] }
      : { ...scan, matches: outcome.matches, alertEmails: outcome.emails };
  db.update(fareScans)
    .set({ status: summary.status, errors: summary.errors.slice(0, 50), matches: summary.matches, alertEmails: summary.alertEmails })
    .where(eq(fareScans.id, scan.scanId))
    .run();
  return summary;
}

export function describeAlertCounts(s: ScanSummary): string {
  return `[scan] ${s.source} alerts: ${s.matches.toLocaleString("en-US")} matches, ${s.alertEmails.toLocaleString("en-US")} alert emails queued`;
}

export function describeScan(s: ScanSummary): string {
  const n = (value: number) => value.toLocaleString("en-US");
  const problems = s.errors.length > 0 ? `; ${s.errors.length} error(s): ${s.errors.slice(0, 3).join(" | ")}` : "";
  return (
    `[scan] ${s.source} ${s.status}: ${s.routes} routes, ${n(s.quotes)} quotes, ${s.dealsFound} deals ` +
    `(${s.newDeals} new, ${s.realerted} re-alerted, ${s.expired} expired, ${s.dropsAwaitingLook} awaiting another look), ` +
    `in ${s.seconds.toFixed(2)} s` +
    (s.quotaLeft !== null ? `; quota left ${n(s.quotaLeft)}` : "") +
    problems
  );
}
