import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { BillingUnavailableError, CardDeclinedError, type SignupInput } from "../../src/server/billing/billing.ts";
import { StripeBilling } from "../../src/server/billing/stripe-billing.ts";
import { parseStripeParams, startStripeServer, stripeEvent, stripeTestConfig } from "../support/stripe-server.ts";

const NOW = new Date("2026-11-22T15:00:00Z");
const NOW_S = NOW.getTime() / 1000;
const DAY_S = 86_400;

const server = startStripeServer({ now: () => NOW });
const config = stripeTestConfig(server);
const billing = new StripeBilling(config, { timeoutMs: 2_000 });

afterAll(() => server.stop());
beforeEach(() => server.reset());

let signupCounter = 0;
function signupInput(overrides: Partial<SignupInput> = {}): SignupInput {
  return { pendingSignupId: `ps_${++signupCounter}`, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", planType: "monthly", ...overrides };
}

/** A signup whose card the browser has confirmed, as after step 2 of /subscribe. */
async function confirmedSignup(overrides: Partial<SignupInput> = {}) {
  const signup = await billing.startEmbeddedSignup(signupInput(overrides));
  const paymentMethodId = server.succeedSetupIntent(signup.setupIntentId);
  return { ...signup, paymentMethodId };
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail");
}

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
      card: { brand: "mastercard", last4: "4444" },
    });
    expect(server.requestsTo("GET", `/v1/setup_intents/${signup.setupIntentId}`).map((r) => r.params)).toEqual([
      { expand: ["payment_method"] },
      { expand: ["payment_method"] },
    ]);
  });
});

describe("StripeBilling subscription snapshots", () => {
  test("a confirmed signup reads as a trialing monthly subscription with its card, dates converted from unix seconds", async () => {
    const signup = await confirmedSignup();

    const snapshot = await billing.getSubscription(signup.subscriptionId);

    const trialEnd = new Date((NOW_S + 7 * DAY_S) * 1000);
    expect(snapshot).toEqual({
      id: signup.subscriptionId,
      customerId: signup.customerId,
      status: "trialing",
      paused: false,
      planType: "monthly",
      trialEnd,
      currentPeriodEnd: trialEnd,
      cancelAtPeriodEnd: false,
      card: { brand: "visa", last4: "4242" },
    });
    const [request] = server.requestsTo("GET", `/v1/subscriptions/${signup.subscriptionId}`);
    expect(request?.params).toEqual({ expand: ["default_payment_method"] });
  });

  test("the current period end is read from the subscription item, where recent API versions keep it", async () => {
    const signup = await confirmedSignup();
    server.setSubscription(signup.subscriptionId, { status: "active", current_period_start: NOW_S, current_period_end: NOW_S + 30 * DAY_S });

    const snapshot = await billing.getSubscription(signup.subscriptionId);
    expect(snapshot.status).toBe("active");
    expect(snapshot.currentPeriodEnd).toEqual(new Date((NOW_S + 30 * DAY_S) * 1000));
    expect(server.get(signup.subscriptionId)?.current_period_end).toBeUndefined();
  });

  test("the current period end falls back to the subscription's own field when the item has none (older API versions)", async () => {
    const signup = await confirmedSignup();
    const stored = server.get(signup.subscriptionId)!;
    delete stored.items.data[0].current_period_end;
    stored.current_period_end = NOW_S + 3 * DAY_S;

    expect((await billing.getSubscription(signup.subscriptionId)).currentPeriodEnd).toEqual(new Date((NOW_S + 3 * DAY_S) * 1000));
  });

  test("the plan comes from our price ids, else from the metadata, else it is unknown", async () => {
    const signup = await confirmedSignup({ planType: "annual" });
    expect((await billing.getSubscription(signup.subscriptionId)).planType).toBe("annual");

    const stored = server.get(signup.subscriptionId)!;
    stored.items.data[0].price.id = "price_from_an_old_catalogue";
    stored.metadata = { planType: "monthly" };
    expect((await billing.getSubscription(signup.subscriptionId)).planType).toBe("monthly");

    stored.metadata = {};
    expect((await billing.getSubscription(signup.subscriptionId)).planType).toBeNull();
  });

  test("a subscription without a trial or a card reads with null trial end and null card", async () => {
    const signup = await billing.startEmbeddedSignup(signupInput());
    server.setSubscription(signup.subscriptionId, { status: "past_due", trial_end: null });

    const snapshot = await billing.getSubscription(signup.subscriptionId);
    expect(snapshot.trialEnd).toBeNull();
    expect(snapshot.card).toBeNull();
    expect(snapshot.status).toBe("past_due");
  });

  test("paused follows Stripe's pause_collection, whoever set it", async () => {
    const signup = await confirmedSignup();
    server.setSubscription(signup.subscriptionId, { pause_collection: { behavior: "keep_as_draft", resumes_at: null } });
    expect((await billing.getSubscription(signup.subscriptionId)).paused).toBe(true);
    server.setSubscription(signup.subscriptionId, { pause_collection: null });
    expect((await billing.getSubscription(signup.subscriptionId)).paused).toBe(false);
  });

  test("an unknown subscription is a plain error saying so, not an outage", async () => {
    const error = await rejectionOf(billing.getSubscription("sub_missing"));
    expect(error).not.toBeInstanceOf(BillingUnavailableError);
    expect(error).not.toBeInstanceOf(CardDeclinedError);
    expect(error.message).toBe("No such subscription: 'sub_missing'");
  });
});

