import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { emailOutbox, userDeals, users } from "../../db/schema.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { PAUSE_REMINDER_KIND } from "../../src/server/billing/member-pause.service.ts";
import { tendPauses } from "../../src/server/jobs.ts";
import { insertDeal } from "../support/deals.ts";
import { consoleOutputDuring } from "../support/log-capture.ts";
import { subscribe } from "../support/signup.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, reloadUser, sessionCookieFor, signIn } from "../support/users.ts";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** A member past their free trial, paying: the only kind who may pause (decisions 133 and 138). */
async function payingMember(t: TestApp, email = `payer-${crypto.randomUUID().slice(0, 8)}@example.com`, plan: "monthly" | "annual" = "monthly") {
  const { sessionCookie } = await subscribe(t, email, plan);
  t.clock.advance(8 * DAY);
  const info = await json(await t.request("GET", "/api/subscription", { cookie: sessionCookie }));
  expect(info).toMatchObject({ status: "Active", trialEndsAt: null, pause: { canPause: true, refusal: null, pausedUntil: null } });
  const user = t.db.select().from(users).where(eq(users.email, email)).get()!;
  return { cookie: sessionCookie, user };
}

const mailOf = (t: TestApp, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .all()
    .filter((row) => row.kind === kind);

const pairsOf = (t: TestApp, userId: number) => t.db.select().from(userDeals).where(eq(userDeals.userId, userId)).all();

describe("a member pauses and comes back (test billing)", () => {
  test("2 months: billing and alerts stop, the day-before email goes once, and everything resumes by itself on the date", async () => {
    const t = createTestApp();
    const { cookie, user } = await payingMember(t);
    const pausedAt = t.clock.now();

    const answer = await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 2 } });
    expect(answer.status).toBe(200);
    const body = await json(answer);
    const until = new Date("2027-01-30T15:00:00Z"); // two calendar months after November 30, when the member paused
    expect(body.subscription).toMatchObject({ status: "Paused", hasAccess: false, pause: { canPause: false, pausedUntil: until.toISOString() } });
    expect(body.message).toBe(
      "Your membership is paused until January 30, 2027. No charges and no alerts until then; it resumes by itself. Your plan now renews on February 28, 2027.",
    );
    expect(reloadUser(t, user.id)).toMatchObject({ subscriptionStatus: "Paused", pauseResumesAt: until, memberPausedAt: pausedAt });
    const paused = mailOf(t, "billing-paused");
    expect(paused).toHaveLength(1);
    expect(paused[0]!.textBody).toContain("It resumes by itself on January 30, 2027");

    // No alert while paused.
    insertDeal(t, { destination: "LAX", price: 199 });
    await fanOutOwedDeals(t.deps);
    expect(pairsOf(t, user.id)).toHaveLength(0);

    // The job before the last day: nothing; in the last day: one reminder, however often it runs.
    t.clock.set(new Date(until.getTime() - DAY - HOUR));
    await tendPauses(t.deps);
    expect(mailOf(t, PAUSE_REMINDER_KIND)).toHaveLength(0);
    t.clock.set(new Date(until.getTime() - DAY + HOUR));
    await tendPauses(t.deps);
    await tendPauses(t.deps);
    const reminders = mailOf(t, PAUSE_REMINDER_KIND);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ toAddress: user.email, subject: "Your GoRDU pause ends tomorrow" });
    expect(reminders[0]!.textBody).toContain("Your monthly plan resumes by itself on January 30, 2027");
    expect(reminders[0]!.htmlBody).toContain("Your pause ends tomorrow");
    expect(reminders[0]!.htmlBody).toContain('href="http://localhost:3000/dashboard"');
    expect(reloadUser(t, user.id).subscriptionStatus).toBe("Paused");

    // The date comes: resumed by the job, confirmed once, and alerts flow again.
    t.clock.set(new Date(until.getTime() + 5 * 60_000));
    await tendPauses(t.deps);
    expect(reloadUser(t, user.id)).toMatchObject({ subscriptionStatus: "Active", pauseResumesAt: null });
    expect(mailOf(t, "billing-continued")).toHaveLength(1);
    insertDeal(t, { destination: "LAX", price: 189 });
    await fanOutOwedDeals(t.deps);
    expect(pairsOf(t, user.id)).toHaveLength(1);

    // Once in twelve months.
    const again = await t.request("POST", "/api/pause-subscription", { cookie: sessionCookieFor(t, user.id), body: { months: 1 } });
    expect(again.status).toBe(400);
    expect((await json(again)).error).toBe("You can pause once every 12 months. Your next pause can start on November 30, 2027.");
  });

  test("the dashboard reads the end of the pause before the job runs: GET /api/subscription asks the provider once the date has passed", async () => {
    const t = createTestApp();
    const { cookie, user } = await payingMember(t);
    await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 1 } });
    t.clock.set(new Date(reloadUser(t, user.id).pauseResumesAt!.getTime() + 1000));
    const info = await json(await t.request("GET", "/api/subscription", { cookie: sessionCookieFor(t, user.id) }));
    expect(info).toMatchObject({ status: "Active", hasAccess: true, pause: { pausedUntil: null, canPause: false } });
  });

  test("the job resumes every ended pause even when the provider fails for one of them, and says which", async () => {
    const t = createTestApp();
    const first = await payingMember(t);
    const second = await payingMember(t);
    for (const { cookie } of [first, second]) expect((await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 1 } })).status).toBe(200);
    // The first one's subscription is unknown to the provider (deleted there, say).
    t.db.update(users).set({ stripeSubscriptionId: "sub_gone" }).where(eq(users.id, first.user.id)).run();
    t.clock.advance(32 * DAY);
    const output = await consoleOutputDuring(() => tendPauses(t.deps));
    expect(output.join("\n")).toContain(`could not resume an ended pause userId=${first.user.id}`);
    expect(reloadUser(t, second.user.id).subscriptionStatus).toBe("Active");
    expect(reloadUser(t, first.user.id).subscriptionStatus).toBe("Paused");
  });

  test("Resume now lifts the pause at once; a second Resume now is refused", async () => {
    const t = createTestApp();
    const { cookie, user } = await payingMember(t);
    expect((await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 3 } })).status).toBe(200);
    const resumed = await t.request("POST", "/api/resume-subscription", { cookie });
    expect(resumed.status).toBe(200);
    expect((await json(resumed)).subscription).toMatchObject({ status: "Active", hasAccess: true, pause: { pausedUntil: null } });
    expect(reloadUser(t, user.id)).toMatchObject({ subscriptionStatus: "Active", pauseResumesAt: null });
    expect(mailOf(t, "billing-continued")).toHaveLength(1);
    const twice = await t.request("POST", "/api/resume-subscription", { cookie });
    expect(twice.status).toBe(400);
    expect((await json(twice)).error).toBe("Your membership isn't paused.");
    // Resuming early does not give the pause back.
    expect((await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 1 } })).status).toBe(400);
  });
});

