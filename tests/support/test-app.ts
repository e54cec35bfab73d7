import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Db } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { createApp } from "../../src/server/app.ts";
import { TestBilling } from "../../src/server/billing/test-billing.ts";
import { loadConfig, type Config } from "../../src/server/config.ts";
import type { Deps } from "../../src/server/deps.ts";
import { createSimulatedFareSource } from "../../src/server/fares/sources/simulated.ts";
import type { Mailer } from "../../src/server/mail/mailer.ts";
import type { OutgoingEmail } from "../../src/server/mail/mime.ts";
import type { ClientAssets } from "../../src/server/ssr/assets.ts";
import { TestClock } from "./test-clock.ts";

export const TEST_ORIGIN = "http://localhost:3000";

/** Remembers what it was asked to send; `failWith` makes it refuse, like a mail server that is down. */
export class RecordingMailer implements Mailer {
  readonly description = "recording mailer";
  readonly sent: OutgoingEmail[] = [];
  failWith: Error | null = null;
  async send(email: OutgoingEmail) {
    if (this.failWith) throw this.failWith;
    this.sent.push(email);
  }
  async close() {}
}

/** A tiny stand-in for the client bundle: pages render for real, only the script URL is fake. */
export const fakeAssets: ClientAssets = {
  entryScript: "/assets/entry-test.js",
  stylesheets: ["/assets/entry-test.css"],
  appStylesheets: ["/assets/app-pages-test.css"],
  files: new Map([
    [
      "/assets/entry-test.js",
      {
        body: new TextEncoder().encode("console.log('test')"),
        gzipped: null,
        contentType: "text/javascript; charset=utf-8",
        cacheControl: "public, max-age=31536000, immutable",
        etag: '"test"',
      },
    ],
  ]),
};

export function migratedMemoryDb(): Db {
  const db = openDatabase(":memory:");
  migrateDatabase(db);
  return db;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  db: Db;
  clock: TestClock;
  mailer: RecordingMailer;
  config: Config;
  /** A same-origin request, as our own pages send it. */
  request(method: string, path: string, options?: { body?: unknown; cookie?: string; headers?: Record<string, string> }): Promise<Response>;
}

export function createTestApp(env: Record<string, string> = {}, overrides: Partial<Deps> = {}): TestApp {
  const config = loadConfig({ APP_URL: TEST_ORIGIN, DATABASE_PATH: ":memory:", ...env });
  const db = overrides.db ?? migratedMemoryDb();
  const clock = new TestClock(new Date("2026-11-22T15:00:00Z"));
  const mailer = new RecordingMailer();
  const deps: Deps = {
    config,
    db,
    clock,
    mailer,
    assets: fakeAssets,
    billing: new TestBilling(db, clock),
    fares: createSimulatedFareSource({ historyDays: 120 }),
    ...overrides,
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    db,
    clock,
    mailer,
    config,
    request(method, path, options = {}) {
      const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
      if (options.cookie) headers.cookie = options.cookie;
      let body: string | undefined;
      if (options.body !== undefined) {
        headers["content-type"] ??= "application/json";
        body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      }
      return app.handle(new Request(`${TEST_ORIGIN}${path}`, { method, headers, body }));
    },
  };
}

/** A test app on a database file, so that another connection can write to it as another process (the admin CLI) would. */
export async function withFileDatabaseApp(run: (t: TestApp, path: string) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "gordu-file-db-"));
  const path = join(folder, "app.sqlite");
  const db = openDatabase(path);
  try {
    migrateDatabase(db);
    await run(createTestApp({}, { db }), path);
  } finally {
    db.$client.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes
export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