describe("StripeBilling subscription changes", () => {
  test("cancel at period end, then undo it, sends cancel_at_period_end and returns the new state", async () => {
    const signup = await confirmedSignup();
    const path = `/v1/subscriptions/${signup.subscriptionId}`;

    const cancelled = await billing.cancelAtPeriodEnd(signup.subscriptionId);
    expect(cancelled.cancelAtPeriodEnd).toBe(true);
    expect(cancelled.status).toBe("trialing");
    expect(cancelled.card).toEqual({ brand: "visa", last4: "4242" });

    const restored = await billing.undoCancelAtPeriodEnd(signup.subscriptionId);
    expect(restored.cancelAtPeriodEnd).toBe(false);

    expect(server.requestsTo("POST", path).map((r) => r.params)).toEqual([
      { cancel_at_period_end: "true", expand: ["default_payment_method"] },
      { cancel_at_period_end: "false", expand: ["default_payment_method"] },
    ]);
  });

  test("cancel now deletes the subscription at Stripe", async () => {
    const signup = await confirmedSignup({ planType: "annual" });

    const snapshot = await billing.cancelNow(signup.subscriptionId);
    expect(snapshot.status).toBe("canceled");
    expect(snapshot.cancelAtPeriodEnd).toBe(false);
    expect(server.requestsTo("DELETE", `/v1/subscriptions/${signup.subscriptionId}`)).toHaveLength(1);
    expect(server.get(signup.subscriptionId)?.status).toBe("canceled");
  });

  test("pause voids invoices through pause_collection and resume unsets it with an empty value", async () => {
    const signup = await confirmedSignup();
    const path = `/v1/subscriptions/${signup.subscriptionId}`;

    expect((await billing.pause(signup.subscriptionId)).paused).toBe(true);
    expect(server.get(signup.subscriptionId)?.pause_collection).toEqual({ behavior: "void", resumes_at: null });
    expect((await billing.resume(signup.subscriptionId)).paused).toBe(false);
    expect(server.get(signup.subscriptionId)?.pause_collection).toBeNull();

    expect(server.requestsTo("POST", path).map((r) => r.params)).toEqual([
      { pause_collection: { behavior: "void" }, expand: ["default_payment_method"] },
      { pause_collection: "", expand: ["default_payment_method"] },
    ]);
  });

  test("a new subscription for a returning customer has no trial and charges the card they saved at signup", async () => {
    const signup = await confirmedSignup();
    await billing.cancelNow(signup.subscriptionId);

    const snapshot = await billing.startNewSubscription(signup.customerId, "annual");

    const [request] = server.requestsTo("POST", "/v1/subscriptions").slice(-1);
    expect(request?.params).toEqual({
      customer: signup.customerId,
      items: [{ price: "price_annual_test" }],
      payment_behavior: "error_if_incomplete",
      default_payment_method: signup.paymentMethodId,
      metadata: { planType: "annual" },
      expand: ["default_payment_method"],
    });
    expect(snapshot.status).toBe("active");
    expect(snapshot.planType).toBe("annual");
    expect(snapshot.trialEnd).toBeNull();
    expect(snapshot.currentPeriodEnd).toEqual(new Date("2027-11-22T15:00:00Z"));
    expect(snapshot.card).toEqual({ brand: "visa", last4: "4242" });
  });

  test("a new subscription prefers the customer's default card", async () => {
    const signup = await confirmedSignup();
    const update = await billing.createPaymentUpdateIntent(signup.customerId);
    const newCard = server.succeedSetupIntent(update.setupIntentId, { brand: "amex", last4: "0005" });
    await billing.setDefaultPaymentMethod({ customerId: signup.customerId, subscriptionId: null, setupIntentId: update.setupIntentId });

    const snapshot = await billing.startNewSubscription(signup.customerId, "monthly");
    expect(server.requestsTo("POST", "/v1/subscriptions").at(-1)?.params.default_payment_method).toBe(newCard);
    expect(snapshot.card).toEqual({ brand: "amex", last4: "0005" });
    expect(snapshot.currentPeriodEnd).toEqual(new Date("2026-12-22T15:00:00Z"));
  });

  test("a declined card on a new subscription is a CardDeclinedError with Stripe's message", async () => {
    const signup = await confirmedSignup();
    server.failNext(402, { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." });

    const error = await rejectionOf(billing.startNewSubscription(signup.customerId, "monthly"));
    expect(error).toBeInstanceOf(CardDeclinedError);
    expect(error.message).toBe("Your card was declined.");
  });
});

describe("StripeBilling card updates", () => {
  test("a payment update intent is an off-session SetupIntent for the customer", async () => {
    const signup = await confirmedSignup();

    const update = await billing.createPaymentUpdateIntent(signup.customerId);

    expect(update.setupIntentId).toStartWith("seti_");
    expect(update.clientSecret).toBe(server.get(update.setupIntentId)?.client_secret);
    expect(server.requestsTo("POST", "/v1/setup_intents")[0]?.params).toEqual({
      customer: signup.customerId,
      usage: "off_session",
      automatic_payment_methods: { enabled: "true" },
      metadata: { purpose: "payment_update" },
    });
  });

  test("a confirmed card becomes the default for the customer and the subscription", async () => {
    const signup = await confirmedSignup();
    const update = await billing.createPaymentUpdateIntent(signup.customerId);
    const newCard = server.succeedSetupIntent(update.setupIntentId, { brand: "mastercard", last4: "4444" });

    const card = await billing.setDefaultPaymentMethod({
      customerId: signup.customerId,
      subscriptionId: signup.subscriptionId,
      setupIntentId: update.setupIntentId,
    });

    expect(card).toEqual({ brand: "mastercard", last4: "4444" });
    expect(server.requestsTo("POST", `/v1/customers/${signup.customerId}`)[0]?.params).toEqual({ invoice_settings: { default_payment_method: newCard } });
    expect(server.requestsTo("POST", `/v1/subscriptions/${signup.subscriptionId}`)[0]?.params).toEqual({ default_payment_method: newCard });
    expect((await billing.getSubscription(signup.subscriptionId)).card).toEqual({ brand: "mastercard", last4: "4444" });
  });

  test("an unconfirmed intent, or another customer's, changes nothing", async () => {
    const signup = await confirmedSignup();
    const unconfirmed = await billing.createPaymentUpdateIntent(signup.customerId);
    expect(
      await billing.setDefaultPaymentMethod({ customerId: signup.customerId, subscriptionId: signup.subscriptionId, setupIntentId: unconfirmed.setupIntentId }),
    ).toBeNull();

    const stranger = await confirmedSignup({ email: "grace@example.com" });
    const strangersUpdate = await billing.createPaymentUpdateIntent(stranger.customerId);
    server.succeedSetupIntent(strangersUpdate.setupIntentId);
    expect(
      await billing.setDefaultPaymentMethod({
        customerId: signup.customerId,
        subscriptionId: signup.subscriptionId,
        setupIntentId: strangersUpdate.setupIntentId,
      }),
    ).toBeNull();

    expect(server.requestsTo("POST", /^\/v1\/customers\/.+/)).toHaveLength(0);
    expect(server.requestsTo("POST", /^\/v1\/subscriptions\/.+/)).toHaveLength(0);
  });
});

describe("StripeBilling hosted checkout", () => {
  const hosted = (input: SignupInput) =>
    billing.startHostedCheckout({
      ...input,
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
    expect(snapshot.card).toEqual({ brand: "visa", last4: "4242" });
  });

  test("the signup id falls back to client_reference_id when the session has no metadata", async () => {
    const input = signupInput();
    const checkout = await hosted(input);
    server.get(checkout.sessionId)!.metadata = {};
    expect((await billing.getCheckoutSession(checkout.sessionId)).pendingSignupId).toBe(input.pendingSignupId);
  });
});

describe("StripeBilling when Stripe is in trouble", () => {
  test("a 500 is retried with the same idempotency key and, if it clears, creates one customer", async () => {
    server.failNext(500, { type: "api_error", message: "An unknown error occurred" });
    const input = signupInput();

    await billing.startEmbeddedSignup(input);

    const attempts = server.requestsTo("POST", "/v1/customers");
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);
    expect(attempts.map((r) => r.idempotencyKey)).toEqual([`${input.pendingSignupId}:customer`, `${input.pendingSignupId}:customer`]);
    expect(server.objects("customer")).toHaveLength(1);
  });

  test("a 500 that persists is retried twice, then reported as unavailable", async () => {
    server.failNext(500, { type: "api_error", message: "An unknown error occurred" }, 3);

    const error = await rejectionOf(billing.startEmbeddedSignup(signupInput()));

    expect(error).toBeInstanceOf(BillingUnavailableError);
    expect(server.requestsTo("POST", "/v1/customers").map((r) => r.status)).toEqual([500, 500, 500]);
    expect(server.objects("customer")).toHaveLength(0);
  });

  test("a 429 rate limit is reported as unavailable at once", async () => {
    server.failNext(429, { type: "invalid_request_error", code: "rate_limit", message: "Too many requests made to the API too quickly" });

    const error = await rejectionOf(billing.startEmbeddedSignup(signupInput()));

    expect(error).toBeInstanceOf(BillingUnavailableError);
    expect(server.requests).toHaveLength(1);
  });

  test("a 429 that Stripe says to retry (a lock timeout) is retried", async () => {
    server.failNext(429, { type: "invalid_request_error", code: "lock_timeout", message: "This object cannot be accessed right now", shouldRetry: true });

    await billing.startEmbeddedSignup(signupInput());

    expect(server.requestsTo("POST", "/v1/customers").map((r) => r.status)).toEqual([429, 200]);
  });

  test("Stripe answering slower than the timeout is reported as unavailable", async () => {
    const impatient = new StripeBilling(config, { timeoutMs: 150 });
    server.hangNext(5_000, 3);

    const error = await rejectionOf(impatient.getSubscription("sub_anything"));

    expect(error).toBeInstanceOf(BillingUnavailableError);
    expect(error.message).toContain("timeout");
    expect(server.requests).toHaveLength(3);
  });

  test("Stripe not listening at all is reported as unavailable", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const port = closed.port ?? 0;
    closed.stop(true);
    const unreachable = new StripeBilling({ ...config, apiBase: { host: "127.0.0.1", port, protocol: "http" } }, { timeoutMs: 500 });

    expect(await rejectionOf(unreachable.getSubscription("sub_anything"))).toBeInstanceOf(BillingUnavailableError);
  });

  test("a wrong API key is reported as unavailable", async () => {
    const misconfigured = new StripeBilling({ ...config, secretKey: "sk_test_wrong" });

    const error = await rejectionOf(misconfigured.startEmbeddedSignup(signupInput()));

    expect(error).toBeInstanceOf(BillingUnavailableError);
    expect(server.objects("customer")).toHaveLength(0);
  });
});

