import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, contactMessages, deals, emailOutbox, fareScans, passwordResetTokens, sessions, userDeals, users } from "../../db/schema.ts";
import { TRIAL_DAYS } from "../../src/domain/plans.ts";
import { issuePasswordToken } from "../../src/server/auth/tokens.ts";
import { queueEmail } from "../../src/server/mail/outbox.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { subscribe } from "../support/signup.ts";
import { createUser, reloadUser, signIn } from "../support/users.ts";

const DAY_MS = 24 * 60 * 60_000;

/** Always three items: bun's test.each would take a missing third argument for a done callback. */
const ADMIN_ROUTES: [string, string, unknown][] = [
  ["GET", "/api/admin/users", undefined],
  ["PUT", "/api/admin/users/1", { firstName: "X" }],
  ["POST", "/api/admin/users/1/cancel-subscription", undefined],
  ["POST", "/api/admin/users/1/reactivate-subscription", undefined],
  ["DELETE", "/api/admin/users/1", undefined],
  ["GET", "/api/admin/audit-log", undefined],
  ["GET", "/api/admin/operations", undefined],
  ["POST", "/api/admin/outbox/1/retry", undefined],
  ["POST", "/api/admin/contact-messages/1/read", { read: true }],
];

async function adminSession(t: TestApp) {
  const admin = await createUser(t, { isAdmin: true, email: "boss@gordu.example", subscriptionType: "Free", planType: null });
  return { admin, cookie: await signIn(t, admin.email) };
}

describe("admin authorization", () => {
  test.each(ADMIN_ROUTES)("%s %s: anonymous 401, subscriber 403", async (method, path, body) => {
    const t = createTestApp();
    expect((await t.request(method, path, { body })).status).toBe(401);
    const member = await createUser(t);
    const cookie = await signIn(t, member.email);
    const forbidden = await t.request(method, path, { body, cookie });
    expect(forbidden.status).toBe(403);
    expect((await json(forbidden)).error).toBe("You do not have permission to access the admin dashboard.");
  });

  test("anonymous is 401 even with an invalid body", async () => {
    const t = createTestApp();
    expect((await t.request("PUT", "/api/admin/users/1", { body: { isAdmin: true } })).status).toBe(401);
  });
});

describe("GET /api/admin/users", () => {
  test("lists users newest first with the table's fields, searchable by email and names", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    t.clock.advance(1000);
    await createUser(t, { email: "ann@example.com", firstName: "Ann", lastName: "Zed", phone: "919-555-0100" });
    t.clock.advance(1000);
    await createUser(t, { email: "bob@example.com", firstName: "Bob", lastName: "Annis" });
    const all = await json(await t.request("GET", "/api/admin/users", { cookie }));
    expect(all.total).toBe(3);
    expect(all.users.map((u: { email: string }) => u.email)).toEqual(["bob@example.com", "ann@example.com", "boss@gordu.example"]);
    expect(all.users[1]).toMatchObject({ firstName: "Ann", lastName: "Zed", phone: "919-555-0100", subscriptionType: "Paid", subscriptionStatus: "Active" });
    expect(JSON.stringify(all)).not.toContain("passwordHash");

    const ann = await json(await t.request("GET", "/api/admin/users?search=ANN", { cookie }));
    expect(ann.users.map((u: { email: string }) => u.email)).toEqual(["bob@example.com", "ann@example.com"]);
    const percent = await json(await t.request("GET", "/api/admin/users?search=%25", { cookie }));
    expect(percent.total).toBe(0);
  });

  test("limit is a whole number from 1 to 2000: a fraction or a huge value answers 400, never 500", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    await createUser(t);
    const two = await json(await t.request("GET", "/api/admin/users?limit=1", { cookie }));
    expect(two.users).toHaveLength(1);
    expect(two.total).toBe(2);
    for (const limit of ["1.5", "0.0001", "2001", "0", "1e3", "1e400", "0x10", "+5", "99999999999999999999", "-1", "NaN", "Infinity"]) {
      const response = await t.request("GET", `/api/admin/users?limit=${limit}`, { cookie });
      expect(response.status, `limit=${limit}`).toBe(400);
    }
  });
});

