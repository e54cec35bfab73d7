import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { emailOutbox, pendingSignups, stripeEvents, users } from "../../db/schema.ts";
import { StripeBilling } from "../../src/server/billing/stripe-billing.ts";
import { startStripeServer, stripeEvent, stripeTestConfig, stripeTestEnv, type StripeServer } from "../support/stripe-server.ts";
import { cookiesFrom, signupBody } from "../support/signup.ts";
import { createTestApp, json, TEST_ORIGIN, type TestApp } from "../support/test-app.ts";

const WEBHOOK_SECRET = stripeTestEnv().STRIPE_WEBHOOK_SECRET!;
const signer = new Stripe("sk_test_signer");

let stripe: StripeServer;
beforeAll(() => {
  stripe = startStripeServer();
});
afterAll(() => stripe.stop());
beforeEach(() => stripe.reset());

function stripeApp(checkout: "embedded" | "hosted" = "embedded"): TestApp {
  return createTestApp(stripeTestEnv(checkout), { billing: new StripeBilling(stripeTestConfig(stripe, { checkout }), { timeoutMs: 300 }) });
}

async function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return signer.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
}

async function deliver(t: TestApp, event: object, header?: string | null) {
  const payload = JSON.stringify(event);
  const signature = header === undefined ? await signed(payload) : header;
  return t.app.handle(
    new Request(`${TEST_ORIGIN}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      body: payload,
    }),
  );
}

/** Signs up through the app against the local Stripe, the card confirmed as Stripe.js would. */
async function stripeSignup(t: TestApp, email: string) {
  const created = await t.request("POST", "/api/create-subscription", { body: signupBody(email) });
  expect(created.status).toBe(200);
  const cookie = cookiesFrom(created).find((c) => c.startsWith("gordu_signup="))!;
  const { clientSecret } = await json(created);
  const setupIntentId = clientSecret.split("_secret_")[0];
  stripe.succeedSetupIntent(setupIntentId);
  const completed = await t.request("POST", "/api/complete-subscription", { body: { email }, cookie });
  expect(completed.status).toBe(200);
  const user = t.db
    .select()
    .from(users)
    .all()
    .find((u) => u.email === email)!;
  return { user, setupIntentId, session: cookiesFrom(completed).find((c) => c.startsWith("gordu_session="))! };
}

describe("signup with Stripe", () => {
  test("creates a customer and a 7-day trial subscription and answers its SetupIntent's client secret", async () => {
    const t = stripeApp();
    const { user } = await stripeSignup(t, "stripe@example.com");
    expect(user.stripeCustomerId).toMatch(/^cus_/);
    expect(user.stripeSubscriptionId).toMatch(/^sub_/);
    expect(user.subscriptionStatus).toBe("Active");
    expect(user.cardLast4).toBe("4242");
    const [subscription] = stripe.requestsTo("POST", "/v1/subscriptions");
    expect(subscription!.params).toMatchObject({
      trial_period_days: "7",
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
      expand: ["pending_setup_intent"],
    });
  });

  test("the same browser asking twice makes one customer and one subscription", async () => {
    const t = stripeApp();
    const first = await t.request("POST", "/api/create-subscription", { body: signupBody("once@example.com") });
    const cookie = cookiesFrom(first).find((c) => c.startsWith("gordu_signup="))!;
    await Promise.all([1, 2].map(() => t.request("POST", "/api/create-subscription", { body: signupBody("once@example.com"), cookie })));
    expect(stripe.objects("customer")).toHaveLength(1);
    expect(stripe.objects("subscription")).toHaveLength(1);
  });

  for (const [what, setUp] of [
    ["answers 500", () => stripe.failNext(500, { type: "api_error", message: "Stripe broke" }, 5)],
    ["rate-limits (429)", () => stripe.failNext(429, { type: "invalid_request_error", code: "rate_limit", message: "Too many requests" }, 5)],
    ["times out", () => stripe.hangNext(1000, 5)],
  ] as const) {
    test(`when Stripe ${what} during signup: a clear 503 and no half-created local state`, async () => {
      const t = stripeApp();
      setUp();
      const response = await t.request("POST", "/api/create-subscription", { body: signupBody("down@example.com") });
      expect(response.status).toBe(503);
      expect((await json(response)).error).toContain("payment provider is not responding");
      expect(t.db.select().from(pendingSignups).all()).toHaveLength(0);
      expect(t.db.select().from(users).all()).toHaveLength(0);
    }, 15_000);
  }

  test("hosted checkout answers a session URL and completes back on the dashboard", async () => {
    const t = stripeApp("hosted");
    const created = await t.request("POST", "/api/create-subscription", { body: signupBody("hosted@example.com", "annual") });
    const { sessionUrl } = await json(created);
    expect(sessionUrl).toStartWith("https://checkout.stripe.com/");
    const [request] = stripe.requestsTo("POST", "/v1/checkout/sessions");
    expect(request!.params).toMatchObject({
      mode: "subscription",
      success_url: "http://localhost:3000/dashboard?session_id={CHECKOUT_SESSION_ID}",
      subscription_data: { trial_period_days: "7" },
    });
    const cookie = cookiesFrom(created).find((c) => c.startsWith("gordu_signup="))!;
    const sessionId = stripe.objects("checkout.session")[0]!.id;
    expect((await t.request("POST", "/api/complete-checkout", { body: { sessionId }, cookie })).status).toBe(402);
    stripe.completeCheckout(sessionId);
    const completed = await t.request("POST", "/api/complete-checkout", { body: { sessionId }, cookie });
    expect(completed.status).toBe(200);
    expect((await json(completed)).user).toMatchObject({ email: "hosted@example.com", planType: "annual", needsPasswordSetup: true });
  });

  test("the test-billing confirmation route does not exist when Stripe is configured", async () => {
    const t = stripeApp();
    const response = await t.request("POST", "/api/test-billing/confirm-setup", {
      body: { clientSecret: "seti_x_secret_y", cardNumber: "4242424242424242", expMonth: 1, expYear: 2030, cvc: "123" },
    });
    expect(response.status).toBe(404);
  });
});

describe("a signup replaced in the same browser can never be charged", () => {
  const DAY = 24 * 60 * 60_000;

  async function startSignup(t: TestApp, email: string, options: { planType?: "monthly" | "annual"; cookie?: string } = {}) {
    const created = await t.request("POST", "/api/create-subscription", { body: signupBody(email, options.planType), cookie: options.cookie });
    expect(created.status).toBe(200);
    const cookie = cookiesFrom(created).find((c) => c.startsWith("gordu_signup="))!;
    return {
      cookie,
      pending: t.db
        .select()
        .from(pendingSignups)
        .all()
        .find((p) => p.email === email)!,
    };
  }

  for (const [what, second] of [
    ["another email", { email: "second@example.com", planType: "monthly" }],
    ["the other plan", { email: "first@example.com", planType: "annual" }],
  ] as const) {
    test(`asking for ${what} cancels the first signup's subscription before its row goes`, async () => {
      const t = stripeApp();
      const first = await startSignup(t, "first@example.com");
      await startSignup(t, second.email, { planType: second.planType, cookie: first.cookie });

      expect(stripe.get(first.pending.stripeSubscriptionId!)!.status).toBe("canceled");
      const rows = t.db.select().from(pendingSignups).all();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.planType).toBe(second.planType);
      expect(stripe.get(rows[0]!.stripeSubscriptionId!)!.status).toBe("trialing");

      // The person pays in the older tab anyway: nothing can make an account of it, and nothing will be charged.
      stripe.succeedSetupIntent(first.pending.setupIntentId!);
      await deliver(t, stripeEvent("setup_intent.succeeded", stripe.get(first.pending.setupIntentId!)!));
      expect(t.db.select().from(users).all()).toHaveLength(0);
      expect(stripe.get(first.pending.stripeSubscriptionId!)!.status).toBe("canceled");
    });
  }

  test("hosted: a new Checkout page expires the earlier one, which can then no longer be paid", async () => {
    const t = stripeApp("hosted");
    const first = await startSignup(t, "hosted-twice@example.com");
    await startSignup(t, "hosted-twice@example.com", { cookie: first.cookie });
    const [older, newer] = stripe.objects("checkout.session");
    expect(stripe.requestsTo("POST", `/v1/checkout/sessions/${older!.id}/expire`)).toHaveLength(1);
    expect(older!.status).toBe("expired");
    expect(() => stripe.completeCheckout(older!.id)).toThrow("only an open one can be paid");
    expect(newer!.status).toBe("open");
  });

  test("hosted: a Checkout already paid but not yet finished here has its subscription cancelled when replaced", async () => {
    const t = stripeApp("hosted");
    const first = await startSignup(t, "paid-then-again@example.com");
    const { subscriptionId } = stripe.completeCheckout(first.pending.checkoutSessionId!);
    await startSignup(t, "other@example.com", { cookie: first.cookie });
    expect(stripe.get(subscriptionId)!.status).toBe("canceled");
    expect(stripe.requestsTo("POST", /\/expire$/)).toHaveLength(0);
  });

  test("if Stripe fails while withdrawing, nothing changes: 503, the first signup stays and can still be finished", async () => {
    const t = stripeApp();
    const first = await startSignup(t, "kept@example.com");
    stripe.failNext(500, { type: "api_error", message: "down" }, 5);
    const replaced = await t.request("POST", "/api/create-subscription", { body: signupBody("other@example.com"), cookie: first.cookie });
    expect(replaced.status).toBe(503);
    expect(
      t.db
        .select()
        .from(pendingSignups)
        .all()
        .map((p) => p.id),
    ).toEqual([first.pending.id]);
    expect(stripe.get(first.pending.stripeSubscriptionId!)!.status).toBe("trialing");

    stripe.succeedSetupIntent(first.pending.setupIntentId!);
    const completed = await t.request("POST", "/api/complete-subscription", { body: { email: "kept@example.com" }, cookie: first.cookie });
    expect(completed.status).toBe(200);
  }, 15_000);

  test("an abandoned signup whose cancellation failed keeps its row until a later purge cancels it", async () => {
    const { purgeAbandonedSignups } = await import("../../src/server/billing/abandoned-signups.ts");
    const t = stripeApp();
    const { pending } = await startSignup(t, "retry@example.com");
    t.clock.advance(DAY + 1000);
    stripe.failNext(500, { type: "api_error", message: "down" }, 5);
    await purgeAbandonedSignups(t.deps);
    expect(t.db.select().from(pendingSignups).all()).toHaveLength(1);

    await purgeAbandonedSignups(t.deps);
    expect(t.db.select().from(pendingSignups).all()).toHaveLength(0);
    expect(stripe.get(pending.stripeSubscriptionId!)!.status).toBe("canceled");
  }, 15_000);
});

