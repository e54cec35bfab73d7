import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { passwordResetTokens, users } from "../../db/schema.ts";
import { ensureAdmin } from "../../src/server/auth/admin-bootstrap.ts";
import { issuePasswordToken } from "../../src/server/auth/tokens.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { subscribe } from "../support/signup.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

/** Issue 11 finding 4: setting a password by any path voids every reset and welcome link of that user. */

const reset = (t: TestApp, token: string, newPassword = "link password 1") =>
  t.request("POST", "/api/reset-password", { body: { token, newPassword, confirmPassword: newPassword } });

const linkIn = (t: TestApp, subject: RegExp) =>
  t.mailer.sent
    .filter((mail) => subject.test(mail.subject))
    .at(-1)!
    .text.match(/reset-password\?token=(\w+)/)![1]!;

async function welcomeLink(t: TestApp, email: string) {
  const { sessionCookie } = await subscribe(t, email);
  await deliverDueEmails(t.deps);
  return { sessionCookie, token: linkIn(t, /^Welcome/) };
}

async function requestResetLink(t: TestApp, email: string) {
  await t.request("POST", "/api/forgot-password", { body: { email } });
  await deliverDueEmails(t.deps);
  // Someone who never set a password is sent the same link worded "Set your GoRDU password".
  return linkIn(t, /^(Reset|Set) your GoRDU password$/);
}

describe("welcome links", () => {
  test("after the new subscriber sets a password on the dashboard, the 7-day welcome link no longer resets it", async () => {
    const t = createTestApp();
    const { sessionCookie, token } = await welcomeLink(t, "welcome1@example.com");
    const set = await t.request("POST", "/api/change-password", {
      cookie: sessionCookie,
      body: { newPassword: "chosen password", confirmPassword: "chosen password" },
    });
    expect(set.status).toBe(200);
    t.clock.advance(3 * 24 * 60 * 60_000);
    const hijack = await reset(t, token, "attacker password");
    expect(hijack.status).toBe(400);
    expect((await json(hijack)).error).toBe("This password reset link is invalid or expired.");
    expect((await t.request("POST", "/api/login", { body: { email: "welcome1@example.com", password: "chosen password" } })).status).toBe(200);
  });

  test("a welcome link works only while the account still needs its first password, even if nothing voided it", async () => {
    const t = createTestApp();
    const user = await createUser(t, { needsPasswordSetup: false });
    const { token } = issuePasswordToken(t.db, user.id, "welcome", t.clock.now());
    expect((await reset(t, token)).status).toBe(400);
    t.db.update(users).set({ needsPasswordSetup: true }).where(eq(users.id, user.id)).run();
    expect((await reset(t, token)).status).toBe(200);
  });

  test("a welcome link sets the first password once; it lasts 7 days", async () => {
    const t = createTestApp();
    const { token } = await welcomeLink(t, "welcome2@example.com");
    t.clock.advance(6 * 24 * 60 * 60_000);
    expect((await reset(t, token)).status).toBe(200);
    expect((await reset(t, token, "second try pass")).status).toBe(400);
  });
});

describe("every way of setting a password voids the user's outstanding links", () => {
  test("changing the password voids a reset link requested earlier", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const token = await requestResetLink(t, user.email);
    const cookie = await signIn(t, user.email);
    expect(
      (
        await t.request("POST", "/api/change-password", {
          cookie,
          body: { currentPassword: "correct horse battery", newPassword: "changed password", confirmPassword: "changed password" },
        })
      ).status,
    ).toBe(200);
    expect((await reset(t, token)).status).toBe(400);
    expect(t.db.select().from(passwordResetTokens).all()).toHaveLength(0);
  });

  test("a reset from a forgot-password link voids the welcome link", async () => {
    const t = createTestApp();
    const { token: welcome } = await welcomeLink(t, "welcome3@example.com");
    const resetToken = await requestResetLink(t, "welcome3@example.com");
    expect((await reset(t, resetToken)).status).toBe(200);
    expect((await reset(t, welcome, "attacker password")).status).toBe(400);
  });

  test("the admin command that sets a password voids the user's links and sessions", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const token = await requestResetLink(t, user.email);
    expect(await ensureAdmin(t.db, user.email, "admin set password", t.clock.now(), { setPassword: true })).toBe("promoted");
    expect((await reset(t, token)).status).toBe(400);
    expect((await t.request("GET", "/api/me", { cookie })).status).toBe(401);
  });
});
