/**
 * Every billing event is confirmed by one email, whichever way it reached us (decision 107): the member's own request
 * and an admin's in test billing and with Stripe, and Stripe's webhooks, delivered twice as Stripe may.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emailOutbox, users } from "../../db/schema.ts";
import { deliverWebhook, stripeApp, stripeSubscriber } from "../support/stripe-app.ts";
import { startStripeServer, stripeEvent, type StripeServer } from "../support/stripe-server.ts";
import { subscribe, VISA } from "../support/signup.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

const DAY = 24 * 60 * 60_000;

/** The billing confirmations owed to this address, oldest first. */
function confirmationsTo(t: TestApp, email: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .all()
    .filter((row) => row.toAddress === email && row.kind.startsWith("billing-"));
}

const nyDay = (date: Date) => date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "America/New_York" });

describe("billing confirmations in test billing", () => {
  test("rejoining after the plan ended: one receipt naming the amount, the card, the plan switched to and the next payment", async () => {
    const t = createTestApp();
    const email = "receipt@example.com";
    const { sessionCookie } = await subscribe(t, email, "annual", VISA);
    t.clock.advance(8 * DAY);
    await t.request("POST", "/api/cancel-subscription", { cookie: sessionCookie });
    expect(confirmationsTo(t, email).map((row) => row.kind)).toEqual(["billing-cancelled"]);

    const answers = await Promise.all([1, 2].map(() => t.request("POST", "/api/rejoin", { body: { planType: "monthly" }, cookie: sessionCookie })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [, receipt, ...more] = confirmationsTo(t, email);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ kind: "billing-restarted", subject: "Your GoRDU receipt: $10/month" });
    expect(receipt!.textBody).toContain(
      `We charged $10 to VISA •••• 4242 today, ${nyDay(t.clock.now())}. You switched from the annual plan to the monthly plan.`,
    );
    expect(receipt!.htmlBody).toContain('Charged today</th><td style="padding:6px 0">$10</td>');
  });

  test("a cancellation undone: one email saying nothing is charged today and when the trial's plan starts", async () => {
    const t = createTestApp();
    const email = "undo@example.com";
    const { sessionCookie } = await subscribe(t, email, "monthly", VISA);
    await t.request("POST", "/api/cancel-subscription", { cookie: sessionCookie });
    await t.request("POST", "/api/rejoin", { body: { planType: "monthly" }, cookie: sessionCookie });
    const rows = confirmationsTo(t, email);
    expect(rows.map((row) => row.kind)).toEqual(["billing-cancelled", "billing-continued"]);
    expect(rows[1]!.textBody).toContain("Welcome back! Your monthly plan carries on, and nothing is charged today.");
    expect(rows[1]!.textBody).toContain(
      `Your free trial continues until ${nyDay(new Date(t.clock.now().getTime() + 7 * DAY))}; then your plan starts at $10/month.`,
    );
  });

  test("an admin's pause and Re-activate each send one; an admin's Cancel Sub says the membership ended", async () => {
    const t = createTestApp();
    const admin = await signIn(t, (await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null })).email);
    const email = "by-admin@example.com";
    await subscribe(t, email, "monthly", VISA);
    const { id } = t.db.select().from(users).where(eq(users.email, email)).get()!;
    await t.request("PUT", `/api/admin/users/${id}`, { body: { subscriptionType: "Free" }, cookie: admin });
    await t.request("POST", `/api/admin/users/${id}/reactivate-subscription`, { cookie: admin });
    await t.request("POST", `/api/admin/users/${id}/cancel-subscription`, { cookie: admin });
    const rows = confirmationsTo(t, email);
    expect(rows.map((row) => row.kind)).toEqual(["billing-paused", "billing-continued", "billing-cancelled"]);
    expect(rows[2]!.subject).toBe("Your GoRDU membership has ended");
    expect(rows[2]!.textBody).toContain("Nothing was charged during your free trial, and nothing will be.");
  });
});

