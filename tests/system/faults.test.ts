import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ParsedMail } from "mailparser";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { queueEmail } from "../../src/server/mail/outbox.ts";
import { insertDeal } from "../support/deals.ts";
import { MailCatcher } from "../support/mail-catcher.ts";
import { startRealServer } from "../support/real-server.ts";
import { TestClock } from "../support/test-clock.ts";
import { createTestApp, json } from "../support/test-app.ts";

/** docs/hardening.md "Faults": kill -9 at the worst moments, then restart and check what was owed. */

const folders: string[] = [];
const mounts: string[] = [];
const freshFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), "gordu-faults-"));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const path of mounts) execSync(`umount --lazy ${path}`);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const catcher = new MailCatcher();
beforeAll(() => catcher.start());
afterAll(() => catcher.stop());

function count(path: string, sql: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.query(sql).values()[0]![0] as number) ?? 0;
  } finally {
    db.close();
  }
}

function integrityOf(path: string): string {
  const db = new Database(path);
  try {
    return (db.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
  } finally {
    db.close();
  }
}

async function waitUntil(what: string, condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(5);
  }
}

const recipientsOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) => group.value.map((entry) => entry.address!));

/** For each recipient, the distinct Message-IDs they received: one means every resend was the same message. */
function messageIdsByRecipient(prefix: string): Map<string, Set<string>> {
  const byRecipient = new Map<string, Set<string>>();
  for (const mail of catcher.messages) {
    for (const to of recipientsOf(mail).filter((address) => address.startsWith(prefix))) {
      if (!byRecipient.has(to)) byRecipient.set(to, new Set());
      byRecipient.get(to)!.add(mail.messageId!);
    }
  }
  return byRecipient;
}