describe("PUT /api/admin/users/:id", () => {
  test("saves the explicit fields and writes an audit entry with before and after", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    const member = await createUser(t);
    const response = await t.request("PUT", `/api/admin/users/${member.id}`, {
      cookie,
      body: { firstName: "Sammy", lastName: "T", address: "1 Main", phone: "555-1234", subscriptionType: "Paid" },
    });
    expect(response.status).toBe(200);
    expect(reloadUser(t, member.id)).toMatchObject({ firstName: "Sammy", lastName: "T", address: "1 Main", phone: "555-1234" });
    const [entry] = await json(await t.request("GET", "/api/admin/audit-log", { cookie }));
    expect(entry).toMatchObject({ actorEmail: "boss@gordu.example", action: "user.update", targetEmail: member.email });
    expect(entry.before.firstName).toBe("Sam");
    expect(entry.after.firstName).toBe("Sammy");
  });

  test("isAdmin, email, status and Stripe ids are never taken from a body", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    const member = await createUser(t);
    for (const extra of [{ isAdmin: true }, { email: "x@example.com" }, { subscriptionStatus: "Active" }, { stripeSubscriptionId: "sub_x" }]) {
      expect((await t.request("PUT", `/api/admin/users/${member.id}`, { cookie, body: { firstName: "A", ...extra } })).status).toBe(400);
    }
    expect(reloadUser(t, member.id).isAdmin).toBe(false);
  });

  test("an unknown or malformed id answers 404", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    expect((await t.request("PUT", "/api/admin/users/999", { cookie, body: { firstName: "A" } })).status).toBe(404);
    expect((await t.request("PUT", "/api/admin/users/abc", { cookie, body: { firstName: "A" } })).status).toBe(404);
    expect((await t.request("DELETE", "/api/admin/users/-1", { cookie })).status).toBe(404);
  });
});

