import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { emailOutbox } from "../../db/schema.ts";
import { StripeBilling } from "../../src/server/billing/stripe-billing.ts";
import { tendPauses } from "../../src/server/jobs.ts";
import { deliverWebhook, stripeSubscriber } from "../support/stripe-app.ts";
import { startStripeServer, stripeEvent, stripeTestConfig, stripeTestEnv, type StripeServer } from "../support/stripe-server.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { reloadUser, sessionCookieFor } from "../support/users.ts";

const DAY_S = 86_400;
const unix = (iso: string) => new Date(iso).getTime() / 1000;

/** The app and the local Stripe share the app's test clock (November 22, 2026, 15:00 UTC), so time moves for both at once. */
let t: TestApp | null = null;
let stripe: StripeServer;
beforeAll(() => {
  stripe = startStripeServer({ now: () => t?.clock.now() ?? new Date() });
});
afterAll(() => stripe.stop());
beforeEach(() => {
  stripe.reset();
  t = createTestApp(stripeTestEnv(), { billing: new StripeBilling(stripeTestConfig(stripe), { timeoutMs: 300 }) });
});

/** Signed up through Stripe, then the trial ends, paid, and Stripe says so by webhook: an active paying member, paid to `paidTo`. */
async function payingMember(app: TestApp, plan: "monthly" | "annual", paidTo: string) {
  const { user } = await stripeSubscriber(app, stripe, `payer-${crypto.randomUUID().slice(0, 8)}@example.com`, plan);
  const nowS = Math.floor(app.clock.now().getTime() / 1000);
  const subscriptionId = user.stripeSubscriptionId!;
  stripe.setSubscription(subscriptionId, { status: "active", trial_end: nowS - 60, current_period_start: nowS - 60, current_period_end: unix(paidTo) });
  expect((await deliverWebhook(app, stripeEvent("customer.subscription.updated", stripe.get(subscriptionId)!))).status).toBe(200);
  expect(reloadUser(app, user.id)).toMatchObject({ subscriptionStatus: "Active", trialEndsAt: null, currentPeriodEnd: new Date(paidTo) });
  return { user, subscriptionId, cookie: sessionCookieFor(app, user.id) };
}

const kinds = (app: TestApp) =>
  app.db
    .select()
    .from(emailOutbox)
    .all()
    .map((row) => row.kind);

/** The customer.subscription.updated Stripe would have sent last, delivered to the app. */
async function deliverLastUpdate(app: TestApp) {
  const event = stripe.eventsOf("customer.subscription.updated").at(-1)!;
  expect((await deliverWebhook(app, event)).status).toBe(200);
  return event;
}