describe("billing confirmations with Stripe", () => {
  let stripe: StripeServer;
  beforeAll(() => {
    stripe = startStripeServer();
  });
  afterAll(() => stripe.stop());
  beforeEach(() => stripe.reset());

  test("the member cancels their trial: one email, however often Stripe's webhook for it arrives", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await stripeSubscriber(t, stripe, "stripe-cancel@example.com", "annual");
    expect((await t.request("POST", "/api/cancel-subscription", { cookie: session })).status).toBe(200);
    const updated = stripeEvent("customer.subscription.updated", stripe.get(user.stripeSubscriptionId!)!);
    await deliverWebhook(t, updated);
    await deliverWebhook(t, updated);
    await deliverWebhook(t, stripeEvent("customer.subscription.updated", stripe.get(user.stripeSubscriptionId!)!));
    const rows = confirmationsTo(t, user.email);
    expect(rows.map((row) => row.kind)).toEqual(["billing-cancelled"]);
    expect(rows[0]!.textBody).toMatch(/Card: +VISA •••• 4242/);

    // Three days before the end, Stripe's reminder would say the plan "continues automatically": not to this member.
    await deliverWebhook(t, stripeEvent("customer.subscription.trial_will_end", stripe.get(user.stripeSubscriptionId!)!));
    expect(
      t.db
        .select()
        .from(emailOutbox)
        .all()
        .filter((row) => row.kind === "trial-ending"),
    ).toEqual([]);
  });

  test("a cancellation made in Stripe's dashboard reaches the member through the webhook, once", async () => {
    const t = stripeApp(stripe);
    const { user } = await stripeSubscriber(t, stripe, "dashboard-cancel@example.com");
    stripe.setSubscription(user.stripeSubscriptionId!, { cancel_at_period_end: true });
    const event = stripeEvent("customer.subscription.updated", stripe.get(user.stripeSubscriptionId!)!);
    await deliverWebhook(t, event);
    await deliverWebhook(t, event);
    expect(confirmationsTo(t, user.email).map((row) => row.subject)).toEqual(["Your GoRDU cancellation is confirmed"]);
  });

  test("a plan changed in Stripe's dashboard: one email with the new price from the next renewal", async () => {
    const t = stripeApp(stripe);
    const { user } = await stripeSubscriber(t, stripe, "plan-change@example.com", "monthly");
    const subscription = stripe.get(user.stripeSubscriptionId!)!;
    subscription.items.data[0].price = { ...subscription.items.data[0].price, id: "price_annual_test" };
    const event = stripeEvent("customer.subscription.updated", subscription);
    await deliverWebhook(t, event);
    await deliverWebhook(t, stripeEvent("customer.subscription.updated", subscription));
    const rows = confirmationsTo(t, user.email);
    expect(rows.map((row) => row.subject)).toEqual(["Your GoRDU plan is now annual"]);
    expect(rows[0]!.textBody).toContain("Your plan changed from monthly ($10/month) to annual ($72/year).");
  });

  test("rejoining: the new subscription's webhook arriving first or after our answer, one receipt", async () => {
    const t = stripeApp(stripe);
    const { user, session } = await stripeSubscriber(t, stripe, "stripe-rejoin@example.com", "annual");
    stripe.setSubscription(user.stripeSubscriptionId!, { status: "active", trial_end: null });
    await t.request("POST", "/api/cancel-subscription", { cookie: session });
    expect((await t.request("POST", "/api/rejoin", { body: { planType: "annual" }, cookie: session })).status).toBe(200);
    const created = stripe.objects("subscription").find((s) => s.id !== user.stripeSubscriptionId)!;
    await deliverWebhook(t, stripeEvent("customer.subscription.created", created));
    await deliverWebhook(t, stripeEvent("invoice.paid", { object: "invoice", id: "in_rejoin", subscription: created.id, customer: user.stripeCustomerId }));
    const rows = confirmationsTo(t, user.email);
    expect(rows.map((row) => row.kind)).toEqual(["billing-cancelled", "billing-restarted"]);
    expect(rows[1]!.subject).toBe("Your GoRDU receipt: $72/year");
  });
});
