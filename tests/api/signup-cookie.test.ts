import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { pendingSignups, users } from "../../db/schema.ts";
import { finishSignup } from "../../src/server/billing/signup.service.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { cookiesFrom, startSignup, subscribe, VISA } from "../support/signup.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

/** Issue 11 finding 3: the signup cookie signs its browser in once, and is worthless afterwards. */

const completeAgain = (t: TestApp, email: string, signupCookie: string) =>
  t.request("POST", "/api/complete-subscription", { body: { email }, cookie: signupCookie });

const sessionCookieIn = (response: Response) => cookiesFrom(response).find((cookie) => cookie.startsWith("gordu_session=") && cookie !== "gordu_session=");

async function setPassword(t: TestApp, sessionCookie: string) {
  const response = await t.request("POST", "/api/change-password", {
    cookie: sessionCookie,
    body: { newPassword: "my own password", confirmPassword: "my own password" },
  });
  expect(response.status).toBe(200);
}

describe("the gordu_signup cookie after its signup is complete", () => {
  test("completing clears the cookie and spends the signup: sent again, it answers 403 and opens no session", async () => {
    const t = createTestApp();
    const { cookie: signupCookie, created } = await startSignup(t, "once@example.com");
    await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret: (await json(created)).clientSecret, ...VISA } });
    const completed = await completeAgain(t, "once@example.com", signupCookie);
    expect(completed.status).toBe(200);
    expect(completed.headers.getSetCookie().join("\n")).toMatch(/gordu_signup=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect(t.db.select().from(pendingSignups).all()).toHaveLength(0);

    const again = await completeAgain(t, "once@example.com", signupCookie);
    expect(again.status).toBe(403);
    expect(sessionCookieIn(again)).toBeUndefined();
  });

  test("after logout (which clears the signup cookie too), the old cookie does not sign anyone in", async () => {
    const t = createTestApp();
    const { sessionCookie, signupCookie } = await subscribe(t, "logout@example.com");
    const logout = await t.request("POST", "/api/logout", { cookie: `${sessionCookie}; ${signupCookie}` });
    expect(logout.headers.getSetCookie().join("\n")).toMatch(/gordu_signup=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    const again = await completeAgain(t, "logout@example.com", signupCookie);
    expect(again.status).toBe(403);
    expect(sessionCookieIn(again)).toBeUndefined();
  });

  test("after the owner sets a password and after a reset, the old cookie is worthless", async () => {
    const t = createTestApp();
    const { sessionCookie, signupCookie } = await subscribe(t, "owner@example.com");
    await setPassword(t, sessionCookie);
    expect((await completeAgain(t, "owner@example.com", signupCookie)).status).toBe(403);
    await t.request("POST", "/api/forgot-password", { body: { email: "owner@example.com" } });
    await deliverDueEmails(t.deps);
    const token = t.mailer.sent.at(-1)!.text.match(/token=(\w+)/)![1]!;
    expect((await t.request("POST", "/api/reset-password", { body: { token, newPassword: "reset password", confirmPassword: "reset password" } })).status).toBe(
      200,
    );
    expect((await completeAgain(t, "owner@example.com", signupCookie)).status).toBe(403);
  });

  test("after an admin deletes the account, the old cookie re-creates nothing and sends no welcome email", async () => {
    const t = createTestApp();
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free" });
    const { signupCookie } = await subscribe(t, "deleted@example.com");
    await deliverDueEmails(t.deps);
    const member = t.db.select().from(users).where(eq(users.email, "deleted@example.com")).get()!;
    expect((await t.request("DELETE", `/api/admin/users/${member.id}`, { cookie: await signIn(t, admin.email) })).status).toBe(200);
    const sentBefore = t.mailer.sent.length;

    const again = await completeAgain(t, "deleted@example.com", signupCookie);
    expect(again.status).toBe(403);
    expect(sessionCookieIn(again)).toBeUndefined();
    expect(t.db.select().from(users).where(eq(users.email, "deleted@example.com")).all()).toHaveLength(0);
    await deliverDueEmails(t.deps);
    expect(t.mailer.sent.length).toBe(sentBefore);
  });
});

describe("when the provider's webhook makes the account before the browser comes back", () => {
  async function paidButNotCompleted(t: TestApp, email: string) {
    const { cookie: signupCookie, created } = await startSignup(t, email);
    await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret: (await json(created)).clientSecret, ...VISA } });
    const pending = t.db.select().from(pendingSignups).get()!;
    const user = finishSignup(t.deps, pending, pending.stripeCustomerId!, await t.deps.billing.getSubscription(pending.stripeSubscriptionId!));
    return { signupCookie, user };
  }

  test("the browser that paid is signed in once, and only once", async () => {
    const t = createTestApp();
    const { signupCookie } = await paidButNotCompleted(t, "webhook-first@example.com");
    const first = await completeAgain(t, "webhook-first@example.com", signupCookie);
    expect(first.status).toBe(200);
    expect((await completeAgain(t, "webhook-first@example.com", signupCookie)).status).toBe(403);
    expect(t.db.select().from(users).all()).toHaveLength(1);
  });

  test("once the owner has set a password from the welcome link, the browser's cookie no longer signs in", async () => {
    const t = createTestApp();
    const { signupCookie } = await paidButNotCompleted(t, "secured@example.com");
    await deliverDueEmails(t.deps);
    const token = t.mailer.sent.at(-1)!.text.match(/token=(\w+)/)![1]!;
    expect((await t.request("POST", "/api/reset-password", { body: { token, newPassword: "owner password", confirmPassword: "owner password" } })).status).toBe(
      200,
    );
    const late = await completeAgain(t, "secured@example.com", signupCookie);
    expect(late.status).toBe(403);
    expect(sessionCookieIn(late)).toBeUndefined();
  });

  test("a webhook replayed after the account was deleted re-creates nothing", async () => {
    const t = createTestApp();
    const { user } = await paidButNotCompleted(t, "replayed@example.com");
    const pending = t.db.select().from(pendingSignups).get()!;
    const snapshot = await t.deps.billing.getSubscription(pending.stripeSubscriptionId!);
    t.db.delete(users).where(eq(users.id, user.id)).run();
    expect(() => finishSignup(t.deps, pending, pending.stripeCustomerId!, snapshot)).toThrow("We couldn't find your signup");
    expect(t.db.select().from(users).all()).toHaveLength(0);
  });
});
