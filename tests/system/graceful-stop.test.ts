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

    // A request whose last byte is held back is in flight for certain. A later request's answer shows that the
    // server has read it (it came first); the last byte goes only once the server says it is stopping.
    const answer = Promise.withResolvers<string>();
    let received = "";
    const body = JSON.stringify({ email: "w@example.com", name: "W", subject: "During the stop", description: "In flight when SIGTERM came" });
    const socket = await Bun.connect({
      hostname: "127.0.0.1",
      port: Number(new URL(server.url).port),
      socket: {
        data: (_socket, chunk) => {
          received += chunk.toString();
        },
        close: () => answer.resolve(received),
      },
    });
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, -1)}`,
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    process.kill(server.pid, "SIGTERM");
    await server.printed("SIGTERM: finishing requests and background work");
    socket.write(body.slice(-1));
    expect(await answer.promise).toStartWith("HTTP/1.1 200");
    expect(await server.exited).toBe(0);

    expect(existsSync(`${databasePath}-wal`)).toBe(false);
    const db = new Database(databasePath, { readonly: true });
    expect(db.query("SELECT subject FROM contact_messages ORDER BY id").all()).toEqual([{ subject: "Before the stop" }, { subject: "During the stop" }]);
    db.close();
  });
});
