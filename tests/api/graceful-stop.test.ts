import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRealServer } from "../support/real-server.ts";

describe("stopping the server (SIGTERM)", () => {
  const dir = mkdtempSync(join(tmpdir(), "gordu-stop-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("answers the request in flight, keeps every acknowledged write, leaves no write-ahead log behind and exits 0", async () => {
    const databasePath = join(dir, "app.sqlite");
    const server = await startRealServer(databasePath, { SCAN_SCHEDULE: "0 0 1 1 *" });
    const contact = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: "v@example.com", name: "V", subject: "Before the stop", description: "Acknowledged, so it must survive" }),
    });
    expect(contact.status).toBe(200);

    const inFlight = fetch(`${server.url}/`);
    await Bun.sleep(5);
    const exitCode = await server.stop();
    expect((await inFlight).status).toBe(200);
    expect(exitCode).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing requests and background work");

    expect(existsSync(`${databasePath}-wal`)).toBe(false);
    const db = new Database(databasePath, { readonly: true });
    expect(db.query("SELECT subject FROM contact_messages").all()).toEqual([{ subject: "Before the stop" }]);
    db.close();
  });
});