describe("kill -9", () => {
  test("during a scan fan-out: on restart the fan-out finishes with no duplicate pair and no duplicate or lost alert", async () => {
    const folder = freshFolder();
    const databasePath = join(folder, "app.sqlite");
    const clock = new TestClock(new Date());
    const db = openDatabase(databasePath);
    migrateDatabase(db);
    const subscribers = 60_000;
    db.$client
      .query(
        `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < $count)
         INSERT INTO users (email, first_name, email_alerts, unsubscribe_token, subscription_status, quiet_start, quiet_end, created_at, updated_at)
         SELECT 'fanout' || i || '@example.com', 'Fan', CASE WHEN i % 50 = 0 THEN 1 ELSE 0 END, 'fanout-token-' || i, 'Active', 0, 0, $now, $now FROM seq`,
      )
      .run({ count: subscribers, now: Date.now() });
    for (const destination of ["LAX", "BOS", "DEN"]) insertDeal({ db, clock }, { destination });
    db.$client.close();
    const expectedPairs = subscribers * 3;
    const expectedAlerts = subscribers / 50;

    const first = await startRealServer(databasePath, { SMTP_URL: `smtp://127.0.0.1:${catcher.port}` });
    await waitUntil("the fan-out to start", () => count(databasePath, "SELECT count(*) FROM user_deals") > 0, 20_000);
    await first.kill9();
    const pairsAtCrash = count(databasePath, "SELECT count(*) FROM user_deals");
    expect(pairsAtCrash).toBeGreaterThan(0);
    expect(pairsAtCrash).toBeLessThan(expectedPairs);
    expect(integrityOf(databasePath)).toBe("ok");

    const second = await startRealServer(databasePath, { SMTP_URL: `smtp://127.0.0.1:${catcher.port}` });
    await waitUntil("the fan-out to finish", () => count(databasePath, "SELECT count(*) FROM deals WHERE fanned_out_version < alert_version") === 0, 60_000);
    await waitUntil("every alert to be delivered", () => count(databasePath, "SELECT count(*) FROM email_outbox WHERE status != 'sent'") === 0, 90_000);
    await second.stop();

    expect(count(databasePath, "SELECT count(*) FROM user_deals")).toBe(expectedPairs);
    expect(count(databasePath, "SELECT count(*) FROM (SELECT user_id, deal_id FROM user_deals GROUP BY 1, 2 HAVING count(*) > 1)")).toBe(0);
    expect(count(databasePath, "SELECT count(*) FROM email_outbox WHERE kind = 'deal-alert'")).toBe(expectedAlerts);
    const received = messageIdsByRecipient("fanout");
    expect(received.size).toBe(expectedAlerts);
    expect([...received.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(integrityOf(databasePath)).toBe("ok");
  }, 180_000);

  test("with a held alert and a digest queued: both survive, wait for their time, then go out once", async () => {
    const databasePath = join(freshFolder(), "app.sqlite");
    const db = openDatabase(databasePath);
    migrateDatabase(db);
    const clock = new TestClock(new Date());
    // This hour and the next in New York are quiet for 'held', and 'digest' gets its daily digest the hour after:
    // both are due at least an hour from now, whatever the minute the test starts.
    const hour = Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", hourCycle: "h23" }).format(new Date()));
    const insert = db.$client.query(
      `INSERT INTO users (email, first_name, unsubscribe_token, subscription_status, alert_delivery, digest_hour, quiet_start, quiet_end, created_at, updated_at)
       VALUES ($email, 'Kim', $token, 'Active', $delivery, $digestHour, $quietStart, $quietEnd, $now, $now)`,
    );
    insert.run({
      email: "held@example.com",
      token: "heldtokenaaaaaaaaaaa",
      delivery: "instant",
      digestHour: 8,
      quietStart: hour,
      quietEnd: (hour + 2) % 24,
      now: Date.now(),
    });
    insert.run({
      email: "digest@example.com",
      token: "digesttokenaaaaaaaaa",
      delivery: "daily",
      digestHour: (hour + 2) % 24,
      quietStart: 0,
      quietEnd: 0,
      now: Date.now(),
    });
    insertDeal({ db, clock }, { destination: "LAX" });
    db.$client.close();
    const held = "SELECT count(*) FROM email_outbox WHERE status = 'queued' AND next_attempt_at > unixepoch('now') * 1000";

    // The boot resumes the owed fan-out, which queues both rows, due later; the process dies right after.
    const first = await startRealServer(databasePath, { SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, SCAN_SCHEDULE: "0 0 1 1 *" });
    await waitUntil("the held alert and the digest to be queued", () => count(databasePath, held) === 2, 30_000);
    await first.kill9();
    expect(integrityOf(databasePath)).toBe("ok");

    // After the restart they stay held: an email due now goes out while they wait.
    const file = openDatabase(databasePath);
    queueEmail(file, { kind: "contact", to: "sentinel@example.com", subject: "Due now", text: "Now", html: "<p>Now</p>" }, new Date());
    const second = await startRealServer(databasePath, { SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, SCAN_SCHEDULE: "0 0 1 1 *" });
    await waitUntil("the email due now to go out", () => catcher.messages.some((mail) => recipientsOf(mail).includes("sentinel@example.com")), 30_000);
    expect(count(databasePath, held)).toBe(2);
    expect(count(databasePath, "SELECT count(*) FROM email_outbox WHERE kind IN ('deal-alert', 'deal-digest') AND status = 'sent'")).toBe(0);

    // The hour passes (their due time is moved to now in the file): each goes out, once.
    file.$client.run("UPDATE email_outbox SET next_attempt_at = unixepoch('now') * 1000 WHERE status = 'queued'");
    file.$client.close();
    await waitUntil("both to be sent", () => count(databasePath, "SELECT count(*) FROM email_outbox WHERE status = 'sent'") === 3, 30_000);
    await second.stop();
    expect(catcher.messages.filter((mail) => recipientsOf(mail).includes("held@example.com")).map((mail) => mail.subject)).toEqual([
      expect.stringContaining("Los Angeles"),
    ]);
    expect(catcher.messages.filter((mail) => recipientsOf(mail).includes("digest@example.com")).map((mail) => mail.subject)).toEqual([
      expect.stringContaining("Your GoRDU digest: 1 deal from RDU"),
    ]);
  }, 120_000);

  test("right after writes were acknowledged over HTTP: every one of them is in the database", async () => {
    const databasePath = join(freshFolder(), "app.sqlite");
    const server = await startRealServer(databasePath, { SCAN_SCHEDULE: "0 0 1 1 *", TRUST_PROXY: "true" });
    const acknowledged = 40;
    for (let i = 0; i < acknowledged; i++) {
      const response = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": `198.51.100.${i}` },
        body: JSON.stringify({ email: `v${i}@example.com`, name: "V", subject: `Acknowledged ${i}`, description: "Must survive a power cut" }),
      });
      expect(response.status).toBe(200);
    }
    await server.kill9();
    expect(integrityOf(databasePath)).toBe("ok");
    expect(count(databasePath, "SELECT count(*) FROM contact_messages WHERE subject LIKE 'Acknowledged %'")).toBe(acknowledged);
  }, 60_000);

  test("during email delivery: on restart every owed email goes out, and a resend is the same message, never a second one", async () => {
    const folder = freshFolder();
    const databasePath = join(folder, "app.sqlite");
    const db = openDatabase(databasePath);
    migrateDatabase(db);
    const owed = 1500;
    const now = new Date();
    db.transaction((tx) => {
      for (let i = 0; i < owed; i++) {
        queueEmail(
          tx,
          {
            kind: "deal-alert",
            to: `owed${i}@example.com`,
            subject: `3 new deals from RDU (${i})`,
            text: "Deals",
            html: "<p>Deals</p>",
            dedupeKey: `fault-test:${i}`,
          },
          now,
        );
      }
    });
    db.$client.close();

    const first = await startRealServer(databasePath, { SMTP_URL: `smtp://127.0.0.1:${catcher.port}` });
    await waitUntil("delivery to be under way", () => messageIdsByRecipient("owed").size >= 100, 30_000);
    await first.kill9();
    const deliveredAtCrash = messageIdsByRecipient("owed").size;
    expect(deliveredAtCrash).toBeLessThan(owed);
    expect(integrityOf(databasePath)).toBe("ok");

    const second = await startRealServer(databasePath, { SMTP_URL: `smtp://127.0.0.1:${catcher.port}` });
    await waitUntil("every owed email to be sent", () => count(databasePath, "SELECT count(*) FROM email_outbox WHERE status != 'sent'") === 0, 90_000);
    await second.stop();

    const received = messageIdsByRecipient("owed");
    expect(received.size).toBe(owed);
    expect([...received.values()].every((ids) => ids.size === 1)).toBe(true);
  }, 180_000);
});

