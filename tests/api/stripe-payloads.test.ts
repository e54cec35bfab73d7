/**
 * Every Stripe webhook event and Subscription object in tests/fixtures/stripe (real, across API versions from
 * 2023-10-16 to 2025 "basil", and labelled synthetic ones derived from them; each with its .source.txt) delivered
 * to the app as Stripe would: signed, with Stripe answering for the subscription as the payload shows it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { emailOutbox, stripeEvents, users } from "../../db/schema.ts";
import { StripeBilling } from "../../src/server/billing/stripe-billing.ts";
import { deliverWebhook, stripeApp } from "../support/stripe-app.ts";
import type { StripeObject } from "../support/stripe-object-store.ts";
import { startStripeServer, stripeTestConfig, type StripeServer } from "../support/stripe-server.ts";
import { json, type TestApp } from "../support/test-app.ts";
import { createUser, reloadUser } from "../support/users.ts";

const payload = async (name: string) => (await Bun.file(new URL(`../fixtures/stripe/${name}.json`, import.meta.url)).json()) as StripeObject;
const at = (unixSeconds: number) => new Date(unixSeconds * 1000);

let stripe: StripeServer;
beforeAll(() => {
  stripe = startStripeServer();
});
afterAll(() => stripe.stop());
beforeEach(() => stripe.reset());

/** A member whose row mirrors `subscription` as it was before the event: an active monthly plan. */
function memberOf(t: TestApp, subscription: StripeObject, fields: Parameters<typeof createUser>[1] = {}) {
  return createUser(t, {
    stripeCustomerId: subscription.customer,
    stripeSubscriptionId: subscription.id,
    subscriptionStatus: "Active",
    planType: "monthly",
    ...fields,
  });
}

async function delivered(t: TestApp, event: StripeObject) {
  const response = await deliverWebhook(t, event);
  expect(response.status).toBe(200);
  return json(response);
}

describe("subscription events: the member's row becomes what Stripe says the subscription is now", () => {
  const cases = [
    ["sub-updated-active-basil-0827", { subscriptionStatus: "Active", cancelAtPeriodEnd: false, trialEndsAt: null }],
    ["sub-created-incomplete-basil-0630", { subscriptionStatus: "Incomplete", cancelAtPeriodEnd: false, trialEndsAt: null }],
    ["synthetic-cancel-at-period-end", { subscriptionStatus: "Active", cancelAtPeriodEnd: true, trialEndsAt: null }],
    ["synthetic-deleted-canceled", { subscriptionStatus: "Cancelled", cancelAtPeriodEnd: false, trialEndsAt: null }],
    ["synthetic-pause-collection-void", { subscriptionStatus: "Paused", cancelAtPeriodEnd: false, trialEndsAt: null }],
    ["synthetic-paused-status", { subscriptionStatus: "Paused", cancelAtPeriodEnd: false, trialEndsAt: null }],
    ["synthetic-updated-past-due", { subscriptionStatus: "Past Due", cancelAtPeriodEnd: false, trialEndsAt: null }],
    ["synthetic-trial-will-end-trialing", { subscriptionStatus: "Active", cancelAtPeriodEnd: false, trialEndsAt: at(1759005442) }],
  ] as const;

  for (const [name, expected] of cases) {
    test(`${name}: ${expected.subscriptionStatus}${expected.cancelAtPeriodEnd ? ", cancelling at period end" : ""}, the period end read from the item (basil)`, async () => {
      const event = await payload(name);
      const subscription = event.data.object;
      expect(subscription.current_period_end).toBeUndefined();
      const t = stripeApp(stripe);
      stripe.put(subscription);
      const member = await memberOf(t, subscription);

      expect(await delivered(t, event)).toEqual({ received: true, duplicate: false });
      expect(reloadUser(t, member.id)).toMatchObject({ ...expected, currentPeriodEnd: at(subscription.items.data[0].current_period_end), planType: "monthly" });
    });
  }

  test("trial_will_end also queues one email naming the day the trial ends", async () => {
    const event = await payload("synthetic-trial-will-end-trialing");
    const t = stripeApp(stripe);
    stripe.put(event.data.object);
    const member = await memberOf(t, event.data.object);
    await delivered(t, event);
    expect(await delivered(t, event)).toEqual({ received: true, duplicate: true });
    const owed = t.db
      .select()
      .from(emailOutbox)
      .all()
      .filter((m) => m.kind === "trial-ending");
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ toAddress: member.email });
    expect(owed[0]!.textBody).toContain("September 27");
  });

  test("an event about someone else's subscription changes no one", async () => {
    const event = await payload("sub-created-incomplete-basil-0630");
    const t = stripeApp(stripe);
    stripe.put(event.data.object);
    const bystander = await createUser(t, { stripeCustomerId: "cus_someone_else", stripeSubscriptionId: "sub_someone_else" });
    await delivered(t, event);
    expect(reloadUser(t, bystander.id)).toMatchObject({ subscriptionStatus: "Active", stripeSubscriptionId: "sub_someone_else" });
    expect(t.db.select().from(stripeEvents).all()).toMatchObject([{ id: event.id, type: "customer.subscription.created" }]);
  });
});

