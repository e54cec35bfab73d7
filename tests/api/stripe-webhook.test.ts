import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { emailOutbox, stripeEvents, users } from "../../db/schema.ts";
import { deliverWebhook, signWebhook, stripeApp, stripeSubscriber } from "../support/stripe-app.ts";
import { startStripeServer, stripeEvent, type StripeServer } from "../support/stripe-server.ts";
import { json } from "../support/test-app.ts";
import { startSignup } from "../support/signup.ts";

let stripe: StripeServer;
beforeAll(() => {
  stripe = startStripeServer();
});
afterAll(() => stripe.stop());
beforeEach(() => stripe.reset());

describe("POST /api/stripe/webhook", () => {
  test("a valid event is applied, without any Origin header (the signature authenticates it)", async () => {
    const t = stripeApp(stripe);
    const { user } = await stripeSubscriber(t, stripe, "hook@example.com");
    stripe.setSubscription(user.stripeSubscriptionId!, { status: "past_due" });
    const response = await deliverWebhook(t, stripeEvent("customer.subscription.updated", stripe.get(user.stripeSubscriptionId!)!));
    expect(response.status).toBe(200);
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Past Due");
  });

  test("unsigned, tampered, stale and wrong-secret deliveries answer 400 and change nothing", async () => {
    const t = stripeApp(stripe);
    const { user } = await stripeSubscriber(t, stripe, "attack@example.com");
    stripe.setSubscription(user.stripeSubscriptionId!, { status: "canceled" });
    const event = stripeEvent("customer.subscription.deleted", stripe.get(user.stripeSubscriptionId!)!);
    const payload = JSON.stringify(event);

    expect((await deliverWebhook(t, event, null)).status).toBe(400);
    const tampered = await signWebhook(payload.replace("customer.subscription.deleted", "customer.subscription.updated"));
    expect((await deliverWebhook(t, event, tampered)).status).toBe(400);
    expect((await deliverWebhook(t, event, await signWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }))).status).toBe(400);
    expect((await deliverWebhook(t, event, await signWebhook(payload, { secret: "whsec_wrong" }))).status).toBe(400);
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Active");
    expect(t.db.select().from(stripeEvents).all()).toHaveLength(0);
  });

  test("a replayed event, and two identical deliveries at once, are applied once", async () => {
    const t = stripeApp(stripe);
    const { user } = await stripeSubscriber(t, stripe, "replay@example.com");
    stripe.setSubscription(user.stripeSubscriptionId!, { status: "past_due" });
    const invoice = { object: "invoice", id: "in_1", subscription: user.stripeSubscriptionId, customer: user.stripeCustomerId };
    const event = stripeEvent("invoice.payment_failed", invoice);
    const [a, b] = await Promise.all([deliverWebhook(t, event), deliverWebhook(t, event)]);
    const replay = await deliverWebhook(t, event);
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
    const t = stripeApp(stripe);
    const { user } = await stripeSubscriber(t, stripe, "trial@example.com");
    const subscription = stripe.get(user.stripeSubscriptionId!)!;
    const trialEnd = Math.floor(new Date("2026-12-04T15:00:00Z").getTime() / 1000);
    const trialEvent = stripeEvent("customer.subscription.trial_will_end", { ...subscription, trial_end: trialEnd });
    await deliverWebhook(t, trialEvent);
    await deliverWebhook(t, trialEvent);
    const owed = t.db
      .select()
      .from(emailOutbox)
      .all()
      .filter((m) => m.kind === "trial-ending");
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ toAddress: "trial@example.com", subject: "Your GoRDU free trial ends soon" });
    expect(owed[0]!.textBody).toContain("Friday, December 4");

    stripe.setSubscription(user.stripeSubscriptionId!, { status: "past_due" });
    await deliverWebhook(t, stripeEvent("customer.subscription.updated", stripe.get(user.stripeSubscriptionId!)!));
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Past Due");
    stripe.setSubscription(user.stripeSubscriptionId!, { status: "active" });
    const invoice = { object: "invoice", id: "in_paid", subscription: user.stripeSubscriptionId, customer: user.stripeCustomerId };
    await deliverWebhook(t, stripeEvent("invoice.paid", invoice));
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Active");
  });

  test("events out of order end in Stripe's current state", async () => {
    const t = stripeApp(stripe);
    const { user } = await stripeSubscriber(t, stripe, "order@example.com");
    const id = user.stripeSubscriptionId!;
    const activeSnapshot = structuredClone(stripe.get(id)!);
    stripe.setSubscription(id, { status: "canceled" });
    await deliverWebhook(t, stripeEvent("customer.subscription.deleted", stripe.get(id)!));
    await deliverWebhook(t, stripeEvent("customer.subscription.updated", activeSnapshot));
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Cancelled");
  });

  test("an admin pause in Stripe (pause_collection) shows as Paused", async () => {
    const t = stripeApp(stripe);
    const { user } = await stripeSubscriber(t, stripe, "paused@example.com");
    stripe.setSubscription(user.stripeSubscriptionId!, { pause_collection: { behavior: "void" } });
    await deliverWebhook(t, stripeEvent("customer.subscription.updated", stripe.get(user.stripeSubscriptionId!)!));
    expect(t.db.select().from(users).get()!.subscriptionStatus).toBe("Paused");
  });

  test("a signup whose browser never came back becomes an account when setup_intent.succeeded arrives", async () => {
    const t = stripeApp(stripe);
    const { created } = await startSignup(t, "gone@example.com");
    const { clientSecret } = await json(created);
    const setupIntentId = clientSecret.split("_secret_")[0];
    stripe.succeedSetupIntent(setupIntentId);
    await deliverWebhook(t, stripeEvent("setup_intent.succeeded", stripe.get(setupIntentId)!));
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
    const t = stripeApp(stripe, "hosted");
    await startSignup(t, "checkout@example.com");
    const sessionId = stripe.objects("checkout.session")[0]!.id;
    stripe.completeCheckout(sessionId);
    await deliverWebhook(t, stripeEvent("checkout.session.completed", stripe.get(sessionId)!));
    expect(t.db.select().from(users).get()).toMatchObject({ email: "checkout@example.com", planType: "monthly" });
  });

  test("a card update confirmed in Stripe becomes the default when its webhook arrives", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await stripeSubscriber(t, stripe, "newcard@example.com");
    const { clientSecret } = await json(await t.request("POST", "/api/create-payment-update-intent", { cookie: session }));
    const setupIntentId = clientSecret.split("_secret_")[0];
    stripe.succeedSetupIntent(setupIntentId, { brand: "mastercard", last4: "4444" });
    await deliverWebhook(t, stripeEvent("setup_intent.succeeded", stripe.get(setupIntentId)!));
    expect(t.db.select().from(users).get()!.cardLast4).toBe("4444");
    expect(stripe.requestsTo("POST", `/v1/customers/${user.stripeCustomerId}`).at(-1)!.params).toMatchObject({
      invoice_settings: { default_payment_method: expect.stringMatching(/^pm_/) },
    });
  });
});
