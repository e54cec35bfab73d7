import { describe, expect, test } from "bun:test";
import { emailOutbox, passwordResetTokens, sessions } from "../../db/schema.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, reloadUser, signIn } from "../support/users.ts";

const SAME_ANSWER = { success: true, message: "If an account exists, a password reset email has been sent." };

async function resetLinkFor(t: TestApp, email: string): Promise<string> {
  await t.request("POST", "/api/forgot-password", { body: { email } });
  await deliverDueEmails(t.deps);
  const mail = t.mailer.sent.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error("no reset email");
  return mail.text.match(/http:\/\/localhost:3000\/reset-password\?token=(\w+)/)![1]!;
}

const reset = (t: TestApp, token: string, newPassword = "brand new password", confirmPassword = newPassword) =>
  t.request("POST", "/api/reset-password", { body: { token, newPassword, confirmPassword } });

describe("POST /api/forgot-password", () => {
  test("answers the same for a known and an unknown email; only the known one gets a link", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const known = await t.request("POST", "/api/forgot-password", { body: { email: user.email.toUpperCase() } });
    const unknown = await t.request("POST", "/api/forgot-password", { body: { email: "nobody@example.com" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await json(known)).toEqual(SAME_ANSWER);
    expect(await json(unknown)).toEqual(SAME_ANSWER);

    await deliverDueEmails(t.deps);
    expect(t.mailer.sent.map((m) => m.to)).toEqual([user.email]);
    expect(t.mailer.sent[0]!.subject).toBe("Reset your GoRDU password");
    expect(t.mailer.sent[0]!.html).toContain("/reset-password?token=");
  });

  test("keeps only the SHA-256 of a 32-byte token", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const token = await resetLinkFor(t, user.email);
    expect(token.length).toBeGreaterThanOrEqual(52);
    const stored = t.db.select().from(passwordResetTokens).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("a new request voids the older link", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const older = await resetLinkFor(t, user.email);
    const newer = await resetLinkFor(t, user.email);
    expect((await reset(t, older)).status).toBe(400);
    expect((await reset(t, newer)).status).toBe(200);
  });

  test("sends at most 3 links an hour to one address, still answering the same", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) expect(await json(await t.request("POST", "/api/forgot-password", { body: { email: user.email } }))).toEqual(SAME_ANSWER);
    expect(t.db.select().from(emailOutbox).all()).toHaveLength(3);
  });

  test("throttles one client address after 10 requests an hour", async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const from = { "x-forwarded-for": "203.0.113.1" };
    for (let i = 0; i < 10; i++)
      expect((await t.request("POST", "/api/forgot-password", { body: { email: `x${i}@example.com` }, headers: from })).status).toBe(200);
    const limited = await t.request("POST", "/api/forgot-password", { body: { email: "x@example.com" }, headers: from });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  test("refuses an empty or malformed email", async () => {
    const t = createTestApp();
    expect((await t.request("POST", "/api/forgot-password", { body: { email: "" } })).status).toBe(400);
    expect((await json(await t.request("POST", "/api/forgot-password", { body: { email: "nope" } }))).error).toBe("Please enter a valid email address.");
  });
});

describe("POST /api/reset-password", () => {
  test("sets the new password, clears the set-up flag, closes every session and sends a notice", async () => {
    const t = createTestApp();
    const user = await createUser(t, { needsPasswordSetup: true });
    const cookie = await signIn(t, user.email);
    const token = await resetLinkFor(t, user.email);

    const response = await reset(t, token);
    expect(response.status).toBe(200);
    expect(reloadUser(t, user.id).needsPasswordSetup).toBe(false);
    expect(t.db.select().from(sessions).all()).toHaveLength(0);
    expect((await t.request("GET", "/api/me", { cookie })).status).toBe(401);
    expect((await t.request("POST", "/api/login", { body: { email: user.email, password: "brand new password" } })).status).toBe(200);

    await deliverDueEmails(t.deps);
    expect(t.mailer.sent.at(-1)!.subject).toBe("Your GoRDU password was changed");
  });

  test("a link works once", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const token = await resetLinkFor(t, user.email);
    expect((await reset(t, token)).status).toBe(200);
    const again = await reset(t, token, "another password 2");
    expect(again.status).toBe(400);
    expect((await json(again)).error).toBe("This password reset link is invalid or expired.");
  });

  test("a link expires after one hour", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const token = await resetLinkFor(t, user.email);
    t.clock.advance(60 * 60_000 + 1);
    expect((await json(await reset(t, token))).error).toBe("This password reset link is invalid or expired.");
  });

  test("a tampered, missing or made-up token is refused", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const token = await resetLinkFor(t, user.email);
    for (const bad of [token.slice(0, -1) + (token.endsWith("a") ? "b" : "a"), "", "x".repeat(52)]) {
      const response = await reset(t, bad);
      expect(response.status).toBe(400);
      expect((await json(response)).error).toBe("This password reset link is invalid or expired.");
    }
  });

  test("mismatched and short passwords get the docs/product-rules.md §5 messages and spend nothing", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const token = await resetLinkFor(t, user.email);
    expect((await json(await reset(t, token, "long enough one", "long enough two"))).error).toBe("Please ensure both password fields match.");
    expect((await json(await reset(t, token, "short", "short"))).error).toBe("Password must be at least 8 characters long.");
    expect((await reset(t, token)).status).toBe(200);
  });

  test("a 64-character password is accepted", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const token = await resetLinkFor(t, user.email);
    const long = "p".repeat(64);
    expect((await reset(t, token, long)).status).toBe(200);
    expect((await t.request("POST", "/api/login", { body: { email: user.email, password: long } })).status).toBe(200);
  });
});