describe("StripeBilling webhook verification", () => {
  const secret = config.webhookSecret;
  const body = JSON.stringify(stripeEvent("customer.subscription.updated", { id: "sub_local1", object: "subscription", status: "active" }), null, 2);
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? secret, timestamp: options.timestamp });

  test("a correctly signed event passes and is parsed", async () => {
    const event = await billing.verifyWebhook(body, await sign(body));
    expect(event.type).toBe("customer.subscription.updated");
    expect(event.id).toBe(JSON.parse(body).id);
  });

  test("an event without a signature is refused", async () => {
    expect(await rejectionOf(billing.verifyWebhook(body, null))).toBeInstanceOf(Error);
    expect(await rejectionOf(billing.verifyWebhook(body, ""))).toBeInstanceOf(Error);
  });

  test("a body changed after signing is refused", async () => {
    const signature = await sign(body);
    const tampered = body.replace('"active"', '"canceled"');
    expect(await rejectionOf(billing.verifyWebhook(tampered, signature))).toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
  });

  test("an event signed more than five minutes ago is refused", async () => {
    const signature = await sign(body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(await rejectionOf(billing.verifyWebhook(body, signature))).toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
  });

  test("an event signed with another secret is refused", async () => {
    const signature = await sign(body, { secret: "whsec_someone_else" });
    expect(await rejectionOf(billing.verifyWebhook(body, signature))).toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
  });
});
