import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { emailOutbox, users } from "../../db/schema.ts";
import { deliverWebhook, stripeApp, stripeSubscriber } from "../support/stripe-app.ts";
import { startStripeServer, stripeEvent, type StripeServer } from "../support/stripe-server.ts";
import { json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

let stripe: StripeServer;
beforeAll(() => {
  stripe = startStripeServer();
});
afterAll(() => stripe.stop());
beforeEach(() => stripe.reset());

describe("admin subscription actions against Stripe", () => {
  async function withAdmin(t: TestApp) {
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null });
    return signIn(t, admin.email);
  }

  test("pause sets pause_collection, re-activate clears it, cancel deletes the subscription", async () => {
    const t = stripeApp(stripe);
    const cookie = await withAdmin(t);
    const { user } = await stripeSubscriber(t, stripe, "managed@example.com");
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
    const t = stripeApp(stripe);
    const cookie = await withAdmin(t);
    const { user } = await stripeSubscriber(t, stripe, "late@example.com");
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
      expect((await deliverWebhook(t, stripeEvent(type, stripe.get(oldId)!))).status).toBe(200);
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
    await deliverWebhook(t, stripeEvent("customer.subscription.updated", stripe.get(newId)!));
    expect(
      t.db
        .select()
        .from(users)
        .all()
        .find((u) => u.id === user.id)!.subscriptionStatus,
    ).toBe("Past Due");
  });

  test("deleting a user cancels in Stripe first; if Stripe fails nothing is deleted", async () => {
    const t = stripeApp(stripe);
    const cookie = await withAdmin(t);
    const { user } = await stripeSubscriber(t, stripe, "delete@example.com");
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

describe("admin re-activate against Stripe", () => {
  test("a subscription Stripe ended at period end, still Active in our copy, is replaced by a new one", async () => {
    const t = stripeApp(stripe);
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null });
    const { user, session } = await stripeSubscriber(t, stripe, "ended@example.com");
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
    const t = stripeApp(stripe);
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null });
    const { user, session } = await stripeSubscriber(t, stripe, "pending@example.com");
    await t.request("POST", "/api/cancel-subscription", { cookie: session });

    const cookie = await signIn(t, admin.email);
    const answer = await json(await t.request("POST", `/api/admin/users/${user.id}/reactivate-subscription`, { cookie }));
    expect(answer.message).toBe("The pending cancellation was undone; the subscription will renew.");
    expect(answer.user).toMatchObject({ stripeSubscriptionId: user.stripeSubscriptionId, cancelAtPeriodEnd: false });
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${user.stripeSubscriptionId}`).at(-1)!.params).toMatchObject({ cancel_at_period_end: "false" });
  });
});
