import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { emailOutbox } from "../../db/schema.ts";
import { StripeBilling } from "../../src/server/billing/stripe-billing.ts";
import { tendPauses } from "../../src/server/jobs.ts";
import { deliverWebhook, stripeSubscriber } from "../support/stripe-app.ts";
import { startStripeServer, stripeEvent, stripeTestConfig, stripeTestEnv, type StripeServer } from "../support/stripe-server.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { reloadUser, sessionCookieFor } from "../support/users.ts";

const DAY_S = 86_400;

/** The app and the local Stripe share the app's test clock, so a pause's resumes_at comes for both at once. */
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

/** Signed up through Stripe, then the trial ends and Stripe says so by webhook: an active paying member. */
async function payingMember(app: TestApp) {
  const { user } = await stripeSubscriber(app, stripe, `payer-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const nowS = Math.floor(app.clock.now().getTime() / 1000);
  const subscriptionId = user.stripeSubscriptionId!;
  stripe.setSubscription(subscriptionId, { status: "active", trial_end: nowS - 60, current_period_end: nowS + 30 * DAY_S });
  expect((await deliverWebhook(app, stripeEvent("customer.subscription.updated", stripe.get(subscriptionId)!))).status).toBe(200);
  expect(reloadUser(app, user.id)).toMatchObject({ subscriptionStatus: "Active", trialEndsAt: null });
  return { user, subscriptionId, cookie: sessionCookieFor(app, user.id) };
}

const kinds = (app: TestApp) =>
  app.db
    .select()
    .from(emailOutbox)
    .all()
    .map((row) => row.kind);

describe("a member's pause against Stripe", () => {
  test("sets pause_collection with resumes_at; Stripe ending it by itself reaches us by webhook and our copy agrees", async () => {
    const app = t!;
    const { user, subscriptionId, cookie } = await payingMember(app);
    const answer = await app.request("POST", "/api/pause-subscription", { cookie, body: { months: 1 } });
    expect(answer.status).toBe(200);
    const until = new Date("2026-12-22T15:00:00Z");
    const resumesAtS = until.getTime() / 1000;
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`).at(-1)!.params).toMatchObject({
      pause_collection: { behavior: "void", resumes_at: String(resumesAtS) },
    });
    expect(stripe.get(subscriptionId)!.pause_collection).toEqual({ behavior: "void", resumes_at: resumesAtS });
    expect(reloadUser(app, user.id)).toMatchObject({ subscriptionStatus: "Paused", pauseResumesAt: until });

    // A webhook repeating what we know changes nothing and confirms nothing twice.
    await deliverWebhook(app, stripeEvent("customer.subscription.updated", stripe.get(subscriptionId)!));
    expect(kinds(app).filter((k) => k === "billing-paused")).toHaveLength(1);

    // The date comes; Stripe clears pause_collection and sends customer.subscription.updated.
    app.clock.set(new Date(until.getTime() + 1000));
    const resumed = await app.request("GET", `/api/subscription`, { cookie: sessionCookieFor(app, user.id) });
    expect((await json(resumed)).status).toBe("Active");
    expect(stripe.get(subscriptionId)!.pause_collection).toBeNull();
    await deliverWebhook(app, stripeEvent("customer.subscription.updated", stripe.get(subscriptionId)!));
    expect(reloadUser(app, user.id)).toMatchObject({ subscriptionStatus: "Active", pauseResumesAt: null });
    expect(kinds(app).filter((k) => k === "billing-continued")).toHaveLength(1);
  });

  test("a pause's end moved in Stripe's dashboard is the end we show", async () => {
    const app = t!;
    const { user, subscriptionId, cookie } = await payingMember(app);
    await app.request("POST", "/api/pause-subscription", { cookie, body: { months: 3 } });
    const moved = Math.floor(app.clock.now().getTime() / 1000) + 10 * DAY_S;
    stripe.setSubscription(subscriptionId, { pause_collection: { behavior: "void", resumes_at: moved } });
    await deliverWebhook(app, stripeEvent("customer.subscription.updated", stripe.get(subscriptionId)!));
    expect(reloadUser(app, user.id).pauseResumesAt).toEqual(new Date(moved * 1000));
  });

  test("Resume now unsets pause_collection", async () => {
    const app = t!;
    const { user, subscriptionId, cookie } = await payingMember(app);
    await app.request("POST", "/api/pause-subscription", { cookie, body: { months: 2 } });
    expect((await app.request("POST", "/api/resume-subscription", { cookie })).status).toBe(200);
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`).at(-1)!.params).toMatchObject({ pause_collection: "" });
    expect(stripe.get(subscriptionId)!.pause_collection).toBeNull();
    expect(reloadUser(app, user.id)).toMatchObject({ subscriptionStatus: "Active", pauseResumesAt: null });
  });

  test("the job resumes a pause Stripe has not ended on time (a missed webhook, a lagging provider)", async () => {
    const app = t!;
    const { user, subscriptionId, cookie } = await payingMember(app);
    await app.request("POST", "/api/pause-subscription", { cookie, body: { months: 1 } });
    // Stripe keeps it paused past the date (its resumes_at moved later than ours, say).
    stripe.setSubscription(subscriptionId, { pause_collection: { behavior: "void", resumes_at: null } });
    app.clock.set(new Date(reloadUser(app, user.id).pauseResumesAt!.getTime() + 60_000));
    await tendPauses(app.deps);
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`).at(-1)!.params).toMatchObject({ pause_collection: "" });
    expect(reloadUser(app, user.id)).toMatchObject({ subscriptionStatus: "Active", pauseResumesAt: null });
  });

  test("a trialing Stripe member is refused, and Stripe is not asked to pause", async () => {
    const app = t!;
    const { user } = await stripeSubscriber(app, stripe, "trialing@example.com");
    const answer = await app.request("POST", "/api/pause-subscription", { cookie: sessionCookieFor(app, user.id), body: { months: 1 } });
    expect(answer.status).toBe(400);
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${user.stripeSubscriptionId}`)).toHaveLength(0);
  });
});