describe("an annual member pauses (decision 138): the renewal moves by the pause, so no paid time is lost and none is free", () => {
  // Signed up November 22, 2026; the trial ended and the year was paid November 29, 2026, to November 29, 2027.
  const paidTo = new Date("2027-11-29T15:00:00Z");

  test("2 months: the renewal moves exactly 2 calendar months; Paused, never a trial; Active after; the next year is charged at the moved renewal", async () => {
    const t = createTestApp();
    const { cookie, user } = await payingMember(t, undefined, "annual");
    expect(reloadUser(t, user.id).currentPeriodEnd).toEqual(paidTo);

    const answer = await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 2 } });
    expect(answer.status).toBe(200);
    const until = new Date("2027-01-30T15:00:00Z");
    const renews = new Date("2028-01-29T15:00:00Z");
    expect((await json(answer)).subscription).toMatchObject({
      status: "Paused",
      trialEndsAt: null,
      currentPeriodEnd: renews.toISOString(),
      hasAccess: false,
      pause: { canPause: false, pausedUntil: until.toISOString() },
    });
    expect(reloadUser(t, user.id)).toMatchObject({ subscriptionStatus: "Paused", trialEndsAt: null, currentPeriodEnd: renews, pauseResumesAt: until });
    // The provider charges nothing until the moved renewal: Stripe's trial_end, kept the same way by the test billing.
    expect(await t.deps.billing.getSubscription(user.stripeSubscriptionId!)).toMatchObject({ status: "trialing", trialEnd: renews, memberPauseEndsAt: until });
    const [paused] = mailOf(t, "billing-paused");
    expect(paused!.textBody).toContain("Your renewal moves from November 29, 2027 to January 29, 2028");
    expect(paused!.textBody).toContain("$72 on January 29, 2028");

    // The day before: the reminder names the next payment.
    t.clock.set(new Date(until.getTime() - DAY + HOUR));
    await tendPauses(t.deps);
    expect(mailOf(t, PAUSE_REMINDER_KIND)[0]!.textBody).toContain("Your next payment is on January 29, 2028");

    // The pause's end: Active again (the provider still says trialing), no trial, the renewal still moved.
    t.clock.set(new Date(until.getTime() + 5 * 60_000));
    await tendPauses(t.deps);
    expect(reloadUser(t, user.id)).toMatchObject({ subscriptionStatus: "Active", trialEndsAt: null, currentPeriodEnd: renews, pauseResumesAt: null });
    const info = await json(await t.request("GET", "/api/subscription", { cookie: sessionCookieFor(t, user.id) }));
    expect(info).toMatchObject({ status: "Active", trialEndsAt: null, hasAccess: true, pause: { canPause: false } });
    expect(info.pause.refusal).toBe("You can pause once every 12 months. Your next pause can start on November 30, 2027.");
    expect(mailOf(t, "billing-continued")[0]!.textBody).toContain("Your next payment, $72, is on January 29, 2028.");
    const again = await t.request("POST", "/api/pause-subscription", { cookie: sessionCookieFor(t, user.id), body: { months: 1 } });
    expect(again.status).toBe(400);

    // The moved renewal comes: the next year is charged then, and runs to January 29, 2029. One payment bought
    // November 29, 2026 to January 29, 2028 less the 2 months paused: twelve months, no more and no fewer.
    t.clock.set(new Date(renews.getTime() + HOUR));
    const renewed = await json(await t.request("GET", "/api/subscription", { cookie: sessionCookieFor(t, user.id) }));
    expect(renewed).toMatchObject({ status: "Active", trialEndsAt: null, currentPeriodEnd: "2029-01-29T15:00:00.000Z" });
    expect(await t.deps.billing.getSubscription(user.stripeSubscriptionId!)).toMatchObject({ status: "active", memberPauseEndsAt: null });
    expect(
      t.db
        .select()
        .from(emailOutbox)
        .all()
        .filter((row) => row.kind.startsWith("trial")),
    ).toHaveLength(0);
  });

  test("Resume now, 10 days into a month's pause: the renewal moves back by the 20 unused days, to 10 days after it was", async () => {
    const t = createTestApp();
    const { cookie, user } = await payingMember(t, undefined, "annual");
    expect((await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 1 } })).status).toBe(200);
    expect(reloadUser(t, user.id).currentPeriodEnd).toEqual(new Date("2027-12-29T15:00:00Z"));
    t.clock.advance(10 * DAY);
    const resumed = await t.request("POST", "/api/resume-subscription", { cookie });
    expect(resumed.status).toBe(200);
    const renews = new Date("2027-12-09T15:00:00Z");
    expect((await json(resumed)).subscription).toMatchObject({ status: "Active", trialEndsAt: null, currentPeriodEnd: renews.toISOString(), hasAccess: true });
    expect(await t.deps.billing.getSubscription(user.stripeSubscriptionId!)).toMatchObject({ trialEnd: renews });
    const [continued] = mailOf(t, "billing-continued");
    expect(continued!.textBody).toContain("Your next payment, $72, is on December 9, 2027: you came back early");
    // The job finds nothing more to do, and the day-before email never goes for a pause that has ended.
    t.clock.set(new Date("2026-12-30T14:00:00Z"));
    await tendPauses(t.deps);
    expect(mailOf(t, PAUSE_REMINDER_KIND)).toHaveLength(0);
    expect(mailOf(t, "billing-continued")).toHaveLength(1);
  });
});

