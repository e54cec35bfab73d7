/**
 * The one job runner: the fare scan (on SCAN_SCHEDULE, and at boot when there is nothing to show yet), email
 * delivery and push delivery every second (each its own job), members' pauses every five minutes, and the hourly purge. A job never overlaps itself; a
 * failure is logged and the next tick tries again, never fatal. It also fills mail's renderer registry, so mail/
 * needs no feature folder. Nothing here may hold the request thread for long (decision 121): the scan with its
 * fan-out runs on a thread of its own in production (scanWorkOnThread); delivery awaits each message and renders a
 * group's alert once (decision 122); preview images are drawn on their own thread (trips/share-image-cache.ts).
 */
import { Cron } from "croner";
import { secondLookDelayMs } from "../domain/deal-rules.ts";
import { deleteExpiredSessions } from "./auth/sessions.ts";
import { deleteExpiredPasswordTokens } from "./auth/tokens.ts";
import { purgeAbandonedSignups } from "./billing/abandoned-signups.ts";
import { queuePauseReminders, resumeEndedPauses } from "./billing/member-pause.service.ts";
import { rewardEndedTestTrials } from "./billing/test-billing-referrals.ts";
import { DEAL_ALERT_KIND, DEAL_DIGEST_KIND, PUSH_ALERT_KIND } from "./alerts/alert-queue.ts";
import { pushAlertRenderer } from "./alerts/push-alert.ts";
import { dealAlertRenderer } from "./alerts/alert-email.ts";
import { fanOutOwedDeals, hasOwedFanOut, type FanOutResult } from "./alerts/fan-out.ts";
import type { Deps } from "./deps.ts";
import { hasAnyDeal } from "./fares/judge/deal-records.ts";
import { describeAlertCounts, purgeExplorePicks, recordAlertCounts, runScan, type ScanOptions, type ScanSummary } from "./fares/scanner.ts";
import { messageOf } from "../domain/error-text.ts";
import { deliverAllDueEmails, deliverAllDuePushes, PushHostBackoff, type PushDelivery, type TemplateRenderer } from "./mail/outbox.ts";
import { vapidKeys } from "./mail/push-keys.ts";
import { createPushSender, type PushSender } from "./mail/push-sender.ts";
import { TRIP_REMINDER_KIND, tripReminderRenderer } from "./trips/booked-trips.ts";
import { FARE_DROP_KIND, fareDropRenderer, watchBookedTrips } from "./trips/fare-watch.ts";
import { logLine, log as logger } from "./log.ts";
import { purgeOutbox } from "./mail/outbox-purge.ts";
import { steppedClock, systemClock, type Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { JobThread, WORKER_ENTRIES } from "./job-thread.ts";

/** Renderers for the emails queued as data (bulk alerts), by kind: the outbox renders them when it sends. */
export function emailRenderers(deps: Pick<Deps, "db" | "clock" | "config">): Record<string, TemplateRenderer> {
  return {
    [DEAL_ALERT_KIND]: dealAlertRenderer(deps),
    [DEAL_DIGEST_KIND]: dealAlertRenderer(deps, { digest: true }),
    [TRIP_REMINDER_KIND]: tripReminderRenderer(deps),
    [FARE_DROP_KIND]: fareDropRenderer(deps),
  };
}

/** Web push delivery: the sender (VAPID keys from config or the database), the renderers of push rows, the hosts' backoff. */
export function pushDelivery(deps: Pick<Deps, "db" | "clock" | "config">, sender?: PushSender): PushDelivery {
  return {
    sender: sender ?? createPushSender({ vapid: () => vapidKeys(deps), allowLoopback: deps.config.pushAllowLoopback }),
    renderers: { [PUSH_ALERT_KIND]: pushAlertRenderer(deps) },
    hosts: new PushHostBackoff(),
  };
}

/**
 * The scan job, start to end: the fare scan records its deals (fares/scanner.ts); the fan-out queues the alerts they
 * owe, also those an earlier run left unfinished (alerts/fan-out.ts), counted on the scan's row; the fare watch
 * queues fare drops on booked trips (trips/fare-watch.ts). The queued rows are then the delivery jobs': each is
 * rendered when it is sent, by emailRenderers or pushDelivery above.
 */
export async function scanFares(deps: Pick<Deps, "db" | "clock" | "fares">, options: ScanOptions = {}): Promise<ScanSummary> {
  const log = options.log ?? logLine;
  const scan = await runScan(deps, options);
  try {
    const summary = recordAlertCounts(deps.db, scan, await fanOutOwedDeals(deps));
    watchBookedTrips(deps);
    log(describeAlertCounts(summary));
    return summary;
  } catch (error) {
    const failure = `alert fan-out failed: ${messageOf(error)}`;
    log(`[scan] ${scan.source} ${failure}`);
    return recordAlertCounts(deps.db, scan, { error: failure });
  }
}

/** The scan job's work: a scan (with its fan-out and fare watch), or the fan-out an earlier run left unfinished. */
export interface ScanWork {
  scan(secondLook: boolean): Promise<ScanSummary>;
  resumeFanOut(): Promise<FanOutResult>;
  /** Waits for work in progress, then releases what the work holds (its thread). */
  stop(): Promise<void>;
}

/** On this thread, with the caller's database and clock: the tests' way (an in-memory database, a test clock). */
export function scanWorkHere(deps: Pick<Deps, "db" | "clock" | "fares">, log: (line: string) => void): ScanWork {
  return {
    scan: (secondLook) => scanFares(deps, { log, secondLook }),
    resumeFanOut: () => fanOutOwedDeals(deps),
    stop: async () => {},
  };
}

/** The clock the scan thread keeps: the system's, the browser tests' stepped one (a file), or one instant (a test). */
export type ThreadClock = { kind: "system" } | { kind: "stepped"; file: string } | { kind: "fixed"; at: number };

export function threadClock(spec: ThreadClock): Clock {
  if (spec.kind === "stepped") return steppedClock(spec.file);
  if (spec.kind === "fixed") return { now: () => new Date(spec.at) };
  return systemClock;
}

/** What scan.worker.ts is asked: the config (its database file, its fare source), its clock, and the work. */
export interface ScanThreadRequest {
  config: Config;
  clock: ThreadClock;
  work: { kind: "scan"; secondLook: boolean } | { kind: "resume fan-out" };
}

/**
 * On a thread of its own with its own connection to the database file (decision 121): the scan's judging and the
 * fan-out's batches hold that thread for seconds, never the one answering requests. One piece of work at a time, as
 * the job runner never overlaps a job with itself.
 */
export function scanWorkOnThread(config: Config, clock: ThreadClock, log: (line: string) => void): ScanWork {
  const thread = new JobThread<ScanThreadRequest, ScanSummary | FanOutResult>(WORKER_ENTRIES.scan, { maxQueued: 1, log });
  return {
    scan: async (secondLook) => (await thread.run({ config, clock, work: { kind: "scan", secondLook } })) as ScanSummary,
    resumeFanOut: async () => (await thread.run({ config, clock, work: { kind: "resume fan-out" } })) as FanOutResult,
    stop: () => thread.stop(),
  };
}

/**
 * Hourly: sessions and reset links past their expiry, emails whose link expired before delivery, outbox rows past
 * their retention, signups abandoned before payment, and Travel Explore picks older than the fare watch reads.
 */
export async function purgeExpired(deps: Deps): Promise<void> {
  deleteExpiredSessions(deps.db, deps.clock.now());
  deleteExpiredPasswordTokens(deps.db, deps.clock.now());
  await purgeOutbox(deps.db, deps.clock.now());
  await purgeAbandonedSignups(deps);
  purgeExplorePicks(deps.db, deps.clock.now());
}

/**
 * Every few minutes: members' pauses whose date has come are resumed (decisions 133 and 138: this covers the test
 * billing, a member's pause that ends by time alone, and a missed webhook), and the day-before emails queued.
 */
export async function tendPauses(deps: Deps): Promise<void> {
  await resumeEndedPauses(deps);
  queuePauseReminders(deps);
}

/** The five-minute billing round: pauses, and in test billing the referred friends whose trial has ended (decision 135). */
export async function tendBilling(deps: Deps): Promise<void> {
  await tendPauses(deps);
  await rewardEndedTestTrials(deps);
}

export interface JobOptions {
  log?: (line: string) => void;
  /** Where the scan job runs; by default on this thread (scanWorkHere). main.ts runs it on a thread of its own. */
  scanWork?: (log: (line: string) => void) => ScanWork;
  /** How long after boot a first scan starts, so the first visitors are answered before it takes the CPU. */
  bootScanDelayMs?: number;
}

/** Starts the background work; returns a stop function that waits for running work to finish. */
export function startJobs(deps: Deps, { log = logLine, bootScanDelayMs = 1000, scanWork: chooseScanWork }: JobOptions = {}): () => Promise<void> {
  const scanWork = chooseScanWork ? chooseScanWork(log) : scanWorkHere(deps, log);
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  /** Runs a job unless it is running already (then its run in progress is the answer) or the jobs stopped. */
  const run = (name: string, work: () => Promise<unknown> | unknown): Promise<void> => {
    const current = running.get(name);
    if (current || stopped) return current ?? Promise.resolve();
    const done = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (error) => logger.error("[job] failed", { job: name, error }),
      )
      .finally(() => running.delete(name));
    running.set(name, done);
    return done;
  };

  const templates = emailRenderers(deps);
  const push = pushDelivery(deps);
  // Two lanes, two jobs: a push endpoint that never answers cannot hold up an email (a password reset above all).
  const deliverEmails = () => run("email delivery", () => deliverAllDueEmails({ ...deps, templates }));
  const deliverPushes = () => run("push delivery", () => deliverAllDuePushes({ ...deps, push }));
  const purge = () => run("expired sessions, tokens, emails and signups purge", () => purgeExpired(deps));
  const pauses = () => run("members' pauses and test billing referrals", () => tendBilling(deps));
  let secondLookTimer: ReturnType<typeof setTimeout> | null = null;
  const scanThen = (secondLook: boolean) =>
    run("fare scan", async () => {
      const summary = await scanWork.scan(secondLook);
      // A grid source's drops seen once are looked at again at the next hour (fares re-price by the hour), unless the
      // schedule comes first; a discovery sweep confirms its candidates itself.
      const delay = secondLookDelayMs(Date.now());
      const nextScheduled = scanSchedule.msToNext();
      const wanted = summary.dropsAwaitingLook > 0 && deps.fares.sweep !== "discovery" && (nextScheduled === null || nextScheduled > delay);
      if (wanted && !secondLookTimer && !stopped) {
        secondLookTimer = setTimeout(() => {
          secondLookTimer = null;
          void scanThen(true);
        }, delay);
      }
    });
  const scan = () => scanThen(false);

  const timers = [setInterval(deliverEmails, 1000), setInterval(deliverPushes, 1000), setInterval(purge, 60 * 60_000), setInterval(pauses, 5 * 60_000)];
  const scanSchedule = new Cron(deps.config.scanSchedule, { protect: true }, scan);
  if (!hasAnyDeal(deps.db)) {
    log("[scan] no deals yet: scanning now");
    timers.push(setTimeout(scan, bootScanDelayMs));
  } else if (hasOwedFanOut(deps.db)) {
    void run("fare scan", async () => {
      const result = await scanWork.resumeFanOut();
      log(`[scan] resumed an unfinished fan-out: ${result.deals} deals, ${result.matches} matches, ${result.emails} alert emails`);
    });
  }

  return async () => {
    stopped = true;
    scanSchedule.stop();
    for (const timer of timers) clearTimeout(timer);
    if (secondLookTimer) clearTimeout(secondLookTimer);
    await Promise.all(running.values());
    await scanWork.stop();
  };
}
