// db/: the SQLite schema (drizzle), the connection with its pragmas, the migrator and the generated migrations.
// Imports only drizzle, bun:sqlite and types from src/domain; never server or client code.
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import * as schema from "./schema.ts";

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };

/** Opens the one SQLite file with the pragmas the whole product relies on. */
export function openDatabase(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  // The wait comes first: switching to WAL needs a lock that another connection closing the file (its last checkpoint)
  // can hold for a moment, and without it the open fails at once with SQLITE_BUSY.
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  const db = drizzle({ client: sqlite, schema });
  // Every transaction takes the write lock when it begins. A deferred one that reads and then writes while another
  // connection (the scan's thread, decision 121) has committed meanwhile fails at once with SQLITE_BUSY, without waiting.
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => transaction(run, { behavior: "immediate", ...config })) as Db["transaction"];
  return db;
}

/** The database or an open transaction on it: functions that write take this so they can join a caller's transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

const preparedByDatabase = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement built once per database (or transaction) and reused: for the lookups every request makes,
 * where building the query each time would cost more than running it.
 */
export function prepared<T>(db: DbOrTx, name: string, build: () => T): T {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDatabase.set(db, statements);
  }
  if (!statements.has(name)) statements.set(name, build());
  return statements.get(name) as T;
}
