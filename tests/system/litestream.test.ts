import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../support/real-server.ts";

const ROOT = resolve(import.meta.dir, "../..");
/** Linux x64 gets the binary from npm (an optional dependency); elsewhere, install Litestream on the PATH. */
function findLitestream(): string {
  const fromNpm = join(ROOT, "node_modules", "@flydotio", "litestream-linux-x64", "litestream");
  const found = existsSync(fromNpm) ? fromNpm : Bun.which("litestream");
  if (!found) throw new Error("Litestream not found: `npm install` brings it on Linux x64; elsewhere install it from https://litestream.io/install/");
  return found;
}
const LITESTREAM = findLitestream();

async function waitForOutput(process: { stdout: ReadableStream<Uint8Array> }, pattern: RegExp, timeoutMs: number): Promise<string> {
  let output = "";
  const reader = process.stdout.getReader();
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(output)) {
    const chunk = await Promise.race([reader.read(), Bun.sleep(Math.max(0, deadline - Date.now())).then(() => null)]);
    if (!chunk || chunk.done) throw new Error(`timed out waiting for ${pattern}; output so far:\n${output}`);
    output += new TextDecoder().decode(chunk.value);
  }
  reader.releaseLock();
  return output;
}

function tableRows(path: string): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = (db.query("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[]).map(
      (row) => row.name,
    );
    return Object.fromEntries(tables.map((table) => [table, db.query(`select * from "${table}" order by rowid`).all()]));
  } finally {
    db.close();
  }
}

describe("Litestream (the real binary)", () => {
  const dir = mkdtempSync(join(tmpdir(), "gordu-litestream-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("replicates the app's database to a file replica while it writes, and a restore brings every row back", async () => {
    const databasePath = join(dir, "data", "app.sqlite");
    const replicaPath = join(dir, "replica");
    const config = join(dir, "litestream.yml");
    writeFileSync(config, `dbs:\n  - path: ${databasePath}\n    replicas:\n      - type: file\n        path: ${replicaPath}\n        sync-interval: 100ms\n`);

    const port = await freePort();
    const app = Bun.spawn([LITESTREAM, "replicate", "-config", config, "-exec", `${process.execPath} src/server/main.ts`], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: `http://127.0.0.1:${port}`,
        TRUST_PROXY: "true",
        DATABASE_PATH: databasePath,
      },
      stdout: "pipe",
      stderr: "inherit",
    });
    // Litestream starts a generation with its first snapshot (about a second in); writes after it go as WAL segments.
    await waitForOutput(app, /(GoRDU listening[\s\S]*snapshot written)|(snapshot written[\s\S]*GoRDU listening)/, 30_000);
    // The boot scan writes a year of simulated fares meanwhile: a busy database to replicate.

    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`${url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url, "x-forwarded-for": `198.51.100.${i}` },
        body: JSON.stringify({ email: `visitor${i}@example.com`, name: `Visitor ${i}`, subject: `Question ${i}`, description: "x".repeat(1 + i * 50) }),
      });
      expect(response.status).toBe(200);
    }
    // On SIGTERM Litestream stops the app, then syncs what is left of the WAL to the replica before it exits.
    app.kill("SIGTERM");
    await app.exited;

    const restoredPath = join(dir, "restored", "app.sqlite");
    const restore = Bun.spawnSync([LITESTREAM, "restore", "-config", config, "-o", restoredPath, databasePath], { stderr: "pipe" });
    expect(restore.exitCode, restore.stderr.toString()).toBe(0);

    const original = tableRows(databasePath);
    const restored = tableRows(restoredPath);
    expect(original.contact_messages).toHaveLength(40);
    expect(Object.keys(restored)).toEqual(Object.keys(original));
    for (const table of Object.keys(original)) expect(restored[table], table).toEqual(original[table]);
  }, 90_000);
});