describe("POST /api/stripe/webhook", () => {
  test("a valid event is applied, without any Origin header (the signature authenticates it)", async () => {
    const t = stripeApp();
    const { user } = await stripeSignup(t, "hook@example.com");
    stripe.setSubscription(user.stripeSubscriptionId!, { status: "past_due" });
    const response = await deliver(t, stripeEvent("customer.subscription.updated", stripe.get(user.stripeSubscriptionId!)!));
    expect(response.status).toBe(200);
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Past Due");
  });

  test("unsigned, tampered, stale and wrong-secret deliveries answer 400 and change nothing", async () => {
    const t = stripeApp();
    const { user } = await stripeSignup(t, "attack@example.com");
    stripe.setSubscription(user.stripeSubscriptionId!, { status: "canceled" });
    const event = stripeEvent("customer.subscription.deleted", stripe.get(user.stripeSubscriptionId!)!);
    const payload = JSON.stringify(event);

    expect((await deliver(t, event, null)).status).toBe(400);
    const tampered = await signed(payload.replace("customer.subscription.deleted", "customer.subscription.updated"));
    expect((await deliver(t, event, tampered)).status).toBe(400);
    expect((await deliver(t, event, await signed(payload, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }))).status).toBe(400);
    expect((await deliver(t, event, await signed(payload, { secret: "whsec_wrong" }))).status).toBe(400);
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Active");
    expect(t.db.select().from(stripeEvents).all()).toHaveLength(0);
  });

  test("a replayed event, and two identical deliveries at once, are applied once", async () => {
    const t = stripeApp();
    const { user } = await stripeSignup(t, "replay@example.com");
    stripe.setSubscription(user.stripeSubscriptionId!, { status: "past_due" });
    const invoice = { object: "invoice", id: "in_1", subscription: user.stripeSubscriptionId, customer: user.stripeCustomerId };
    const event = stripeEvent("invoice.payment_failed", invoice);
    const [a, b] = await Promise.all([deliver(t, event), deliver(t, event)]);
    const replay = await deliver(t, event);
    expect([a.status, b.status, replay.status]).toEqual([200, 200, 200]);
    expect((await json(replay)).duplicate).toBe(true);
    const owed = t.db
      .select()
      .from(emailOutbox)
      .all()
      .filter((m) => m.kind === "payment-failed");
    expect(owed).toHaveLength(1);
    expect(owed[0]!.subject).toBe("Your GoRDU payment didn't go through");
  });

  test("trial_will_end queues one 'trial ends soon' email naming the day; invoice.paid brings a past-due account back", async () => {
    const t = stripeApp();
    const { user } = await stripeSignup(t, "trial@example.com");
    const subscription = stripe.get(user.stripeSubscriptionId!)!;
    const trialEnd = Math.floor(new Date("2026-12-04T15:00:00Z").getTime() / 1000);
    const trialEvent = stripeEvent("customer.subscription.trial_will_end", { ...subscription, trial_end: trialEnd });
    await deliver(t, trialEvent);
    await deliver(t, trialEvent);
    const owed = t.db
      .select()
      .from(emailOutbox)
      .all()
      .filter((m) => m.kind === "trial-ending");
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ toAddress: "trial@example.com", subject: "Your GoRDU free trial ends soon" });
    expect(owed[0]!.textBody).toContain("Friday, December 4");

    stripe.setSubscription(user.stripeSubscriptionId!, { status: "past_due" });
    await deliver(t, stripeEvent("customer.subscription.updated", stripe.get(user.stripeSubscriptionId!)!));
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Past Due");
    stripe.setSubscription(user.stripeSubscriptionId!, { status: "active" });
    const invoice = { object: "invoice", id: "in_paid", subscription: user.stripeSubscriptionId, customer: user.stripeCustomerId };
    await deliver(t, stripeEvent("invoice.paid", invoice));
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Active");
  });

  test("events out of order end in Stripe's current state", async () => {
    const t = stripeApp();
    const { user } = await stripeSignup(t, "order@example.com");
    const id = user.stripeSubscriptionId!;
    const activeSnapshot = structuredClone(stripe.get(id)!);
    stripe.setSubscription(id, { status: "canceled" });
    await deliver(t, stripeEvent("customer.subscription.deleted", stripe.get(id)!));
    await deliver(t, stripeEvent("customer.subscription.updated", activeSnapshot));
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Cancelled");
  });

  test("an admin pause in Stripe (pause_collection) shows as Paused", async () => {
    const t = stripeApp();
    const { user } = await stripeSignup(t, "paused@example.com");
    stripe.setSubscription(user.stripeSubscriptionId!, { pause_collection: { behavior: "void" } });
    await deliver(t, stripeEvent("customer.subscription.updated", stripe.get(user.stripeSubscriptionId!)!));
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Paused");
  });

  test("a signup whose browser never came back becomes an account when setup_intent.succeeded arrives", async () => {
    const t = stripeApp();
    const created = await t.request("POST", "/api/create-subscription", { body: signupBody("gone@example.com") });
    const { clientSecret } = await json(created);
    const setupIntentId = clientSecret.split("_secret_")[0];
    stripe.succeedSetupIntent(setupIntentId);
    await deliver(t, stripeEvent("setup_intent.succeeded", stripe.get(setupIntentId)!));
    expect(t.db.select().from(users).get()).toMatchObject({ email: "gone@example.com", needsPasswordSetup: true });
    expect(
      t.db
        .select()
        .from(emailOutbox)
        .all()
        .map((m) => m.kind),
    ).toContain("welcome");
  });

  test("checkout.session.completed finishes a hosted signup", async () => {
    const t = stripeApp("hosted");
    await t.request("POST", "/api/create-subscription", { body: signupBody("checkout@example.com") });
    const sessionId = stripe.objects("checkout.session")[0]!.id;
    stripe.completeCheckout(sessionId);
    await deliver(t, stripeEvent("checkout.session.completed", stripe.get(sessionId)!));
    expect(t.db.select().from(users).get()).toMatchObject({ email: "checkout@example.com", planType: "monthly" });
  });

  test("a card update confirmed in Stripe becomes the default when its webhook arrives", async () => {
    const t = stripeApp();
    const { user, session } = await stripeSignup(t, "newcard@example.com");
    const { clientSecret } = await json(await t.request("POST", "/api/create-payment-update-intent", { cookie: session }));
    const setupIntentId = clientSecret.split("_secret_")[0];
    stripe.succeedSetupIntent(setupIntentId, { brand: "mastercard", last4: "4444" });
    await deliver(t, stripeEvent("setup_intent.succeeded", stripe.get(setupIntentId)!));
    expect(t.db.select().from(users).get()!.cardLast4).toBe("4444");
    expect(stripe.requestsTo("POST", `/v1/customers/${user.stripeCustomerId}`).at(-1)!.params).toMatchObject({
      invoice_settings: { default_payment_method: expect.stringMatching(/^pm_/) },
    });
  });
});

