import { describe, expect, test } from "bun:test";
import { emailOutbox } from "../../db/schema.ts";
import { purgeExpired } from "../../src/server/jobs.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { subscribe } from "../support/signup.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

/** Issue 11 finding 5: a link's token lives in the email only, and the outbox forgets bodies once delivered. */

const DAY = 24 * 60 * 60_000;

/** Every text column of every table, searched for the string. */
function tablesHolding(t: TestApp, secret: string): string[] {
  const sqlite = t.db.$client;
  const tables = sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  const found: string[] = [];
  for (const { name } of tables) {
    const columns = sqlite.query(`PRAGMA table_info("${name}")`).all() as { name: string }[];
    for (const column of columns) {
      const hit = sqlite.query(`SELECT count(*) AS n FROM "${name}" WHERE CAST("${column.name}" AS TEXT) LIKE ?`).get(`%${secret}%`) as { n: number };
      if (hit.n > 0) found.push(`${name}.${column.name}`);
    }
  }
  return found;
}

const tokenIn = (text: string) => text.match(/reset-password\?token=(\w+)/)![1]!;

describe("no usable token stays in the database", () => {
  test("after a reset email is delivered, its token is nowhere in the database (only its SHA-256 is)", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    await t.request("POST", "/api/forgot-password", { body: { email: user.email } });
    await deliverDueEmails(t.deps);
    const token = tokenIn(t.mailer.sent.at(-1)!.text);
    expect(tablesHolding(t, token)).toEqual([]);
    expect(tablesHolding(t, token.slice(0, 20))).toEqual([]);

    const sent = t.db.select().from(emailOutbox).get()!;
    expect(sent).toMatchObject({
      kind: "password-reset",
      toAddress: user.email,
      subject: "Reset your GoRDU password",
      status: "sent",
      textBody: null,
      htmlBody: null,
      payload: null,
      headers: {},
    });
    expect(sent.sentAt).not.toBeNull();

    const used = await t.request("POST", "/api/reset-password", { body: { token, newPassword: "a new password", confirmPassword: "a new password" } });
    expect(used.status).toBe(200);
    await deliverDueEmails(t.deps);
    expect(tablesHolding(t, token)).toEqual([]);
  });

  test("after a welcome email is delivered, its set-password token is nowhere in the database", async () => {
    const t = createTestApp();
    await subscribe(t, "welcome-db@example.com");
    await deliverDueEmails(t.deps);
    const welcome = t.mailer.sent.find((mail) => mail.subject.startsWith("Welcome"))!;
    const token = tokenIn(welcome.text);
    expect(tablesHolding(t, token)).toEqual([]);
    expect(
      t.db
        .select()
        .from(emailOutbox)
        .all()
        .every((row) => row.textBody === null && row.htmlBody === null),
    ).toBe(true);
  });

  test("a delivered message's headers go too: an unsubscribe link is left only where it must be, on its user", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const link = `http://localhost:3000/unsubscribe?token=${user.unsubscribeToken}`;
    t.db
      .insert(emailOutbox)
      .values({
        kind: "deal-alert",
        toAddress: user.email,
        subject: "Deals",
        textBody: link,
        htmlBody: link,
        headers: { "List-Unsubscribe": `<${link}>` },
        nextAttemptAt: t.clock.now(),
        createdAt: t.clock.now(),
      })
      .run();
    await deliverDueEmails(t.deps);
    expect(t.mailer.sent[0]!.headers["List-Unsubscribe"]).toBe(`<${link}>`);
    expect(tablesHolding(t, user.unsubscribeToken)).toEqual(["users.unsubscribe_token"]);
  });
});

describe("a link email that cannot be delivered before its link expires", () => {
  test("is dropped, not sent late: status 'expired', body gone", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    t.mailer.failWith = new Error("SMTP down");
    await t.request("POST", "/api/forgot-password", { body: { email: user.email } });
    await deliverDueEmails(t.deps);
    t.clock.advance(61 * 60_000);
    t.mailer.failWith = null;
    await deliverDueEmails(t.deps);
    expect(t.mailer.sent).toHaveLength(0);
    expect(t.db.select().from(emailOutbox).get()).toMatchObject({ status: "expired", textBody: null, htmlBody: null });
  });

  test("the hourly purge drops it even while it waits for its next try", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    t.mailer.failWith = new Error("SMTP down");
    await t.request("POST", "/api/forgot-password", { body: { email: user.email } });
    for (let i = 0; i < 6; i++) {
      await deliverDueEmails(t.deps);
      t.clock.advance(10 * 60_000);
    }
    await purgeExpired(t.deps);
    expect(t.db.select().from(emailOutbox).get()).toMatchObject({ status: "expired", textBody: null, htmlBody: null });
  });
});

describe("outbox retention and the Operations view", () => {
  test("sent and expired rows go after 30 days, failed ones after 90; queued ones stay", async () => {
    const t = createTestApp();
    const now = t.clock.now();
    const row = (status: "queued" | "sent" | "failed" | "expired", daysAgo: number) => ({
      kind: `k-${status}-${daysAgo}`,
      toAddress: "a@example.com",
      status,
      nextAttemptAt: now,
      createdAt: new Date(now.getTime() - daysAgo * DAY),
    });
    t.db
      .insert(emailOutbox)
      .values([row("sent", 31), row("sent", 29), row("expired", 31), row("failed", 89), row("failed", 91), row("queued", 200)])
      .run();
    await purgeExpired(t.deps);
    expect(
      t.db
        .select({ kind: emailOutbox.kind })
        .from(emailOutbox)
        .all()
        .map((r) => r.kind)
        .sort(),
    ).toEqual(["k-failed-89", "k-queued-200", "k-sent-29"]);
  });

  test("the Operations view lists delivered rows without their bodies, counts expired ones, and refuses to retry them", async () => {
    const t = createTestApp();
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free" });
    const member = await createUser(t);
    t.mailer.failWith = new Error("SMTP down");
    await t.request("POST", "/api/forgot-password", { body: { email: member.email } });
    await deliverDueEmails(t.deps);
    t.clock.advance(2 * 60 * 60_000);
    await deliverDueEmails(t.deps);
    t.mailer.failWith = null;

    const cookie = await signIn(t, admin.email);
    const overview = await json(await t.request("GET", "/api/admin/operations", { cookie }));
    expect(overview.outbox.counts).toEqual({ queued: 0, sent: 0, failed: 0, expired: 1 });
    expect(overview.outbox.recent[0]).toMatchObject({ kind: "password-reset", to: member.email, status: "expired" });
    const retry = await t.request("POST", `/api/admin/outbox/${overview.outbox.recent[0].id}/retry`, { cookie });
    expect(retry.status).toBe(404);
    await deliverDueEmails(t.deps);
    expect(t.mailer.sent).toHaveLength(0);
  });
});