describe("subscription actions in test billing", () => {
  test("pause (type Free) pauses billing and access; re-activate resumes it", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    await subscribe(t, "pause@example.com");
    const member = t.db.select().from(users).where(eq(users.email, "pause@example.com")).get()!;

    const paused = await json(await t.request("PUT", `/api/admin/users/${member.id}`, { cookie, body: { subscriptionType: "Free" } }));
    expect(paused).toMatchObject({ subscriptionType: "Free", subscriptionStatus: "Paused" });
    expect((await t.deps.billing.getSubscription(member.stripeSubscriptionId!)).paused).toBe(true);

    const reactivated = await json(await t.request("POST", `/api/admin/users/${member.id}/reactivate-subscription`, { cookie }));
    expect(reactivated.message).toBe("Billing resumed on the existing subscription.");
    expect(reactivated.user).toMatchObject({ subscriptionType: "Paid", subscriptionStatus: "Active" });
    const actions = (await json(await t.request("GET", "/api/admin/audit-log", { cookie }))).map((e: { action: string }) => e.action);
    expect(actions).toEqual(["subscription.reactivate", "subscription.pause"]);
  });

  test("re-activate undoes a cancellation at period end", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    const { sessionCookie } = await subscribe(t, "undo@example.com");
    await t.request("POST", "/api/cancel-subscription", { cookie: sessionCookie });
    const member = t.db.select().from(users).where(eq(users.email, "undo@example.com")).get()!;
    const answer = await json(await t.request("POST", `/api/admin/users/${member.id}/reactivate-subscription`, { cookie }));
    expect(answer.message).toContain("pending cancellation was undone");
    expect(reloadUser(t, member.id).cancelAtPeriodEnd).toBe(false);
  });

  test("re-activate after a cancellation at period end has taken effect starts a new subscription", async () => {
    const t = createTestApp();
    const { admin } = await adminSession(t);
    const { sessionCookie } = await subscribe(t, "lapsed@example.com", "monthly");
    t.clock.advance(TRIAL_DAYS * DAY_MS + DAY_MS);
    expect((await t.request("POST", "/api/cancel-subscription", { cookie: sessionCookie })).status).toBe(200);
    const member = t.db.select().from(users).where(eq(users.email, "lapsed@example.com")).get()!;
    expect(member).toMatchObject({ subscriptionStatus: "Active", cancelAtPeriodEnd: true, trialEndsAt: null });
    // Nothing tells our copy that the period ended: the row still says Active, cancelling at period end.
    t.clock.set(new Date(member.currentPeriodEnd!.getTime() + DAY_MS));
    expect(reloadUser(t, member.id)).toMatchObject({ subscriptionStatus: "Active", cancelAtPeriodEnd: true });

    const cookie = await signIn(t, admin.email);
    const response = await t.request("POST", `/api/admin/users/${member.id}/reactivate-subscription`, { cookie });
    expect(response.status).toBe(200);
    const answer = await json(response);
    expect(answer.message).toBe("The old subscription had ended, so a new one was started (no trial) on the card on file.");
    expect(answer.user).toMatchObject({ subscriptionType: "Paid", subscriptionStatus: "Active", cancelAtPeriodEnd: false, trialEndsAt: null });
    expect(answer.user.stripeSubscriptionId).not.toBe(member.stripeSubscriptionId);
    const old = await t.deps.billing.getSubscription(member.stripeSubscriptionId!);
    expect(old).toMatchObject({ status: "canceled", cancelAtPeriodEnd: false });
    const fresh = await t.deps.billing.getSubscription(answer.user.stripeSubscriptionId);
    expect(fresh).toMatchObject({ status: "active", cancelAtPeriodEnd: false, customerId: member.stripeCustomerId });
    expect(reloadUser(t, member.id)).toMatchObject({ subscriptionStatus: "Active", stripeSubscriptionId: fresh.id, cancelAtPeriodEnd: false });
    const [entry] = await json(await t.request("GET", "/api/admin/audit-log", { cookie }));
    expect(entry).toMatchObject({ action: "subscription.reactivate", targetEmail: "lapsed@example.com", note: answer.message });
  });

  test("re-activate within the period of a paused subscription cancelling at period end resumes it and undoes the cancellation", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    const { sessionCookie } = await subscribe(t, "both@example.com");
    await t.request("POST", "/api/cancel-subscription", { cookie: sessionCookie });
    const member = t.db.select().from(users).where(eq(users.email, "both@example.com")).get()!;
    await t.request("PUT", `/api/admin/users/${member.id}`, { cookie, body: { subscriptionType: "Free" } });

    const answer = await json(await t.request("POST", `/api/admin/users/${member.id}/reactivate-subscription`, { cookie }));
    expect(answer.message).toBe("Billing resumed on the existing subscription. The pending cancellation was undone; the subscription will renew.");
    expect(answer.user).toMatchObject({ subscriptionStatus: "Active", cancelAtPeriodEnd: false, stripeSubscriptionId: member.stripeSubscriptionId });
    expect(await t.deps.billing.getSubscription(member.stripeSubscriptionId!)).toMatchObject({ paused: false, cancelAtPeriodEnd: false });
  });

  test("cancel ends the subscription at once; re-activate then starts a new one and says so", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    await subscribe(t, "cancel@example.com");
    const member = t.db.select().from(users).where(eq(users.email, "cancel@example.com")).get()!;
    const cancelled = await json(await t.request("POST", `/api/admin/users/${member.id}/cancel-subscription`, { cookie }));
    expect(cancelled.user.subscriptionStatus).toBe("Cancelled");
    expect((await t.deps.billing.getSubscription(member.stripeSubscriptionId!)).status).toBe("canceled");

    const reactivated = await json(await t.request("POST", `/api/admin/users/${member.id}/reactivate-subscription`, { cookie }));
    expect(reactivated.message).toContain("a new one was started");
    expect(reactivated.user.subscriptionStatus).toBe("Active");
    expect(reactivated.user.stripeSubscriptionId).not.toBe(member.stripeSubscriptionId);
  });

  test("an already active subscription cannot be re-activated, and a user without one has no subscription actions", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    await subscribe(t, "active@example.com");
    const member = t.db.select().from(users).where(eq(users.email, "active@example.com")).get()!;
    expect((await t.request("POST", `/api/admin/users/${member.id}/reactivate-subscription`, { cookie })).status).toBe(400);
    const plain = await createUser(t);
    expect((await t.request("POST", `/api/admin/users/${plain.id}/cancel-subscription`, { cookie })).status).toBe(400);
  });
});