describe("admin subscription actions against Stripe", () => {
  async function withAdmin(t: TestApp) {
    const { createUser, signIn } = await import("../support/users.ts");
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null });
    return signIn(t, admin.email);
  }

  test("pause sets pause_collection, re-activate clears it, cancel deletes the subscription", async () => {
    const t = stripeApp();
    const cookie = await withAdmin(t);
    const { user } = await stripeSignup(t, "managed@example.com");
    const subscriptionPath = `/v1/subscriptions/${user.stripeSubscriptionId}`;

    const paused = await json(await t.request("PUT", `/api/admin/users/${user.id}`, { cookie, body: { subscriptionType: "Free" } }));
    expect(paused).toMatchObject({ subscriptionType: "Free", subscriptionStatus: "Paused" });
    expect(stripe.requestsTo("POST", subscriptionPath).at(-1)!.params).toMatchObject({ pause_collection: { behavior: "void" } });

    const resumed = await json(await t.request("POST", `/api/admin/users/${user.id}/reactivate-subscription`, { cookie }));
    expect(resumed.user.subscriptionStatus).toBe("Active");
    expect(stripe.requestsTo("POST", subscriptionPath).at(-1)!.params).toMatchObject({ pause_collection: "" });

    const cancelled = await json(await t.request("POST", `/api/admin/users/${user.id}/cancel-subscription`, { cookie }));
    expect(cancelled.user.subscriptionStatus).toBe("Cancelled");
    expect(stripe.requestsTo("DELETE", subscriptionPath)).toHaveLength(1);
  });

  test("after Cancel then Re-activate, a late event about the old subscription leaves the new one alone", async () => {
    const t = stripeApp();
    const cookie = await withAdmin(t);
    const { user } = await stripeSignup(t, "late@example.com");
    const oldId = user.stripeSubscriptionId!;
    await t.request("POST", `/api/admin/users/${user.id}/cancel-subscription`, { cookie });
    const reactivated = await t.request("POST", `/api/admin/users/${user.id}/reactivate-subscription`, { cookie });
    expect(reactivated.status).toBe(200);
    const newId = t.db
      .select()
      .from(users)
      .all()
      .find((u) => u.id === user.id)!.stripeSubscriptionId!;
    expect(newId).not.toBe(oldId);

    for (const type of ["customer.subscription.deleted", "customer.subscription.updated", "customer.subscription.trial_will_end"]) {
      expect((await deliver(t, stripeEvent(type, stripe.get(oldId)!))).status).toBe(200);
    }
    const after = t.db
      .select()
      .from(users)
      .all()
      .find((u) => u.id === user.id)!;
    expect(after).toMatchObject({ stripeSubscriptionId: newId, subscriptionStatus: "Active" });
    expect(
      t.db
        .select()
        .from(emailOutbox)
        .all()
        .filter((m) => m.kind === "trial-ending"),
    ).toHaveLength(0);

    stripe.setSubscription(newId, { status: "past_due" });
    await deliver(t, stripeEvent("customer.subscription.updated", stripe.get(newId)!));
    expect(
      t.db
        .select()
        .from(users)
        .all()
        .find((u) => u.id === user.id)!.subscriptionStatus,
    ).toBe("Past Due");
  });

  test("deleting a user cancels in Stripe first; if Stripe fails nothing is deleted", async () => {
    const t = stripeApp();
    const cookie = await withAdmin(t);
    const { user } = await stripeSignup(t, "delete@example.com");
    stripe.failNext(500, { type: "api_error", message: "down" }, 5);
    expect((await t.request("DELETE", `/api/admin/users/${user.id}`, { cookie })).status).toBe(503);
    expect(
      t.db
        .select()
        .from(users)
        .all()
        .some((u) => u.id === user.id),
    ).toBe(true);

    expect((await t.request("DELETE", `/api/admin/users/${user.id}`, { cookie })).status).toBe(200);
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${user.stripeSubscriptionId}`).length).toBeGreaterThan(0);
    expect(
      t.db
        .select()
        .from(users)
        .all()
        .some((u) => u.id === user.id),
    ).toBe(false);
  }, 15_000);
});
