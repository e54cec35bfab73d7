import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { deliverWebhook, stripeApp, stripeSubscriber } from "../support/stripe-app.ts";
import { startStripeServer, stripeEvent, type StripeServer } from "../support/stripe-server.ts";
import { consoleOutputDuring } from "../support/log-capture.ts";
import { json, type TestApp } from "../support/test-app.ts";
import { reloadUser } from "../support/users.ts";

let stripe: StripeServer;
beforeAll(() => {
  stripe = startStripeServer();
});
afterAll(() => stripe.stop());
beforeEach(() => stripe.reset());

/**
 * A member who cancelled their paid annual plan (the free trial over): Terms say access ends at once, so the Stripe
 * subscription is cancelled now. A cancelled trial would run to its end instead (decision 106).
 */
async function cancelledAnnualMember(t: TestApp, email: string) {
  const { user, session } = await stripeSubscriber(t, stripe, email, "annual");
  stripe.setSubscription(user.stripeSubscriptionId!, { status: "active", trial_end: null });
  expect((await t.request("POST", "/api/cancel-subscription", { cookie: session })).status).toBe(200);
  expect(stripe.get(user.stripeSubscriptionId!)!.status).toBe("canceled");
  return { user, session };
}

const rejoin = (t: TestApp, cookie: string, body: object) => t.request("POST", "/api/rejoin", { body, cookie });
const newSubscriptionRequests = () => stripe.requestsTo("POST", "/v1/subscriptions").slice(1);

