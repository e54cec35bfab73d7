/**
 * The real app for the page benchmarks: a migrated database file in `folder`, the real client bundle, test billing
 * and the simulated fare source, on the system clock; and a static copy of a page's bytes to compare it with.
 */
import { join } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { TestBilling } from "../../src/server/billing/test-billing.ts";
import { systemClock } from "../../src/server/clock.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { Deps } from "../../src/server/deps.ts";
import { createSimulatedFareSource } from "../../src/server/fares/sources/simulated.ts";
import { buildClientAssets, type StaticFile } from "../../src/server/ssr/assets.ts";
import { RecordingMailer } from "../support/test-app.ts";

export async function benchDeps(folder: string): Promise<Deps> {
  const config = loadConfig({ DATABASE_PATH: join(folder, "app.sqlite"), APP_URL: "http://127.0.0.1:3000" });
  const db = openDatabase(config.databasePath);
  migrateDatabase(db);
  return {
    config,
    db,
    clock: systemClock,
    mailer: new RecordingMailer(),
    assets: await buildClientAssets(),
    billing: new TestBilling(db, systemClock),
    fares: createSimulatedFareSource(),
  };
}

/** A page's bytes served the way a static file is: the yardstick the page benchmarks compare with. */
export function staticCopyOf(html: Uint8Array<ArrayBuffer>): StaticFile & { gzipped: Uint8Array<ArrayBuffer> } {
  return {
    body: html,
    gzipped: Bun.gzipSync(html),
    contentType: "text/html; charset=utf-8",
    cacheControl: "no-cache",
    etag: `"${Bun.hash(html).toString(36)}"`,
  };
}
