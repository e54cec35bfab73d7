/**
 * Runs fare scans in-process on the SCAN_SCHEDULE cron. Runs never overlap (croner's protect, plus a guard
 * shared with the boot run). At boot, a database without deals gets a scan at once so a fresh install shows
 * deals within seconds; a fan-out a crash left unfinished is resumed.
 */
import { Cron } from "croner";
import type { Db } from "../../../db/client.ts";
import type { Clock } from "../clock.ts";
import type { FareSource } from "./fare-source.ts";
import { fanOutOwedDeals, hasOwedFanOut } from "./match.ts";
import { runScan } from "./scanner.ts";

export interface ScanJobDeps {
  db: Db;
  clock: Clock;
  fares: FareSource;
  config: { scanSchedule: string };
}

export function hasAnyDeal(db: Db): boolean {
  return db.$client.query("SELECT 1 FROM deals LIMIT 1").get() !== null;
}

/** Starts the schedule; returns a stop function that waits for a running scan to finish. */
export interface FareScannerOptions {
  log?: (line: string) => void;
  /** How long after boot a first scan starts, so the first visitors are answered before it takes the CPU. */
  bootScanDelayMs?: number;
}

export function startFareScanner(deps: ScanJobDeps, { log = console.log, bootScanDelayMs = 1000 }: FareScannerOptions = {}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const exclusively = (work: () => Promise<unknown>): Promise<void> => {
    if (running) return running;
    running = work()
      .then(
        () => undefined,
        (error) => console.error("[scan] failed:", error),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const scan = () => exclusively(() => runScan(deps, { log }));

  const cron = new Cron(deps.config.scanSchedule, { protect: true }, () => scan());

  let bootScan: ReturnType<typeof setTimeout> | null = null;
  if (!hasAnyDeal(deps.db)) {
    log("[scan] no deals yet: scanning now");
    bootScan = setTimeout(() => void scan(), bootScanDelayMs);
  } else if (hasOwedFanOut(deps.db)) {
    void exclusively(async () => {
      const result = await fanOutOwedDeals(deps);
      log(`[scan] resumed an unfinished fan-out: ${result.deals} deals, ${result.matches} matches, ${result.emails} alert emails`);
    });
  }

  return async () => {
    cron.stop();
    if (bootScan) clearTimeout(bootScan);
    await running;
  };
}
