import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { emailOutbox } from "../../db/schema.ts";
import { createSmtpMailer, type Mailer } from "../../src/server/mail/mailer.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { MailCatcher } from "../support/mail-catcher.ts";
import { createTestApp } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

const DAY = 24 * 60 * 60_000;

describe("email through a real SMTP server on loopback", () => {
  const catcher = new MailCatcher();
  beforeAll(() => catcher.start());
  afterAll(() => catcher.stop());

  test("a password reset arrives with headers, text and HTML, and its link resets the password", async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${catcher.port}`);
    const t = createTestApp({ MAIL_FROM: "GoRDU <alerts@gordu.example>" }, { mailer });
    const user = await createUser(t, { firstName: "<Zoë>" });

    await t.request("POST", "/api/forgot-password", { body: { email: user.email } });
    expect(await deliverDueEmails(t.deps)).toEqual({ sent: 1, failed: 0, skipped: 0 });
    const mail = await catcher.waitFor(user.email);
    await mailer.close();

    expect(mail.subject).toBe("Reset your GoRDU password");
    expect(mail.from?.text).toBe('"GoRDU" <alerts@gordu.example>');
    expect(mail.messageId).toMatch(/^<outbox-\d+@localhost>$/);
    expect(mail.text).toContain("Hi <Zoë>,");
    expect(mail.html).toContain("Hi &lt;Zoë&gt;,");
    expect(mail.html).not.toContain("<Zoë>");

    const link = mail.text!.match(/http:\/\/localhost:3000\/reset-password\?token=\w+/)![0];
    expect(mail.html).toContain(link.replace(/&/g, "&amp;"));
    const token = new URL(link).searchParams.get("token")!;
    const reset = await t.request("POST", "/api/reset-password", { body: { token, newPassword: "reset via smtp", confirmPassword: "reset via smtp" } });
    expect(reset.status).toBe(200);
    expect((await t.request("POST", "/api/login", { body: { email: user.email, password: "reset via smtp" } })).status).toBe(200);
  });

  test("while the SMTP server is down messages stay queued, and they go out once it is back", async () => {
    const down = createSmtpMailer("smtp://127.0.0.1:9"); // nothing listens on the discard port
    const t = createTestApp({}, { mailer: down });
    await t.request("POST", "/api/contact", { body: { email: "v@example.com", name: "V", subject: "Hello", description: "Queued while down" } });
    expect(await deliverDueEmails(t.deps)).toEqual({ sent: 0, failed: 1, skipped: 0 });
    await down.close();

    const up = createSmtpMailer(`smtp://127.0.0.1:${catcher.port}`);
    t.deps.mailer = up;
    t.clock.advance(60_000);
    expect(await deliverDueEmails(t.deps)).toEqual({ sent: 1, failed: 0, skipped: 0 });
    const mail = await catcher.waitFor("support@example.com", (m) => m.text?.includes("Queued while down") ?? false);
    expect(mail.replyTo?.text).toBe("v@example.com");
    await up.close();
  });

  test("an outage of two days loses nothing; a message is given up (and shown as failed) only after about three days", async () => {
    const unreachable: Mailer = { description: "down", send: () => Promise.reject(new Error("connect ECONNREFUSED")), close: async () => {} };
    const t = createTestApp({}, { mailer: unreachable });
    await t.request("POST", "/api/contact", { body: { email: "v@example.com", name: "V", subject: "Hello", description: "Through a long outage" } });
    const started = t.clock.now().getTime();
    const row = () => t.db.select().from(emailOutbox).get()!;
    while (row().status === "queued" && t.clock.now().getTime() - started < 2 * DAY) {
      await deliverDueEmails(t.deps);
      t.clock.set(row().nextAttemptAt);
    }
    expect(row().status).toBe("queued");

    while (row().status === "queued" && t.clock.now().getTime() - started < 5 * DAY) {
      await deliverDueEmails(t.deps);
      t.clock.set(row().nextAttemptAt);
    }
    expect(row()).toMatchObject({ status: "failed", lastError: "connect ECONNREFUSED" });
    const gaveUpAfterDays = (t.clock.now().getTime() - started) / DAY;
    expect(gaveUpAfterDays).toBeGreaterThan(2.9);
    expect(gaveUpAfterDays).toBeLessThan(3.1);
  });
});
