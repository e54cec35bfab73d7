import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";

test("a transaction holds the write lock from its first statement, so a second connection (the scan's thread) cannot commit under a read it will write after", () => {
  const folder = mkdtempSync(join(tmpdir(), "gordu-tx-"));
  try {
    const requests = openDatabase(join(folder, "app.sqlite"));
    migrateDatabase(requests);
    const scanThread = openDatabase(join(folder, "app.sqlite"));
    scanThread.$client.exec("PRAGMA busy_timeout = 0");
    let othersWrite: unknown = null;
    requests.transaction(() => {
      requests.$client.query("SELECT count(*) FROM users").get();
      try {
        scanThread.$client.exec("CREATE TABLE probe (x)");
      } catch (error) {
        othersWrite = error;
      }
    });
    expect(String(othersWrite)).toContain("database is locked");
    requests.$client.close();
    scanThread.$client.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