describe("who may not pause", () => {
  test("a member in their free trial: the dashboard says why, and the server refuses", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "trial@example.com");
    const info = await json(await t.request("GET", "/api/subscription", { cookie: sessionCookie }));
    expect(info.pause).toEqual({
      canPause: false,
      refusal: "A free trial can't be paused. You can cancel it before it ends and nothing is charged.",
      pausedUntil: null,
    });
    const answer = await t.request("POST", "/api/pause-subscription", { cookie: sessionCookie, body: { months: 1 } });
    expect(answer.status).toBe(400);
    expect(reloadUser(t, t.db.select().from(users).where(eq(users.email, "trial@example.com")).get()!.id).subscriptionStatus).toBe("Active");
  });

  test("an annual member still in their free trial, who has never paid: refused, and the dashboard says why", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "yearly-trial@example.com", "annual");
    const info = await json(await t.request("GET", "/api/subscription", { cookie: sessionCookie }));
    expect(info.pause).toMatchObject({ canPause: false, refusal: expect.stringMatching(/^A free trial can't be paused\./) });
    expect((await t.request("POST", "/api/pause-subscription", { cookie: sessionCookie, body: { months: 1 } })).status).toBe(400);
    const id = t.db.select().from(users).where(eq(users.email, "yearly-trial@example.com")).get()!.id;
    expect(reloadUser(t, id)).toMatchObject({ subscriptionStatus: "Active", memberPausedAt: null, pauseResumesAt: null });
  });

  test("a member whose subscription is set to end, and an admin-granted Free account", async () => {
    const t = createTestApp();
    const { cookie } = await payingMember(t);
    expect((await t.request("POST", "/api/cancel-subscription", { cookie })).status).toBe(200);
    const cancelling = await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 1 } });
    expect(cancelling.status).toBe(400);
    expect((await json(cancelling)).error).toBe("Your membership is already set to end, so there is nothing to pause.");

    const free = await createUser(t, { subscriptionType: "Free", stripeSubscriptionId: "sub_free", planType: null });
    const refused = await t.request("POST", "/api/pause-subscription", { cookie: sessionCookieFor(t, free.id), body: { months: 1 } });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error).toBe("Only a paid membership can be paused.");
  });
});

