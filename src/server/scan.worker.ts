/**
 * The scan job's thread (decision 121; jobs.ts starts it): a fare scan with its fan-out and fare watch, or the fan-out
 * an earlier run left unfinished, on a connection of its own to the database file. WAL lets the request thread read
 * meanwhile; each write transaction here is short (a fan-out batch), and the request thread's writes wait on it.
 */
import { openDatabase } from "../../db/client.ts";
import { fanOutOwedDeals, type FanOutResult } from "./alerts/fan-out.ts";
import { createFareSource } from "./fares/sources/create-fare-source.ts";
import type { ScanSummary } from "./fares/scanner.ts";
import { serveThreadRequests } from "./job-thread.ts";
import { scanFares, threadClock, type ScanThreadRequest } from "./jobs.ts";

let deps: Parameters<typeof scanFares>[0] | null = null;

serveThreadRequests<ScanThreadRequest, ScanSummary | FanOutResult>(
  (request, log) => {
    deps ??= { db: openDatabase(request.config.databasePath), clock: threadClock(request.clock), fares: createFareSource(request.config) };
    return request.work.kind === "scan" ? scanFares(deps, { log, secondLook: request.work.secondLook }) : fanOutOwedDeals(deps);
  },
  () => deps?.db.$client.close(),
);
