import { describe, expect, test } from "bun:test";
import type { SignupInput } from "../../src/server/billing/billing.ts";
import { stripeBillingFixture } from "../support/stripe-billing-fixture.ts";
import { parseStripeParams } from "../support/stripe-server.ts";

const { server, billing, signupInput } = stripeBillingFixture();

describe("the fake Stripe server's form parsing", () => {
  test("bracket notation becomes nested objects and arrays, values stay strings", () => {
    const params = parseStripeParams(
      new URLSearchParams(
        "items[0][price]=p1&items[1][price]=p2&expand[]=a&expand[]=b&payment_settings[save_default_payment_method]=on_subscription&pause_collection=&n=7",
      ),
    );
    expect(params).toEqual({
      items: [{ price: "p1" }, { price: "p2" }],
      expand: ["a", "b"],
      payment_settings: { save_default_payment_method: "on_subscription" },
      pause_collection: "",
      n: "7",
    });
  });
});

describe("StripeBilling embedded signup", () => {
  test("it creates a customer with the signup id as idempotency key and metadata", async () => {
    const input = signupInput();
    await billing.startEmbeddedSignup(input);

    const [request] = server.requestsTo("POST", "/v1/customers");
    expect(request?.params).toEqual({ email: "ada@example.com", name: "Ada Lovelace", metadata: { pendingSignupId: input.pendingSignupId } });
    expect(request?.idempotencyKey).toBe(`${input.pendingSignupId}:customer`);
  });

  test("it creates a 7-day trial that collects the card through the subscription's pending SetupIntent", async () => {
    const input = signupInput();
    const signup = await billing.startEmbeddedSignup(input);

    const [request] = server.requestsTo("POST", "/v1/subscriptions");
    expect(request?.params).toEqual({
      customer: signup.customerId,
      items: [{ price: "price_monthly_test" }],
      trial_period_days: "7",
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
      expand: ["pending_setup_intent"],
      metadata: { pendingSignupId: input.pendingSignupId, planType: "monthly" },
    });
    expect(request?.idempotencyKey).toBe(`${input.pendingSignupId}:subscription`);

    const intent = server.get(signup.setupIntentId);
    expect(signup.setupIntentId).toStartWith("seti_");
    expect(signup.clientSecret).toStartWith(`${signup.setupIntentId}_secret_`);
    expect(signup.clientSecret).toBe(intent?.client_secret);
    expect(server.get(signup.subscriptionId)?.pending_setup_intent).toBe(signup.setupIntentId);
  });

  test("the annual plan subscribes to the annual price", async () => {
    await billing.startEmbeddedSignup(signupInput({ planType: "annual" }));
    const [request] = server.requestsTo("POST", "/v1/subscriptions");
    expect(request?.params.items).toEqual([{ price: "price_annual_test" }]);
    expect(request?.params.metadata.planType).toBe("annual");
  });

  test("starting the same signup twice, one after the other, makes one customer and one subscription", async () => {
    const input = signupInput();
    const first = await billing.startEmbeddedSignup(input);
    const second = await billing.startEmbeddedSignup(input);

    expect(second).toEqual(first);
    expect(server.objects("customer")).toHaveLength(1);
    expect(server.objects("subscription")).toHaveLength(1);
    expect(server.objects("setup_intent")).toHaveLength(1);
  });

  test("starting the same signup twice at once (a double click) makes one customer and one subscription", async () => {
    const input = signupInput();
    const [first, second] = await Promise.all([billing.startEmbeddedSignup(input), billing.startEmbeddedSignup(input)]);

    expect(second).toEqual(first);
    expect(server.objects("customer")).toHaveLength(1);
    expect(server.objects("subscription")).toHaveLength(1);
  });

  test("two different signups make two customers", async () => {
    await billing.startEmbeddedSignup(signupInput());
    await billing.startEmbeddedSignup(signupInput());
    expect(server.objects("customer")).toHaveLength(2);
  });
});