describe("DELETE /api/admin/users/:id", () => {
  test("cancels the subscription first, then removes the user, their sessions, deals and reset tokens; the audit keeps a record", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    const { sessionCookie } = await subscribe(t, "leaving@example.com");
    const member = t.db.select().from(users).where(eq(users.email, "leaving@example.com")).get()!;
    const deal = insertDeal(t);
    t.db.insert(userDeals).values({ userId: member.id, dealId: deal.id, alertVersion: 1, createdAt: t.clock.now() }).run();
    issuePasswordToken(t.db, member.id, "reset", t.clock.now());
    expect(t.db.select().from(userDeals).where(eq(userDeals.userId, member.id)).all()).toHaveLength(1);
    expect(t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id)).all().length).toBeGreaterThan(0);
    expect(t.db.select().from(sessions).where(eq(sessions.userId, member.id)).all().length).toBeGreaterThan(0);

    const response = await t.request("DELETE", `/api/admin/users/${member.id}`, { cookie });
    expect(response.status).toBe(200);
    expect((await t.deps.billing.getSubscription(member.stripeSubscriptionId!)).status).toBe("canceled");
    expect(t.db.select().from(users).where(eq(users.id, member.id)).get()).toBeUndefined();
    expect(t.db.select().from(sessions).where(eq(sessions.userId, member.id)).all()).toHaveLength(0);
    expect(t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id)).all()).toHaveLength(0);
    expect(t.db.select().from(userDeals).where(eq(userDeals.userId, member.id)).all()).toHaveLength(0);
    expect(t.db.select().from(deals).where(eq(deals.id, deal.id)).get()).toBeDefined();
    expect((await t.request("GET", "/api/me", { cookie: sessionCookie })).status).toBe(401);
    expect(t.db.select().from(auditLog).all().at(-1)).toMatchObject({ action: "user.delete", targetEmail: "leaving@example.com" });
  });

  test("an admin cannot delete themselves", async () => {
    const t = createTestApp();
    const { admin, cookie } = await adminSession(t);
    const response = await t.request("DELETE", `/api/admin/users/${admin.id}`, { cookie });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe("You can't delete your own account.");
    expect(reloadUser(t, admin.id)).toBeDefined();
  });
});

describe("operations", () => {
  test("counts subscribers by status and plan, trials ending this week, MRR, the outbox and contact messages", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    await subscribe(t, "trial@example.com", "monthly");
    await createUser(t, { planType: "monthly" });
    await createUser(t, { planType: "annual" });
    await createUser(t, { planType: "annual", subscriptionStatus: "Paused", subscriptionType: "Free" });
    await t.request("POST", "/api/contact", { body: { email: "v@example.com", name: "V", subject: "Hi", description: "Hello" } });

    const ops = await json(await t.request("GET", "/api/admin/operations", { cookie }));
    expect(ops.subscribers.byStatus).toEqual({ Active: 4, Paused: 1 });
    expect(ops.subscribers.byPlan).toMatchObject({ monthly: 2, annual: 2 });
    expect(ops.subscribers.inTrial).toBe(1);
    expect(ops.trialsEndingThisWeek.map((row: { email: string }) => row.email)).toEqual(["trial@example.com"]);
    expect(ops.monthlyRecurringRevenue).toBe(16);
    expect(ops.outbox.counts.queued).toBeGreaterThanOrEqual(2);
    expect(ops.contactMessages[0]).toMatchObject({ subject: "Hi", read: false });

    const messageId = ops.contactMessages[0].id;
    expect((await t.request("POST", `/api/admin/contact-messages/${messageId}/read`, { cookie, body: { read: true } })).status).toBe(200);
    expect(t.db.select().from(contactMessages).get()!.readAt).not.toBeNull();
    const [read] = await json(await t.request("GET", "/api/admin/audit-log", { cookie }));
    expect(read).toMatchObject({
      actorEmail: "boss@gordu.example",
      action: "contact.read",
      targetEmail: null,
      before: { read: false },
      after: { read: true },
      note: `Message #${messageId} from v@example.com: Hi`,
      createdAt: t.clock.now().toISOString(),
    });

    expect((await t.request("POST", `/api/admin/contact-messages/${messageId}/read`, { cookie, body: { read: false } })).status).toBe(200);
    expect(t.db.select().from(contactMessages).get()!.readAt).toBeNull();
    const [unread] = await json(await t.request("GET", "/api/admin/audit-log", { cookie }));
    expect(unread).toMatchObject({ action: "contact.unread", before: { read: true }, after: { read: false } });
  });

  test("marking a message that does not exist answers 404 and writes no audit entry", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    expect((await t.request("POST", "/api/admin/contact-messages/999/read", { cookie, body: { read: true } })).status).toBe(404);
    expect((await t.request("POST", "/api/admin/outbox/999/retry", { cookie })).status).toBe(404);
    expect(t.db.select().from(auditLog).all()).toEqual([]);
  });

  test("a failed email can be put back in the queue", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    await t.request("POST", "/api/contact", { body: { email: "v@example.com", name: "V", subject: "Hi", description: "Hello" } });
    const [row] = t.db.select().from(emailOutbox).all();
    t.db
      .update(emailOutbox)
      .set({ status: "failed", attempts: 12, nextAttemptAt: new Date(0), lastError: "550 mailbox unavailable" })
      .run();
    expect((await t.request("POST", `/api/admin/outbox/${row!.id}/retry`, { cookie })).status).toBe(200);
    expect(t.db.select().from(emailOutbox).get()!.status).toBe("queued");
    const [entry] = await json(await t.request("GET", "/api/admin/audit-log", { cookie }));
    expect(entry).toMatchObject({
      actorEmail: "boss@gordu.example",
      action: "outbox.retry",
      targetEmail: null,
      before: { status: "failed", attempts: 12, lastError: "550 mailbox unavailable" },
      after: { status: "queued", attempts: 12, lastError: "550 mailbox unavailable" },
      note: `Email #${row!.id} (${row!.kind}) to ${row!.toAddress}`,
      createdAt: t.clock.now().toISOString(),
    });

    t.db.update(emailOutbox).set({ status: "sent" }).run();
    expect((await t.request("POST", `/api/admin/outbox/${row!.id}/retry`, { cookie })).status).toBe(404);
    expect(t.db.select().from(auditLog).all()).toHaveLength(1);
  });
});

