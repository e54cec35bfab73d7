import { describe, expect, test } from "bun:test";
import { contactMessages, emailOutbox } from "../../db/schema.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { createTestApp, json } from "../support/test-app.ts";

const message = { email: "ann@example.com", name: "Ann", subject: "Question", description: "Do you cover Charlotte?" };

describe("POST /api/contact", () => {
  test("stores the message and forwards it to the support address", async () => {
    const t = createTestApp({ SUPPORT_EMAIL: "help@gordu.example" });
    const response = await t.request("POST", "/api/contact", { body: message });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ success: true });

    const stored = t.db.select().from(contactMessages).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(message);

    await deliverDueEmails(t.deps);
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]!.to).toBe("help@gordu.example");
    expect(t.mailer.sent[0]!.headers["Reply-To"]).toBe("ann@example.com");
    expect(t.mailer.sent[0]!.text).toContain("Do you cover Charlotte?");
  });

  test("answers at once even when the mail server is down, and delivers later", async () => {
    const t = createTestApp();
    t.mailer.failWith = new Error("connection refused");
    expect((await t.request("POST", "/api/contact", { body: message })).status).toBe(200);
    expect(await deliverDueEmails(t.deps)).toEqual({ sent: 0, failed: 1, skipped: 0 });
    expect(t.db.select().from(emailOutbox).get()).toMatchObject({ status: "queued", attempts: 1, lastError: "connection refused" });

    t.mailer.failWith = null;
    expect(await deliverDueEmails(t.deps)).toEqual({ sent: 0, failed: 0, skipped: 0 });
    t.clock.advance(60_000);
    expect(await deliverDueEmails(t.deps)).toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(t.mailer.sent).toHaveLength(1);
  });

  test.each([
    ["email", ""],
    ["name", "   "],
    ["subject", ""],
    ["description", ""],
  ])("refuses a message whose %s is empty", async (field, value) => {
    const t = createTestApp();
    const response = await t.request("POST", "/api/contact", { body: { ...message, [field]: value } });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe("Please fill in all fields: email, name, subject and message.");
    expect(t.db.select().from(contactMessages).all()).toHaveLength(0);
  });

  test("refuses a malformed email address", async () => {
    const t = createTestApp();
    const response = await t.request("POST", "/api/contact", { body: { ...message, email: "not-an-email" } });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe("Please enter a valid email address.");
  });

  test("refuses a missing field and an unknown field without echoing them", async () => {
    const t = createTestApp();
    const { description, ...missing } = message;
    const missingResponse = await t.request("POST", "/api/contact", { body: missing });
    expect(missingResponse.status).toBe(400);

    const unknown = await t.request("POST", "/api/contact", { body: { ...message, isAdmin: "<script>x</script>" } });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).not.toContain("<script>");
  });

  test("limits each address to five messages in ten minutes", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const from = (ip: string) => t.request("POST", "/api/contact", { body: message, headers: { "x-forwarded-for": ip } });
    for (let i = 0; i < 5; i++) expect((await from("203.0.113.9")).status).toBe(200);
    const limited = await from("203.0.113.9");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await from("198.51.100.4")).status).toBe(200);
    t.clock.advance(10 * 60_000 + 1000);
    expect((await from("203.0.113.9")).status).toBe(200);
  });

  test("escapes HTML a visitor typed when forwarding it", async () => {
    const t = createTestApp();
    await t.request("POST", "/api/contact", { body: { ...message, name: "<img src=x onerror=alert(1)>" } });
    await deliverDueEmails(t.deps);
    expect(t.mailer.sent[0]!.html).not.toContain("<img src=x");
    expect(t.mailer.sent[0]!.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