describe("StripeBilling setup intents", () => {
  test("a setup intent waits for a card until the browser confirms one, then reports it", async () => {
    const signup = await billing.startEmbeddedSignup(signupInput());

    expect(await billing.getSetupIntent(signup.setupIntentId)).toEqual({
      id: signup.setupIntentId,
      status: "requires_payment_method",
      customerId: signup.customerId,
      card: null,
    });

    server.succeedSetupIntent(signup.setupIntentId, { brand: "mastercard", last4: "4444" });
    expect(await billing.getSetupIntent(signup.setupIntentId)).toEqual({
      id: signup.setupIntentId,
      status: "succeeded",
      customerId: signup.customerId,
      card: { brand: "mastercard", last4: "4444", fingerprint: expect.any(String) },
    });
    expect(server.requestsTo("GET", `/v1/setup_intents/${signup.setupIntentId}`).map((r) => r.params)).toEqual([
      { expand: ["payment_method"] },
      { expand: ["payment_method"] },
    ]);
  });
});

describe("StripeBilling hosted checkout", () => {
  const hosted = (input: SignupInput) =>
    billing.startHostedCheckout({
      ...input,
      freeTrial: true,
      successUrl: "http://localhost:3000/dashboard?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: `http://localhost:3000/subscribe?plan=${input.planType}`,
    });

  test("it opens a subscription Checkout Session with a 7-day trial, always collecting a card", async () => {
    const input = signupInput({ planType: "annual" });
    const checkout = await hosted(input);

    const [request] = server.requestsTo("POST", "/v1/checkout/sessions");
    expect(request?.params).toEqual({
      mode: "subscription",
      customer_email: "ada@example.com",
      line_items: [{ price: "price_annual_test", quantity: "1" }],
      subscription_data: {
        trial_period_days: "7",
        trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
        metadata: { pendingSignupId: input.pendingSignupId, planType: "annual" },
      },
      payment_method_collection: "always",
      success_url: "http://localhost:3000/dashboard?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/subscribe?plan=annual",
      client_reference_id: input.pendingSignupId,
      metadata: { pendingSignupId: input.pendingSignupId, planType: "annual" },
    });
    expect(request?.idempotencyKey).toBe(`${input.pendingSignupId}:checkout`);
    expect(checkout.sessionId).toStartWith("cs_test_");
    expect(checkout.sessionUrl).toBe(`https://checkout.stripe.com/c/pay/${checkout.sessionId}`);
  });

  test("the same signup asking twice gets the same session", async () => {
    const input = signupInput();
    const [first, second] = await Promise.all([hosted(input), hosted(input)]);
    expect(second).toEqual(first);
    expect(server.objects("checkout.session")).toHaveLength(1);
  });

  test("a session reads as incomplete until the customer pays, then names the customer, subscription and signup", async () => {
    const input = signupInput();
    const checkout = await hosted(input);

    expect(await billing.getCheckoutSession(checkout.sessionId)).toEqual({
      id: checkout.sessionId,
      complete: false,
      customerId: null,
      subscriptionId: null,
      pendingSignupId: input.pendingSignupId,
    });

    const paid = server.completeCheckout(checkout.sessionId);
    expect(await billing.getCheckoutSession(checkout.sessionId)).toEqual({
      id: checkout.sessionId,
      complete: true,
      customerId: paid.customerId,
      subscriptionId: paid.subscriptionId,
      pendingSignupId: input.pendingSignupId,
    });
    const snapshot = await billing.getSubscription(paid.subscriptionId);
    expect(snapshot.status).toBe("trialing");
    expect(snapshot.planType).toBe("monthly");
    expect(snapshot.card).toEqual({ brand: "visa", last4: "4242", fingerprint: expect.any(String) });
  });

  test("the signup id falls back to client_reference_id when the session has no metadata", async () => {
    const input = signupInput();
    const checkout = await hosted(input);
    server.get(checkout.sessionId)!.metadata = {};
    expect((await billing.getCheckoutSession(checkout.sessionId)).pendingSignupId).toBe(input.pendingSignupId);
  });
});
