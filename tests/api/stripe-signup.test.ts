import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { pendingSignups, users } from "../../db/schema.ts";
import { deliverWebhook, stripeApp, stripeSubscriber } from "../support/stripe-app.ts";
import { startStripeServer, stripeEvent, type StripeServer } from "../support/stripe-server.ts";
import { json, type TestApp } from "../support/test-app.ts";
import { signupBody, signupCode, startSignup as startSignupWithCode } from "../support/signup.ts";

let stripe: StripeServer;
beforeAll(() => {
  stripe = startStripeServer();
});
afterAll(() => stripe.stop());
beforeEach(() => stripe.reset());

describe("signup with Stripe", () => {
  test("creates a customer and a 7-day trial subscription and answers its SetupIntent's client secret", async () => {
    const t = stripeApp(stripe);
    const { user } = await stripeSubscriber(t, stripe, "stripe@example.com");
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
    const t = stripeApp(stripe);
    const { cookie } = await startSignupWithCode(t, "once@example.com");
    const code = signupCode(t, "once@example.com");
    await Promise.all([1, 2].map(() => t.request("POST", "/api/create-subscription", { body: { code }, cookie })));
    expect(stripe.objects("customer")).toHaveLength(1);
    expect(stripe.objects("subscription")).toHaveLength(1);
  });

  for (const [what, setUp] of [
    ["answers 500", () => stripe.failNext(500, { type: "api_error", message: "Stripe broke" }, 5)],
    ["rate-limits (429)", () => stripe.failNext(429, { type: "invalid_request_error", code: "rate_limit", message: "Too many requests" }, 5)],
    ["times out", () => stripe.hangNext(1000, 5)],
  ] as const) {
    test(`when Stripe ${what} during signup: a clear 503 and no half-created local state`, async () => {
      const t = stripeApp(stripe);
      setUp();
      const { cookie, created: response } = await startSignupWithCode(t, "down@example.com");
      expect(response.status).toBe(503);
      expect((await json(response)).error).toContain("payment provider is not responding");
      expect(t.db.select().from(pendingSignups).all()).toMatchObject([{ stripeCustomerId: null, stripeSubscriptionId: null, clientSecret: null }]);
      expect(t.db.select().from(users).all()).toHaveLength(0);

      // The address stays confirmed: once Stripe answers again, the same step goes through.
      stripe.reset();
      const retried = await t.request("POST", "/api/create-subscription", { body: { code: "no longer needed" }, cookie });
      expect(retried.status).toBe(200);
      expect((await json(retried)).clientSecret).toContain("_secret_");
    }, 15_000);
  }

  test("hosted checkout answers a session URL and completes back on the dashboard", async () => {
    const t = stripeApp(stripe, "hosted");
    const { cookie, created } = await startSignupWithCode(t, "hosted@example.com", { planType: "annual" });
    const { sessionUrl, freeTrial } = await json(created);
    expect(freeTrial).toBe(true);
    expect(sessionUrl).toStartWith("https://checkout.stripe.com/");
    const [request] = stripe.requestsTo("POST", "/v1/checkout/sessions");
    expect(request!.params).toMatchObject({
      mode: "subscription",
      success_url: "http://localhost:3000/dashboard?session_id={CHECKOUT_SESSION_ID}",
      subscription_data: { trial_period_days: "7" },
    });
    const sessionId = stripe.objects("checkout.session")[0]!.id;
    expect((await t.request("POST", "/api/complete-checkout", { body: { sessionId }, cookie })).status).toBe(402);
    stripe.completeCheckout(sessionId);
    const completed = await t.request("POST", "/api/complete-checkout", { body: { sessionId }, cookie });
    expect(completed.status).toBe(200);
    expect((await json(completed)).user).toMatchObject({ email: "hosted@example.com", planType: "annual", needsPasswordSetup: true });
  });

  test("the test-billing confirmation route does not exist when Stripe is configured", async () => {
    const t = stripeApp(stripe);
    const response = await t.request("POST", "/api/test-billing/confirm-setup", {
      body: { clientSecret: "seti_x_secret_y", cardNumber: "4242424242424242", expMonth: 1, expYear: 2030, cvc: "123" },
    });
    expect(response.status).toBe(404);
  });
});

describe("a signup replaced in the same browser can never be charged", () => {
  const DAY = 24 * 60 * 60_000;

  async function startSignup(t: TestApp, email: string, options: { planType?: "monthly" | "annual"; cookie?: string } = {}) {
    const { cookie, created } = await startSignupWithCode(t, email, options);
    expect(created.status).toBe(200);
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
      const t = stripeApp(stripe);
      const first = await startSignup(t, "first@example.com");
      await startSignup(t, second.email, { planType: second.planType, cookie: first.cookie });

      expect(stripe.get(first.pending.stripeSubscriptionId!)!.status).toBe("canceled");
      const rows = t.db.select().from(pendingSignups).all();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.planType).toBe(second.planType);
      expect(stripe.get(rows[0]!.stripeSubscriptionId!)!.status).toBe("trialing");

      // The person pays in the older tab anyway: nothing can make an account of it, and nothing will be charged.
      stripe.succeedSetupIntent(first.pending.setupIntentId!);
      await deliverWebhook(t, stripeEvent("setup_intent.succeeded", stripe.get(first.pending.setupIntentId!)!));
      expect(t.db.select().from(users).all()).toHaveLength(0);
      expect(stripe.get(first.pending.stripeSubscriptionId!)!.status).toBe("canceled");
    });
  }

  test("hosted: a new Checkout page expires the earlier one, which can then no longer be paid", async () => {
    const t = stripeApp(stripe, "hosted");
    const first = await startSignup(t, "hosted-twice@example.com");
    await startSignup(t, "hosted-twice@example.com", { cookie: first.cookie });
    const [older, newer] = stripe.objects("checkout.session");
    expect(stripe.requestsTo("POST", `/v1/checkout/sessions/${older!.id}/expire`)).toHaveLength(1);
    expect(older!.status).toBe("expired");
    expect(() => stripe.completeCheckout(older!.id)).toThrow("only an open one can be paid");
    expect(newer!.status).toBe("open");
  });

  test("hosted: a Checkout already paid but not yet finished here has its subscription cancelled when replaced", async () => {
    const t = stripeApp(stripe, "hosted");
    const first = await startSignup(t, "paid-then-again@example.com");
    const { subscriptionId } = stripe.completeCheckout(first.pending.checkoutSessionId!);
    await startSignup(t, "other@example.com", { cookie: first.cookie });
    expect(stripe.get(subscriptionId)!.status).toBe("canceled");
    expect(stripe.requestsTo("POST", /\/expire$/)).toHaveLength(0);
  });

  test("if Stripe fails while withdrawing, nothing changes: 503, the first signup stays and can still be finished", async () => {
    const t = stripeApp(stripe);
    const first = await startSignup(t, "kept@example.com");
    stripe.failNext(500, { type: "api_error", message: "down" }, 5);
    const replaced = await t.request("POST", "/api/start-signup", { body: signupBody("other@example.com"), cookie: first.cookie });
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
    const t = stripeApp(stripe);
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
