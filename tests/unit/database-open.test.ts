import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client.ts";

// Another process holds the file's write lock for a moment, as one closing its connection does with its last checkpoint.
const HOLD_LOCK = `
import { Database } from "bun:sqlite";
const db = new Database(process.argv[1], { create: true });
db.exec("PRAGMA journal_mode = DELETE");
db.exec("CREATE TABLE IF NOT EXISTS t (x)");
db.exec("BEGIN EXCLUSIVE");
db.exec("INSERT INTO t VALUES (1)");
console.log("locked");
Bun.sleepSync(400);
db.exec("COMMIT");
db.close();
`;

describe("opening the database", () => {
  test("waits for a lock another process holds for a moment, instead of failing with SQLITE_BUSY", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gordu-open-"));
    try {
      const path = join(dir, "app.sqlite");
      const child = Bun.spawn([process.execPath, "-e", HOLD_LOCK, path], { stdout: "pipe" });
      const reader = child.stdout.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain("locked");
      const db = openDatabase(path);
      expect(db.$client.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      expect(db.$client.query("SELECT count(*) AS rows FROM t").get()).toEqual({ rows: 1 });
      db.$client.close();
      expect(await child.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
