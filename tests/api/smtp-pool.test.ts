/**
 * The SMTP pool the mailer sends through (src/server/mail/smtp-pool.ts), against a real SMTP server on loopback
 * (smtp-server): login, a refused recipient, a connection the server closed, the cap on connections and their renewal.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { SmtpPool } from "../../src/server/mail/smtp-pool.ts";

const MESSAGE = "From: deals@gordu.test\r\nTo: sam@example.com\r\nSubject: Hi\r\n\r\nHello\r\n";
const envelope = (to = "sam@example.com") => ({ from: "deals@gordu.test", to: [to] });

/** A loopback SMTP server that counts what it sees. */
async function startServer(options: Partial<SMTPServerOptions> = {}) {
  const seen = { messages: [] as string[], open: 0, mostOpen: 0, connections: 0, closed: 0 };
  const closedWaiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      seen.connections++;
      seen.open++;
      seen.mostOpen = Math.max(seen.mostOpen, seen.open);
      callback();
    },
    onClose() {
      seen.open--;
      seen.closed++;
      for (const wake of closedWaiters.splice(0)) wake();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        seen.messages.push(session.envelope.rcptTo.map((r) => r.address).join(","));
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  servers.push(server);
  return { port, seen, aConnectionCloses: () => new Promise<void>((resolve) => closedWaiters.push(resolve)) };
}

const servers: SMTPServer[] = [];
const pools: SmtpPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) pool.close();
  for (const server of servers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
});

function poolTo(url: string, size = 2): SmtpPool {
  const pool = new SmtpPool({ url, size, connectionTimeoutMs: 2000, greetingTimeoutMs: 2000, socketTimeoutMs: 5000 });
  pools.push(pool);
  return pool;
}

describe("the SMTP pool", () => {
  test("logs in with the URL's user and password; a wrong password is refused with the server's answer", async () => {
    const { port, seen } = await startServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (auth.username === "mailer" && auth.password === "s3cret") callback(null, { user: "mailer" });
        else callback(new Error("Invalid username or password"));
      },
    });
    await poolTo(`smtp://mailer:s3cret@127.0.0.1:${port}`).send(envelope(), MESSAGE);
    expect(seen.messages).toEqual(["sam@example.com"]);
    await expect(poolTo(`smtp://mailer:wrong@127.0.0.1:${port}`).send(envelope(), MESSAGE)).rejects.toThrow(/Invalid username or password/);
    expect(seen.messages).toHaveLength(1);
  });

  test("a recipient the server refuses fails that message alone: the next one goes out", async () => {
    const { port, seen } = await startServer({
      onRcptTo(address, _session, callback) {
        callback(address.address === "gone@example.com" ? Object.assign(new Error("No such mailbox"), { responseCode: 550 }) : undefined);
      },
    });
    const pool = poolTo(`smtp://127.0.0.1:${port}`, 1);
    await expect(pool.send(envelope("gone@example.com"), MESSAGE)).rejects.toThrow(/No such mailbox/);
    await pool.send(envelope(), MESSAGE);
    expect(seen.messages).toEqual(["sam@example.com"]);
  });

  test("a connection the server closed while idle is replaced: the next message goes out", async () => {
    const { port, seen, aConnectionCloses } = await startServer({ socketTimeout: 300 });
    const pool = poolTo(`smtp://127.0.0.1:${port}`, 1);
    await pool.send(envelope(), MESSAGE);
    await aConnectionCloses();
    await pool.send(envelope(), MESSAGE);
    expect(seen.messages).toHaveLength(2);
    expect(seen.connections).toBe(2);
  });

  test("never more connections than its size at once; each is renewed after 100 messages; close ends them all", async () => {
    const { port, seen, aConnectionCloses } = await startServer();
    const pool = poolTo(`smtp://127.0.0.1:${port}`, 2);
    await Promise.all(Array.from({ length: 250 }, (_, i) => pool.send(envelope(`member${i}@example.com`), MESSAGE)));
    expect(seen.messages).toHaveLength(250);
    expect(seen.mostOpen).toBeLessThanOrEqual(2);
    // Two connections could carry 250 messages; at 100 each they are renewed.
    expect(seen.connections).toBeGreaterThanOrEqual(3);
    pool.close();
    while (seen.open > 0) await aConnectionCloses();
    expect(seen.closed).toBe(seen.connections);
  });

  test("a server that stops answering in the middle of a message fails it at the socket timeout, and the next one is tried afresh", async () => {
    let answer = false;
    const { port, seen } = await startServer({
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          if (!answer) return; // never answers: the sender must give up, not wait for ever
          seen.messages.push(session.envelope.rcptTo.map((r) => r.address).join(","));
          callback();
        });
      },
    });
    const pool = new SmtpPool({ url: `smtp://127.0.0.1:${port}`, size: 1, connectionTimeoutMs: 2000, greetingTimeoutMs: 2000, socketTimeoutMs: 300 });
    pools.push(pool);
    await expect(pool.send(envelope(), MESSAGE)).rejects.toThrow(/timeout/i);
    answer = true;
    await pool.send(envelope(), MESSAGE);
    expect(seen.messages).toEqual(["sam@example.com"]);
  });

  test("a server that is not there fails the message with the network's error, and frees its place in the pool", async () => {
    const { port } = await startServer();
    servers.pop()!.close();
    const pool = poolTo(`smtp://127.0.0.1:${port}`, 1);
    await expect(pool.send(envelope(), MESSAGE)).rejects.toThrow(/ECONNREFUSED|connect/);
    await expect(pool.send(envelope(), MESSAGE)).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});