describe("rejoining with Stripe", () => {
  test("a cancelled member gets a new subscription on the same customer: chosen plan, saved card, no trial, paid at once", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await cancelledAnnualMember(t, "back@example.com");
    const savedCard = stripe.get(user.stripeSubscriptionId!)!.default_payment_method;

    const response = await rejoin(t, session, { planType: "monthly" });
    expect(response.status).toBe(200);
    const answer = await json(response);
    expect(answer.subscription).toMatchObject({ planType: "monthly", status: "Active", trialEndsAt: null, hasAccess: true, rejoin: null });

    const [created] = newSubscriptionRequests();
    expect(created!.params).toMatchObject({
      customer: user.stripeCustomerId,
      items: [{ price: "price_monthly_test" }],
      payment_behavior: "error_if_incomplete",
      default_payment_method: savedCard,
    });
    expect(created!.params.trial_period_days).toBeUndefined();
    expect(created!.idempotencyKey).toBe(`replace:${user.stripeSubscriptionId}:monthly:${savedCard}`);

    const after = reloadUser(t, user.id);
    expect(after.stripeCustomerId).toBe(user.stripeCustomerId);
    expect(stripe.get(after.stripeSubscriptionId!)).toMatchObject({ status: "active", customer: user.stripeCustomerId, trial_end: null });
  });

  test("a cancellation still inside its period is undone on the same subscription; nothing is created", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await stripeSubscriber(t, stripe, "undo@example.com", "monthly");
    await t.request("POST", "/api/cancel-subscription", { cookie: session });
    expect(stripe.get(user.stripeSubscriptionId!)!.cancel_at_period_end).toBe(true);

    const answer = await json(await rejoin(t, session, { planType: "monthly" }));
    expect(answer.subscription).toMatchObject({ status: "Active", cancelAtPeriodEnd: false, rejoin: null });
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${user.stripeSubscriptionId}`).at(-1)!.params).toMatchObject({ cancel_at_period_end: "false" });
    expect(newSubscriptionRequests()).toHaveLength(0);
    expect(reloadUser(t, user.id).stripeSubscriptionId).toBe(user.stripeSubscriptionId);
  });

  test("a card Stripe declines leaves the member cancelled, with Stripe's reason, and nothing created", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await cancelledAnnualMember(t, "declined@example.com");
    stripe.failNextRequestTo("POST", "/v1/subscriptions", 402, {
      type: "card_error",
      code: "card_declined",
      decline_code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });

    const response = await rejoin(t, session, { planType: "annual" });
    expect(response.status).toBe(402);
    expect((await json(response)).error).toBe("Your card has insufficient funds.");
    expect(reloadUser(t, user.id)).toMatchObject({ subscriptionStatus: "Cancelled", stripeSubscriptionId: user.stripeSubscriptionId });
    expect(stripe.objects("subscription")).toHaveLength(1);
  });

  test("a new card becomes the customer's default and pays for the new subscription; the ended one is left alone", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await cancelledAnnualMember(t, "newcard@example.com");
    const { clientSecret } = await json(await t.request("POST", "/api/create-payment-update-intent", { cookie: session }));
    const paymentMethod = stripe.succeedSetupIntent(clientSecret.split("_secret_")[0], { brand: "mastercard", last4: "4444" });

    const answer = await json(await rejoin(t, session, { planType: "annual", clientSecret }));
    expect(answer.subscription).toMatchObject({ status: "Active", card: { brand: "mastercard", last4: "4444" } });
    expect(stripe.get(user.stripeCustomerId!)!.invoice_settings.default_payment_method).toBe(paymentMethod);
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${user.stripeSubscriptionId}`)).toHaveLength(0);
    expect(newSubscriptionRequests()[0]!.params.default_payment_method).toBe(paymentMethod);
  });

  test("a member whose subscription ended can still change the card on file", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await cancelledAnnualMember(t, "card-only@example.com");
    const { clientSecret } = await json(await t.request("POST", "/api/create-payment-update-intent", { cookie: session }));
    stripe.succeedSetupIntent(clientSecret.split("_secret_")[0], { brand: "amex", last4: "0005" });
    const response = await t.request("POST", "/api/complete-payment-update", { body: { clientSecret }, cookie: session });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ status: "Cancelled", card: { brand: "amex", last4: "0005" } });
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${user.stripeSubscriptionId}`)).toHaveLength(0);
  });

  test("a card update naming a SetupIntent Stripe never made answers 400, not 503, and logs nothing", async () => {
    const t = stripeApp(stripe);
    const { session } = await cancelledAnnualMember(t, "made-up@example.com");
    let response: Response | undefined;
    const output = await consoleOutputDuring(async () => {
      response = await t.request("POST", "/api/complete-payment-update", { body: { clientSecret: "seti_madeup_secret_x" }, cookie: session });
    });
    expect(response!.status).toBe(400);
    expect(output).toEqual([]);
  });

  test("two clicks at once create one subscription at Stripe", async () => {
    const t = stripeApp(stripe);
    const { session } = await cancelledAnnualMember(t, "twice@example.com");
    const statuses = (await Promise.all([1, 2].map(() => rejoin(t, session, { planType: "monthly" })))).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409]);
    expect(newSubscriptionRequests()).toHaveLength(1);
  });

  test("the webhook for the new subscription arriving before our answer is saved brings the member back, and rejoining again starts nothing", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await cancelledAnnualMember(t, "webhook-first@example.com");
    // Stripe created the replacement, but the process stopped before writing it down; its event arrives.
    const replacement = await t.deps.billing.startNewSubscription(user.stripeCustomerId!, "monthly", user.stripeSubscriptionId);
    expect((await deliverWebhook(t, stripeEvent("customer.subscription.created", stripe.get(replacement.id)!))).status).toBe(200);
    expect(reloadUser(t, user.id)).toMatchObject({ stripeSubscriptionId: replacement.id, subscriptionStatus: "Active" });

    expect((await rejoin(t, session, { planType: "monthly" })).status).toBe(409);
    expect(stripe.objects("subscription")).toHaveLength(2);
  });

  test("asking again after an answer that never arrived replays the same subscription instead of charging twice", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await cancelledAnnualMember(t, "replay@example.com");
    const lost = await t.deps.billing.startNewSubscription(user.stripeCustomerId!, "monthly", user.stripeSubscriptionId);
    const answer = await json(await rejoin(t, session, { planType: "monthly" }));
    expect(answer.subscription.status).toBe("Active");
    expect(reloadUser(t, user.id).stripeSubscriptionId).toBe(lost.id);
    expect(stripe.objects("subscription")).toHaveLength(2);
  });

  test("a late event about the old, ended subscription leaves the new one alone", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await cancelledAnnualMember(t, "late@example.com");
    await rejoin(t, session, { planType: "annual" });
    const rejoined = reloadUser(t, user.id);
    expect((await deliverWebhook(t, stripeEvent("customer.subscription.deleted", stripe.get(user.stripeSubscriptionId!)!))).status).toBe(200);
    expect(reloadUser(t, user.id)).toMatchObject({ stripeSubscriptionId: rejoined.stripeSubscriptionId, subscriptionStatus: "Active", planType: "annual" });
  });
});