describe("a member's pause against Stripe (decision 138): the renewal moves by trial_end, no proration", () => {
  test("an annual pause moves trial_end exactly 3 calendar months; Stripe's trialing webhook shows Paused; Active after; the next year is charged at the moved renewal", async () => {
    const app = t!;
    const { user, subscriptionId, cookie } = await payingMember(app, "annual", "2027-11-22T15:00:00Z");
    const answer = await app.request("POST", "/api/pause-subscription", { cookie, body: { months: 3 } });
    expect(answer.status).toBe(200);

    const renewsS = unix("2028-02-22T15:00:00Z");
    const untilS = unix("2027-02-22T15:00:00Z");
    const sent = stripe.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`).at(-1)!.params;
    expect(sent).toMatchObject({ trial_end: String(renewsS), proration_behavior: "none", metadata: { member_pause_ends_at: String(untilS) } });
    expect(sent.pause_collection).toBeUndefined();
    expect(stripe.get(subscriptionId)).toMatchObject({ status: "trialing", trial_end: renewsS, pause_collection: null });

    // What Stripe sends: trialing, the new trial_end and period end. It is a pause here, not a trial.
    const event = await deliverLastUpdate(app);
    expect(event.data.object).toMatchObject({ status: "trialing", trial_end: renewsS, items: { data: [{ current_period_end: renewsS }] } });
    expect(event.data.previous_attributes).toMatchObject({ status: "active", trial_end: expect.any(Number) });
    expect(reloadUser(app, user.id)).toMatchObject({
      subscriptionStatus: "Paused",
      trialEndsAt: null,
      currentPeriodEnd: new Date(renewsS * 1000),
      pauseResumesAt: new Date(untilS * 1000),
    });
    expect(kinds(app).filter((k) => k === "billing-paused")).toHaveLength(1);

    // The pause's end: nothing happens at Stripe (still trialing); the dashboard shows Active, and so does a later webhook.
    app.clock.set(new Date((untilS + 60) * 1000));
    const info = await json(await app.request("GET", "/api/subscription", { cookie: sessionCookieFor(app, user.id) }));
    expect(info).toMatchObject({ status: "Active", trialEndsAt: null, hasAccess: true, currentPeriodEnd: new Date(renewsS * 1000).toISOString() });
    await deliverWebhook(app, stripeEvent("customer.subscription.updated", stripe.get(subscriptionId)!));
    expect(reloadUser(app, user.id)).toMatchObject({ subscriptionStatus: "Active", trialEndsAt: null, pauseResumesAt: null });
    expect(kinds(app).filter((k) => k === "billing-continued")).toHaveLength(1);
    expect((await app.request("POST", "/api/pause-subscription", { cookie: sessionCookieFor(app, user.id), body: { months: 1 } })).status).toBe(400);

    // Three days before the moved renewal Stripe says the "trial" will end: no trial email, it was paid for.
    app.clock.set(new Date((renewsS - 3 * DAY_S) * 1000));
    await deliverWebhook(app, stripeEvent("customer.subscription.trial_will_end", stripe.get(subscriptionId)!));
    expect(kinds(app)).not.toContain("trial-ending");

    // The moved renewal: Stripe invoices and charges the next year, which then runs to February 22, 2029.
    app.clock.set(new Date((renewsS + 3600) * 1000));
    const renewed = await json(await app.request("GET", "/api/subscription", { cookie: sessionCookieFor(app, user.id) }));
    expect(renewed).toMatchObject({ status: "Active", trialEndsAt: null, currentPeriodEnd: "2029-02-22T15:00:00.000Z" });
    const renewal = await deliverLastUpdate(app);
    expect(renewal.data.object.status).toBe("active");
    expect(renewal.data.previous_attributes).toMatchObject({ status: "trialing" });
    const invoice = stripe.objects("invoice").at(-1)!;
    expect(invoice).toMatchObject({ subscription: subscriptionId, status: "paid", amount_paid: 7200, period_start: renewsS });
    expect(reloadUser(app, user.id)).toMatchObject({
      subscriptionStatus: "Active",
      trialEndsAt: null,
      currentPeriodEnd: new Date("2029-02-22T15:00:00Z"),
    });
    expect(kinds(app).filter((k) => k.startsWith("trial"))).toHaveLength(0);
  });

  test("Resume now, 10 days into a month's pause: trial_end moves back by the 20 unused days and the pause's mark ends now", async () => {
    const app = t!;
    const { user, subscriptionId, cookie } = await payingMember(app, "monthly", "2026-12-22T15:00:00Z");
    expect((await app.request("POST", "/api/pause-subscription", { cookie, body: { months: 1 } })).status).toBe(200);
    expect(stripe.get(subscriptionId)!.trial_end).toBe(unix("2027-01-22T15:00:00Z"));
    app.clock.advance(10 * DAY_S * 1000);
    const resumed = await app.request("POST", "/api/resume-subscription", { cookie });
    expect(resumed.status).toBe(200);
    const renewsS = unix("2027-01-02T15:00:00Z"); // January 22 less the 20 days of the pause not used
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`).at(-1)!.params).toMatchObject({
      trial_end: String(renewsS),
      proration_behavior: "none",
      metadata: { member_pause_ends_at: String(unix("2026-12-02T15:00:00Z")) },
    });
    expect(reloadUser(app, user.id)).toMatchObject({ subscriptionStatus: "Active", trialEndsAt: null, currentPeriodEnd: new Date(renewsS * 1000) });
    await deliverLastUpdate(app);
    expect(reloadUser(app, user.id).subscriptionStatus).toBe("Active");
    expect(kinds(app).filter((k) => k === "billing-continued")).toHaveLength(1);
  });

  test("a pause_collection pause from before decision 138 still ends: the job lifts it when Stripe has not", async () => {
    const app = t!;
    const { user, subscriptionId } = await payingMember(app, "monthly", "2026-12-22T15:00:00Z");
    const resumesS = unix("2026-12-01T15:00:00Z");
    stripe.setSubscription(subscriptionId, { pause_collection: { behavior: "void", resumes_at: resumesS } });
    await deliverWebhook(app, stripeEvent("customer.subscription.updated", stripe.get(subscriptionId)!));
    expect(reloadUser(app, user.id)).toMatchObject({ subscriptionStatus: "Paused", pauseResumesAt: new Date(resumesS * 1000) });
    // Stripe keeps it paused past the date (its resumes_at moved later than ours, say).
    stripe.setSubscription(subscriptionId, { pause_collection: { behavior: "void", resumes_at: null } });
    app.clock.set(new Date((resumesS + 60) * 1000));
    await tendPauses(app.deps);
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`).at(-1)!.params).toMatchObject({ pause_collection: "" });
    expect(reloadUser(app, user.id)).toMatchObject({ subscriptionStatus: "Active", pauseResumesAt: null });
  });

  test("a trialing Stripe member who never paid is refused, and Stripe is not asked to move anything", async () => {
    const app = t!;
    const { user } = await stripeSubscriber(app, stripe, "trialing@example.com", "annual");
    const answer = await app.request("POST", "/api/pause-subscription", { cookie: sessionCookieFor(app, user.id), body: { months: 1 } });
    expect(answer.status).toBe(400);
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${user.stripeSubscriptionId}`)).toHaveLength(0);
  });
});
