import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, contactMessages, emailOutbox, passwordResetTokens, sessions, users } from "../../db/schema.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { subscribe } from "../support/signup.ts";
import { createUser, reloadUser, signIn } from "../support/users.ts";

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
});

describe("PUT /api/admin/users/:id", () => {
  test("saves the explicit fields and writes an audit entry with before and after", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    const member = await createUser(t);
    const response = await t.request("PUT", `/api/admin/users/${member.id}`, { cookie, body: { firstName: "Sammy", lastName: "T", address: "1 Main", phone: "555-1234", subscriptionType: "Paid" } });
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
  test("cancels the subscription first, then removes the user, their sessions and tokens; the audit keeps a record", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    const { sessionCookie } = await subscribe(t, "leaving@example.com");
    const member = t.db.select().from(users).where(eq(users.email, "leaving@example.com")).get()!;
    const response = await t.request("DELETE", `/api/admin/users/${member.id}`, { cookie });
    expect(response.status).toBe(200);
    expect((await t.deps.billing.getSubscription(member.stripeSubscriptionId!)).status).toBe("canceled");
    expect(t.db.select().from(users).where(eq(users.id, member.id)).get()).toBeUndefined();
    expect(t.db.select().from(sessions).where(eq(sessions.userId, member.id)).all()).toHaveLength(0);
    expect(t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id)).all()).toHaveLength(0);
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
    await t.request("POST", `/api/admin/contact-messages/${messageId}/read`, { cookie, body: { read: true } });
    expect(t.db.select().from(contactMessages).get()!.readAt).not.toBeNull();
  });

  test("a failed email can be put back in the queue", async () => {
    const t = createTestApp();
    const { cookie } = await adminSession(t);
    await t.request("POST", "/api/contact", { body: { email: "v@example.com", name: "V", subject: "Hi", description: "Hello" } });
    const [row] = t.db.select().from(emailOutbox).all();
    t.db.update(emailOutbox).set({ status: "failed", attempts: 12, nextAttemptAt: new Date(0) }).run();
    expect((await t.request("POST", `/api/admin/outbox/${row!.id}/retry`, { cookie })).status).toBe(200);
    expect(t.db.select().from(emailOutbox).get()!.status).toBe("queued");
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
});
