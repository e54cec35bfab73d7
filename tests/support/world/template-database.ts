/**
 * The template database: migrations applied and the default simulated market's boot scan done, as a fresh install has
 * them seconds after it starts. Built once per test run and copied for every test server, so no server waits on a
 * boot scan it does not test (tests/system and tests/api's fresh-install test still run a real one).
 *   bun tests/support/world/template-database.ts PATH
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { openDatabase } from "../../../db/client.ts";
import { migrateDatabase } from "../../../db/migrate.ts";
import { systemClock } from "../../../src/server/clock.ts";
import { loadConfig } from "../../../src/server/config.ts";
import { createFareSource } from "../../../src/server/fares/sources/create-fare-source.ts";
import { scanFares } from "../../../src/server/jobs.ts";

/** Writes the template to `path` (one file, its WAL folded in); returns the boot scan's log lines. */
export async function buildTemplateDatabase(path: string): Promise<string[]> {
  mkdirSync(dirname(path), { recursive: true });
  const building = `${path}.building`;
  for (const file of [building, `${building}-wal`, `${building}-shm`]) rmSync(file, { force: true });
  const db = openDatabase(building);
  const lines: string[] = [];
  try {
    migrateDatabase(db);
    const config = loadConfig({ DATABASE_PATH: building });
    await scanFares({ db, clock: systemClock, fares: createFareSource(config) }, { log: (line) => lines.push(line) });
    db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.$client.exec("PRAGMA journal_mode = DELETE");
  } finally {
    db.$client.close();
  }
  renameSync(building, path);
  return lines;
}

/** A private copy of the template for one server or one test. */
export function copyTemplateDatabase(template: string, path: string): void {
  if (!existsSync(template)) throw new Error(`No template database at ${template}: build it first (buildTemplateDatabase).`);
  mkdirSync(dirname(path), { recursive: true });
  copyFileSync(template, path);
}

if (import.meta.main) {
  const path = process.argv[2];
  if (!path) throw new Error("usage: bun tests/support/world/template-database.ts PATH");
  for (const line of await buildTemplateDatabase(path)) console.log(line);
}
