import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { users } from "../../db/schema.ts";
import { StripeBilling } from "../../src/server/billing/stripe-billing.ts";
import { cookiesFrom, signupBody } from "../support/signup.ts";
import { startStripeServer, stripeTestConfig, stripeTestEnv, type StripeServer } from "../support/stripe-server.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

let stripe: StripeServer;
beforeAll(() => {
  stripe = startStripeServer();
});
afterAll(() => stripe.stop());
beforeEach(() => stripe.reset());

const stripeApp = () => createTestApp(stripeTestEnv(), { billing: new StripeBilling(stripeTestConfig(stripe), { timeoutMs: 300 }) });

async function stripeSubscriber(t: TestApp, email: string) {
  const created = await t.request("POST", "/api/create-subscription", { body: signupBody(email) });
  const signupCookie = cookiesFrom(created).find((c) => c.startsWith("gordu_signup="))!;
  const { clientSecret } = await json(created);
  stripe.succeedSetupIntent(clientSecret.split("_secret_")[0]);
  const completed = await t.request("POST", "/api/complete-subscription", { body: { email }, cookie: signupCookie });
  expect(completed.status).toBe(200);
  const user = t.db
    .select()
    .from(users)
    .all()
    .find((u) => u.email === email)!;
  return { user, session: cookiesFrom(completed).find((c) => c.startsWith("gordu_session="))! };
}

describe("admin re-activate against Stripe", () => {
  test("a subscription Stripe ended at period end, still Active in our copy, is replaced by a new one", async () => {
    const t = stripeApp();
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null });
    const { user, session } = await stripeSubscriber(t, "ended@example.com");
    expect((await t.request("POST", "/api/cancel-subscription", { cookie: session })).status).toBe(200);
    // Stripe ends it when the period is over; its webhook has not reached us.
    const endedAt = Math.floor(Date.now() / 1000);
    stripe.setSubscription(user.stripeSubscriptionId!, { status: "canceled" });
    Object.assign(stripe.get(user.stripeSubscriptionId!)!, { ended_at: endedAt, canceled_at: endedAt });
    expect(
      t.db
        .select()
        .from(users)
        .all()
        .find((u) => u.id === user.id),
    ).toMatchObject({ subscriptionStatus: "Active", cancelAtPeriodEnd: true });

    const cookie = await signIn(t, admin.email);
    const response = await t.request("POST", `/api/admin/users/${user.id}/reactivate-subscription`, { cookie });
    expect(response.status).toBe(200);
    const answer = await json(response);
    expect(answer.message).toContain("a new one was started");
    expect(answer.user).toMatchObject({ subscriptionStatus: "Active", subscriptionType: "Paid", cancelAtPeriodEnd: false });
    expect(answer.user.stripeSubscriptionId).not.toBe(user.stripeSubscriptionId);
    expect(stripe.requestsTo("POST", "/v1/subscriptions").at(-1)!.params).toMatchObject({
      customer: user.stripeCustomerId,
      payment_behavior: "error_if_incomplete",
    });
    expect(stripe.get(answer.user.stripeSubscriptionId)).toMatchObject({ status: "active", customer: user.stripeCustomerId });
  });

  test("a pending cancellation still inside its period is undone on the same subscription", async () => {
    const t = stripeApp();
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null });
    const { user, session } = await stripeSubscriber(t, "pending@example.com");
    await t.request("POST", "/api/cancel-subscription", { cookie: session });

    const cookie = await signIn(t, admin.email);
    const answer = await json(await t.request("POST", `/api/admin/users/${user.id}/reactivate-subscription`, { cookie }));
    expect(answer.message).toBe("The pending cancellation was undone; the subscription will renew.");
    expect(answer.user).toMatchObject({ stripeSubscriptionId: user.stripeSubscriptionId, cancelAtPeriodEnd: false });
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${user.stripeSubscriptionId}`).at(-1)!.params).toMatchObject({ cancel_at_period_end: "false" });
  });
});