describe("the routes' guards", () => {
  test.each([[{ months: 0 }], [{ months: 4 }], [{ months: "2" }], [{ months: 1.5 }], [{}], [{ months: 1, until: "2030-01-01" }]])(
    "the body model refuses %o",
    async (body) => {
      const t = createTestApp();
      const { cookie, user } = await payingMember(t);
      const answer = await t.request("POST", "/api/pause-subscription", { cookie, body });
      expect(answer.status).toBe(400);
      expect(reloadUser(t, user.id).subscriptionStatus).toBe("Active");
    },
  );

  test("signed out: 401; from another site: 403", async () => {
    const t = createTestApp();
    const { cookie, user } = await payingMember(t);
    expect((await t.request("POST", "/api/pause-subscription", { body: { months: 1 } })).status).toBe(401);
    expect((await t.request("POST", "/api/resume-subscription", {})).status).toBe(401);
    const foreign = await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 1 }, headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(reloadUser(t, user.id).subscriptionStatus).toBe("Active");
  });

  test("rate limited per account like a password change: the sixth change in 15 minutes answers 429", async () => {
    const t = createTestApp();
    const { cookie } = await payingMember(t);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.request("POST", "/api/resume-subscription", { cookie })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  test("two pauses sent at once pause once", async () => {
    const t = createTestApp();
    const { cookie, user } = await payingMember(t);
    const answers = await Promise.all([1, 2].map((months) => t.request("POST", "/api/pause-subscription", { cookie, body: { months } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(mailOf(t, "billing-paused")).toHaveLength(1);
    expect(reloadUser(t, user.id).subscriptionStatus).toBe("Paused");
  });
});

describe("the admin sees and lifts a member's pause", () => {
  test("a pause the admin made (a Free account) is not the member's to lift: Resume now is refused and billing stays paused", async () => {
    const t = createTestApp();
    const { cookie, user } = await payingMember(t);
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null });
    const adminCookie = await signIn(t, admin.email);
    expect((await t.request("PUT", `/api/admin/users/${user.id}`, { cookie: adminCookie, body: { subscriptionType: "Free" } })).status).toBe(200);
    expect(reloadUser(t, user.id)).toMatchObject({ subscriptionStatus: "Paused", pauseResumesAt: null });
    const answer = await t.request("POST", "/api/resume-subscription", { cookie });
    expect(answer.status).toBe(400);
    expect((await json(answer)).error).toBe("Your membership was paused by GoRDU. Contact support to resume it.");
    expect(reloadUser(t, user.id)).toMatchObject({ subscriptionStatus: "Paused", subscriptionType: "Free" });
    expect((await t.deps.billing.getSubscription(user.stripeSubscriptionId!)).paused).toBe(true);
  });

  test("the user list shows until when; Re-activate lifts it", async () => {
    const t = createTestApp();
    const { cookie, user } = await payingMember(t);
    await t.request("POST", "/api/pause-subscription", { cookie, body: { months: 1 } });
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null });
    const adminCookie = await signIn(t, admin.email);
    const list = await json(await t.request("GET", "/api/admin/users", { cookie: adminCookie }));
    const row = (list.users ?? list).find((u: { id: number }) => u.id === user.id);
    expect(row).toMatchObject({ subscriptionStatus: "Paused", pausedUntil: "2026-12-30T15:00:00.000Z" });
    const lifted = await t.request("POST", `/api/admin/users/${user.id}/reactivate-subscription`, { cookie: adminCookie });
    expect(lifted.status).toBe(200);
    expect(reloadUser(t, user.id)).toMatchObject({ subscriptionStatus: "Active", pauseResumesAt: null });
    expect(
      t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, "billing-continued"), eq(emailOutbox.toAddress, user.email)))
        .all(),
    ).toHaveLength(1);
  });
});
