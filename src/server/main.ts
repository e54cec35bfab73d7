import { logBudgetPlan } from "./fares/sweep/fare-budget.ts";
import { unseenRoutes } from "./fares/sweep/route-coverage.ts";
import { DAY_MS } from "../domain/calendar.ts";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { type AppOptions, createApp } from "./app.ts";
import { ensureAdmin } from "./auth/admin-bootstrap.ts";
import { claimTrialsOfEarlierMembers } from "./billing/trial-claims.ts";
import { createBilling } from "./billing/create-billing.ts";
import { steppedClock, systemClock, type Clock } from "./clock.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import type { Deps } from "./deps.ts";
import { createFareSource } from "./fares/sources/create-fare-source.ts";
import { scanWorkOnThread, startJobs, type ThreadClock } from "./jobs.ts";
import { log, logLine } from "./log.ts";
import { createMailer } from "./mail/mailer.ts";
import { buildClientAssets, loadPrebuiltAssets } from "./ssr/assets.ts";

/** Files the single executable carries inside itself: name → embedded path. */
export interface EmbeddedBundle {
  client: Record<string, string>;
  publicFiles: Record<string, string>;
  migrations: Record<string, string>;
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      log.error(`Invalid configuration: ${error.problems.join("; ")}`);
      process.exit(1);
    }
    throw error;
  }
}

/** The system clock; a stepped one only for browser tests, and never in the built executable (what production runs). */
function chooseClock(config: Config, builtExecutable: boolean): Clock {
  if (!config.testClockFile) return systemClock;
  if (builtExecutable) {
    log.error("GORDU_TEST_CLOCK_FILE is for browser tests only: the built executable refuses it.");
    process.exit(1);
  }
  log.warn("Test clock: the server's time moves by the milliseconds in the file", { file: config.testClockFile });
  return steppedClock(config.testClockFile);
}

/** drizzle's migrator reads a folder, so the embedded migrations are written to a temporary one first. */
async function extractMigrations(files: Record<string, string>): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), "gordu-migrations-"));
  for (const [name, path] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), await Bun.file(path).bytes());
  }
  return folder;
}

/** What a caller other than the product adds: the browser tests' server mounts its test seam here. */
export interface MainOptions {
  extraRoutes?: AppOptions["extraRoutes"];
}

export async function main(bundle?: EmbeddedBundle, options: MainOptions = {}): Promise<void> {
  const startedAt = performance.now();
  const config = readConfig();
  const db = openDatabase(config.databasePath);
  if (bundle) {
    const folder = await extractMigrations(bundle.migrations);
    migrateDatabase(db, folder);
    rmSync(folder, { recursive: true, force: true });
  } else {
    migrateDatabase(db);
  }
  const assets = bundle ? await loadPrebuiltAssets(bundle.client, bundle.publicFiles) : await buildClientAssets();
  const mailer = createMailer(config);
  const clock = chooseClock(config, bundle !== undefined);
  claimTrialsOfEarlierMembers(db, new Date());
  const deps: Deps = { config, db, clock, mailer, assets, billing: await createBilling(config, db, clock), fares: createFareSource(config) };
  if (config.adminEmail && config.adminPassword) {
    const result = await ensureAdmin(db, config.adminEmail, config.adminPassword, new Date(), { setPassword: false });
    if (result !== "unchanged") log.info(`Admin ${config.adminEmail}: ${result}`);
  }

  // Bun's own body limit is lifted: it would answer a bare 413 with none of our headers. The body parser refuses
  // an oversized body itself, by its Content-Length before reading or after reading 1 MiB of a stream.
  const app = createApp(deps, { extraRoutes: options.extraRoutes }).listen({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
  });
  // The scan job on a thread of its own (decision 121); an in-memory database cannot be shared with one.
  const scanClock: ThreadClock = config.testClockFile ? { kind: "stepped", file: config.testClockFile } : { kind: "system" };
  const stopJobs = startJobs(deps, { scanWork: config.databasePath === ":memory:" ? undefined : (log) => scanWorkOnThread(config, scanClock, log) });
  const billing = config.stripe ? "Stripe" : "test billing";
  log.info(
    `GoRDU listening on ${config.appUrl} (port ${app.server?.port}; database ${config.databasePath}; ${billing}; fares: ${deps.fares.name}; mail: ${mailer.description}; ready in ${Math.round(performance.now() - startedAt)} ms)`,
  );

  const bootedAt = new Date();
  const unseen = unseenRoutes(deps.db, deps.fares.name, new Date(bootedAt.getTime() - DAY_MS));
  void logBudgetPlan(deps.fares, config, bootedAt, logLine, unseen); // asks SerpApi's account: never holds up the boot

  if (config.fareSource === "travelpayouts" && !config.serpapiKey) {
    log.warn("FARE_SOURCE=travelpayouts without SERPAPI_KEY: cached prices build history but no deal is found until SerpApi can confirm them.");
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing requests and background work…`);
    await stopJobs();
    await app.stop();
    await mailer.close();
    db.$client.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

if (import.meta.main) await main();
