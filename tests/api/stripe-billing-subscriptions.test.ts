import { describe, expect, test } from "bun:test";
import { BillingUnavailableError, CardDeclinedError } from "../../src/server/billing/billing.ts";
import { DAY_S, NOW_S, rejectionOf, stripeBillingFixture } from "../support/stripe-billing-fixture.ts";

const { server, billing, signupInput, confirmedSignup } = stripeBillingFixture();

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
      resumesAt: null,
      memberPauseEndsAt: null,
      planType: "monthly",
      trialEnd,
      currentPeriodEnd: trialEnd,
      cancelAtPeriodEnd: false,
      card: { brand: "visa", last4: "4242", fingerprint: expect.any(String) },
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
    expect(cancelled.card).toEqual({ brand: "visa", last4: "4242", fingerprint: expect.any(String) });

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
    expect(snapshot.card).toEqual({ brand: "visa", last4: "4242", fingerprint: expect.any(String) });
  });

  test("a new subscription prefers the customer's default card", async () => {
    const signup = await confirmedSignup();
    const update = await billing.createPaymentUpdateIntent(signup.customerId);
    const newCard = server.succeedSetupIntent(update.setupIntentId, { brand: "amex", last4: "0005" });
    await billing.setDefaultPaymentMethod({ customerId: signup.customerId, subscriptionId: null, setupIntentId: update.setupIntentId });

    const snapshot = await billing.startNewSubscription(signup.customerId, "monthly");
    expect(server.requestsTo("POST", "/v1/subscriptions").at(-1)?.params.default_payment_method).toBe(newCard);
    expect(snapshot.card).toEqual({ brand: "amex", last4: "0005", fingerprint: expect.any(String) });
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

    expect(card).toEqual({ brand: "mastercard", last4: "4444", fingerprint: expect.any(String) });
    expect(server.requestsTo("POST", `/v1/customers/${signup.customerId}`)[0]?.params).toEqual({ invoice_settings: { default_payment_method: newCard } });
    expect(server.requestsTo("POST", `/v1/subscriptions/${signup.subscriptionId}`)[0]?.params).toEqual({ default_payment_method: newCard });
    expect((await billing.getSubscription(signup.subscriptionId)).card).toEqual({ brand: "mastercard", last4: "4444", fingerprint: expect.any(String) });
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