describe("invoice events: the subscription is found wherever the API version puts it, then synced", () => {
  /** Stripe's subscription for an invoice's id: the real basil subscription, renamed to the invoice's ids. */
  async function subscriptionFor(invoice: StripeObject, subscriptionId: string) {
    const { data } = await payload("sub-updated-active-basil-0827");
    return { ...data.object, id: subscriptionId, customer: invoice.customer, status: "active" };
  }

  const cases = [
    ["invoice-paid-legacy-2023-10-16", "top-level subscription (2023-10-16)"],
    ["invoice-payment-succeeded-basil-live", "parent.subscription_details only (basil, live)"],
    ["synthetic-invoice-paid-from-real", "parent.subscription_details only (basil)"],
  ] as const;

  for (const [name, where] of cases) {
    test(`${name}: the subscription named by ${where} brings a past-due member back to Active`, async () => {
      const event = await payload(name);
      const invoice = event.data.object;
      const subscriptionId = invoice.subscription ?? invoice.parent.subscription_details.subscription;
      const t = stripeApp(stripe);
      const subscription = stripe.put(await subscriptionFor(invoice, subscriptionId));
      const member = await memberOf(t, subscription, { subscriptionStatus: "Past Due" });

      await delivered(t, event);
      expect(reloadUser(t, member.id).subscriptionStatus).toBe("Active");
      expect(stripe.requestsTo("GET", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    });
  }

  test("invoice.payment_failed with subscription: null (2026 'dahlia') finds it under parent, syncs it and emails the member once", async () => {
    const event = await payload("synthetic-invoice-payment-failed-null-subscription");
    const invoice = event.data.object;
    expect(invoice.subscription).toBeNull();
    const t = stripeApp(stripe);
    const subscription = stripe.put({ ...(await subscriptionFor(invoice, invoice.parent.subscription_details.subscription)), status: "past_due" });
    const member = await memberOf(t, subscription);

    await delivered(t, event);
    expect(reloadUser(t, member.id).subscriptionStatus).toBe("Past Due");
    const owed = t.db
      .select()
      .from(emailOutbox)
      .all()
      .filter((m) => m.kind === "payment-failed");
    expect(owed.map((m) => m.toAddress)).toEqual([member.email]);
  });
});

describe("checkout.session.completed (basil, no client_reference_id, no metadata)", () => {
  test("a session no signup of ours started is acknowledged and changes nothing, without asking Stripe", async () => {
    const event = await payload("checkout-session-completed-subscription-basil");
    const t = stripeApp(stripe);
    expect(await delivered(t, event)).toEqual({ received: true, duplicate: false });
    expect(t.db.select().from(users).all()).toEqual([]);
    expect(stripe.requests).toEqual([]);
    expect(t.db.select().from(stripeEvents).all()[0]).toMatchObject({ id: event.id, processedAt: expect.any(Date) });
  });
});

describe("a Subscription object of an account pinned before basil (period on the subscription and on its item)", () => {
  const billing = () => new StripeBilling(stripeTestConfig(stripe), { timeoutMs: 300 });

  test("is read with its status, customer and period end", async () => {
    const subscription = await payload("subscription-object-flexible-both-period-fields");
    stripe.put(subscription);
    expect(await billing().getSubscription(subscription.id)).toEqual({
      id: "sub_1SFxYRHje2ICnTUdc5Unj2nU",
      customerId: "cus_TA4eA8GQAss9bI",
      status: "active",
      paused: false,
      resumesAt: null,
      memberPauseEndsAt: null,
      planType: null,
      trialEnd: null,
      currentPeriodEnd: at(1762609037),
      cancelAtPeriodEnd: false,
      card: null,
    });
  });

  test("the period end comes from the subscription when the item has none (legacy), and from the item when only it has one (basil)", async () => {
    const subscription = await payload("subscription-object-flexible-both-period-fields");
    const legacy = structuredClone(subscription);
    delete legacy.items.data[0].current_period_end;
    legacy.current_period_end = 1762000000;
    stripe.put(legacy);
    expect((await billing().getSubscription(legacy.id)).currentPeriodEnd).toEqual(at(1762000000));

    const basil = structuredClone(subscription);
    delete basil.current_period_end;
    basil.items.data[0].current_period_end = 1763000000;
    stripe.put(basil);
    expect((await billing().getSubscription(basil.id)).currentPeriodEnd).toEqual(at(1763000000));
  });
});