describe("Retry on a scheduled email", () => {
  test("tomorrow's reminder is not sent early: the overview offers no Retry and names its time, and the API refuses with 409", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    const now = t.clock.now();
    const tomorrow = new Date(now.getTime() + 22 * 60 * 60_000);
    queueEmail(
      t.db,
      {
        kind: "trip-reminder",
        to: "m@example.com",
        subject: "Free cancellation ends soon",
        text: "in about two hours",
        html: "<p>in about two hours</p>",
        sendAt: tomorrow,
      },
      now,
    );
    queueEmail(
      t.db,
      { kind: "contact", to: "overdue@example.com", subject: "Overdue", text: "x", html: "<p>x</p>", sendAt: new Date(now.getTime() - 60_000) },
      now,
    );
    const [scheduled, overdue] = t.db.select().from(emailOutbox).all();

    const { outbox } = await json(await t.request("GET", "/api/admin/operations", { cookie }));
    const rowOf = (id: number) => outbox.recent.find((row: { id: number }) => row.id === id);
    expect(rowOf(scheduled!.id)).toMatchObject({ status: "queued", canRetry: false, dueAt: tomorrow.toISOString() });
    expect(rowOf(overdue!.id)).toMatchObject({ status: "queued", canRetry: true });

    const refused = await t.request("POST", `/api/admin/outbox/${scheduled!.id}/retry`, { cookie });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error).toMatch(
      /^This email is scheduled for .+ \(Eastern\) and is sent then; its words are written for that time\. Retry is for failed or overdue emails\.$/,
    );
    expect(t.db.select().from(emailOutbox).where(eq(emailOutbox.id, scheduled!.id)).get()!.nextAttemptAt).toEqual(tomorrow);
    expect(t.db.select().from(auditLog).all()).toEqual([]);

    expect((await t.request("POST", `/api/admin/outbox/${overdue!.id}/retry`, { cookie })).status).toBe(200);
    // Once it has been tried and failed, the same reminder may be retried before its next try.
    t.db.update(emailOutbox).set({ attempts: 1, lastError: "421 try later" }).where(eq(emailOutbox.id, scheduled!.id)).run();
    expect((await t.request("POST", `/api/admin/outbox/${scheduled!.id}/retry`, { cookie })).status).toBe(200);
  });
});

describe("GET /healthz", () => {
  test("answers 200 with the database reachable, and 503 when it is unusable", async () => {
    const t = createTestApp();
    const healthy = await t.request("GET", "/healthz");
    expect(healthy.status).toBe(200);
    expect(await json(healthy)).toMatchObject({ status: "ok", database: "ok" });
    t.db.$client.close();
    expect((await t.request("GET", "/healthz")).status).toBe(503);
  });

  test("reports the time and age of the last successful fare scan, ignoring later failed ones", async () => {
    const t = createTestApp();
    expect(await json(await t.request("GET", "/healthz"))).toMatchObject({ lastSuccessfulScanAt: null, lastSuccessfulScanAgeSeconds: null });

    const startedAt = t.clock.now();
    t.clock.advance(42_000);
    const finishedAt = t.clock.now();
    t.db.insert(fareScans).values({ source: "simulated", status: "succeeded", startedAt, finishedAt }).run();
    t.clock.advance(90 * 60_000);
    t.db.insert(fareScans).values({ source: "simulated", status: "failed", startedAt: t.clock.now(), finishedAt: t.clock.now() }).run();
    t.clock.advance(30 * 60_000 + 400);

    const health = await t.request("GET", "/healthz");
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await json(health)).toEqual({
      status: "ok",
      database: "ok",
      lastSuccessfulScanAt: finishedAt.toISOString(),
      lastSuccessfulScanAgeSeconds: 2 * 60 * 60,
    });
  });
});