/** Mounting a small tmpfs needs root; where that is impossible the reason is printed and the test does not run. */
function mountTinyDisk(): { path: string } | string {
  if (process.getuid?.() !== 0) return "not running as root, so no tmpfs can be mounted";
  const path = freshFolder();
  try {
    execSync(`mount -t tmpfs -o size=4m tmpfs ${path}`, { stdio: "pipe" });
    mounts.push(path);
    return { path };
  } catch (error) {
    return `mount failed: ${(error as Error).message.split("\n")[0]}`;
  }
}

describe("disk full", () => {
  const disk = mountTinyDisk();
  if (typeof disk === "string") console.log(`[faults] disk-full test not run: ${disk}`);

  test.skipIf(typeof disk === "string")(
    "writes answer 503, reads keep working, and the file stays intact",
    async () => {
      const { path } = disk as Exclude<typeof disk, string>;
      const databasePath = join(path, "app.sqlite");
      const db = openDatabase(databasePath);
      migrateDatabase(db);
      try {
        const t = createTestApp({ DATABASE_PATH: databasePath, TRUST_PROXY: "true" }, { db });
        const message = { email: "full@example.com", name: "Full", subject: "Disk", description: "x".repeat(2000) };
        expect((await t.request("POST", "/api/contact", { body: message })).status).toBe(200);

        const filler = join(path, "filler");
        mkdirSync(path, { recursive: true });
        try {
          writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
        } catch {
          // ENOSPC: the disk is now full, which is the point.
        }
        let lastStatus = 200;
        for (let i = 0; i < 200 && lastStatus === 200; i++) {
          lastStatus = (await t.request("POST", "/api/contact", { body: message, headers: { "x-forwarded-for": `10.0.0.${i}` } })).status;
        }
        expect(lastStatus).toBe(503);
        expect((await t.request("GET", "/api/app-config")).status).toBe(200);
        expect((await t.request("GET", "/")).status).toBe(200);
        expect((await json(await t.request("GET", "/healthz"))).database).toBe("ok");

        rmSync(filler, { force: true });
        expect((await t.request("POST", "/api/contact", { body: message, headers: { "x-forwarded-for": "10.1.0.1" } })).status).toBe(200);
        expect((db.$client.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check).toBe("ok");
      } finally {
        db.$client.close();
      }
    },
    60_000,
  );
});
