import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emailOutbox, referrals, users } from "../../db/schema.ts";
import { deliverWebhook, stripeApp, stripeSubscriber } from "../support/stripe-app.ts";
import { startStripeServer, stripeEvent, type StripeServer } from "../support/stripe-server.ts";
import { json, type TestApp } from "../support/test-app.ts";

/** Decision 135 against the local Stripe fake: the reward on invoice.paid and every abuse rule. */

let stripe: StripeServer;
beforeAll(() => {
  stripe = startStripeServer();
});
afterAll(() => stripe.stop());
beforeEach(() => stripe.reset());

type User = typeof users.$inferSelect;

async function member(t: TestApp, email = "member@example.com", plan: "monthly" | "annual" = "monthly") {
  const subscriber = await stripeSubscriber(t, stripe, email, plan);
  const panel = await json(await t.request("GET", "/api/referrals", { cookie: subscriber.session }));
  const code = new URL(panel.link).searchParams.get("ref")!;
  return { ...subscriber, code, panel: () => t.request("GET", "/api/referrals", { cookie: subscriber.session }).then((r) => json(r)) };
}

const userByEmail = (t: TestApp, email: string) => t.db.select().from(users).where(eq(users.email, email)).get()!;
const balanceOf = (user: User) => stripe.get(user.stripeCustomerId!)!.balance ?? 0;
const credits = () => stripe.objects("customer_balance_transaction");
const referralOf = (t: TestApp, friend: User) => t.db.select().from(referrals).where(eq(referrals.referredUserId, friend.id)).get();
const freeMonthEmails = (t: TestApp) =>
  t.db
    .select()
    .from(emailOutbox)
    .all()
    .filter((m) => m.kind === "referral-free-month");

function invoicePaid(friend: User, amountPaid: number, type = "invoice.paid") {
  const invoice = {
    object: "invoice",
    id: `in_${friend.id}`,
    customer: friend.stripeCustomerId,
    subscription: friend.stripeSubscriptionId,
    amount_paid: amountPaid,
  };
  return stripeEvent(type, invoice);
}
const chargeRefunded = (friend: User, fully = true) =>
  stripeEvent("charge.refunded", {
    object: "charge",
    id: `ch_${friend.id}`,
    customer: friend.stripeCustomerId,
    amount: 1000,
    amount_refunded: fully ? 1000 : 300,
    refunded: fully,
  });

/** The card on the friend's subscription becomes one with this fingerprint (a card they added later). */
function payWithFingerprint(friend: User, fingerprint: string) {
  const paymentMethodId = stripe.get(friend.stripeSubscriptionId!)!.default_payment_method;
  stripe.get(paymentMethodId)!.card.fingerprint = fingerprint;
}

describe("referral rewards on invoice.paid (Stripe)", () => {
  test("a friend's first paid invoice credits the member one month of their plan, with one email", async () => {
    const t = stripeApp(stripe);
    const alice = await member(t);
    expect(alice.code).toMatch(/^[a-z2-7]{32}$/);
    expect((await alice.panel()).link).not.toContain("member");
    await stripeSubscriber(t, stripe, "friend@example.com", "monthly", { referralCode: alice.code });
    const friend = userByEmail(t, "friend@example.com");
    expect(await alice.panel()).toMatchObject({ joined: 1, paid: 0, monthsEarned: 0, monthValue: 10 });

    expect((await deliverWebhook(t, invoicePaid(friend, 1000))).status).toBe(200);

    expect(balanceOf(alice.user)).toBe(-1000);
    expect(referralOf(t, friend)).toMatchObject({ status: "rewarded", creditCents: 1000 });
    expect(await alice.panel()).toMatchObject({ joined: 1, paid: 1, monthsEarned: 1 });
    const [email] = freeMonthEmails(t);
    expect(email).toMatchObject({ toAddress: "member@example.com", subject: "You earned a free month" });
    expect(email!.textBody).toContain("$10");
    expect(email!.textBody).not.toContain("friend@example.com");
  });

  test("an annual member's free month is $6, a twelfth of their year", async () => {
    const t = stripeApp(stripe);
    const annual = await member(t, "annual@example.com", "annual");
    await stripeSubscriber(t, stripe, "friend@example.com", "monthly", { referralCode: annual.code });
    await deliverWebhook(t, invoicePaid(userByEmail(t, "friend@example.com"), 1000));
    expect(balanceOf(annual.user)).toBe(-600);
  });

  test("a trial's $0 invoice earns nothing; the referral stays open for the first paid one", async () => {
    const t = stripeApp(stripe);
    const alice = await member(t);
    await stripeSubscriber(t, stripe, "friend@example.com", "monthly", { referralCode: alice.code });
    const friend = userByEmail(t, "friend@example.com");
    await deliverWebhook(t, invoicePaid(friend, 0));
    expect(credits()).toHaveLength(0);
    expect(referralOf(t, friend)!.status).toBe("joined");
  });

  test("repeated and parallel deliveries (retries, invoice.paid beside invoice.payment_succeeded) credit once", async () => {
    const t = stripeApp(stripe);
    const alice = await member(t);
    await stripeSubscriber(t, stripe, "friend@example.com", "monthly", { referralCode: alice.code });
    const friend = userByEmail(t, "friend@example.com");
    const paid = invoicePaid(friend, 1000);
    const succeeded = invoicePaid(friend, 1000, "invoice.payment_succeeded");
    const answers = await Promise.all([deliverWebhook(t, paid), deliverWebhook(t, succeeded), deliverWebhook(t, paid)]);
    await deliverWebhook(t, paid);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(credits()).toHaveLength(1);
    expect(balanceOf(alice.user)).toBe(-1000);
    expect(freeMonthEmails(t)).toHaveLength(1);
  });

  test("if Stripe fails to credit, the event stays unprocessed and its retry credits once", async () => {
    const t = stripeApp(stripe);
    const alice = await member(t);
    await stripeSubscriber(t, stripe, "friend@example.com", "monthly", { referralCode: alice.code });
    const friend = userByEmail(t, "friend@example.com");
    const event = invoicePaid(friend, 1000);
    stripe.failNextRequestTo("POST", `/v1/customers/${alice.user.stripeCustomerId}/balance_transactions`, 400, {
      type: "invalid_request_error",
      message: "refused",
    });
    expect((await deliverWebhook(t, event)).status).toBeGreaterThanOrEqual(500);
    expect(referralOf(t, friend)!.status).toBe("joined");
    expect((await deliverWebhook(t, event)).status).toBe(200);
    expect(referralOf(t, friend)!.status).toBe("rewarded");
    expect(credits()).toHaveLength(1);
  });
});

describe("referral abuse rules (Stripe)", () => {
  test("no self-referral by address: the same mailbox with a +tag or Gmail dots is not recorded", async () => {
    const t = stripeApp(stripe);
    const me = await member(t, "pat.lee@gmail.com");
    await stripeSubscriber(t, stripe, "patlee+again@gmail.com", "monthly", { referralCode: me.code, paidPlan: true });
    await deliverWebhook(t, invoicePaid(userByEmail(t, "patlee+again@gmail.com"), 1000));
    expect(t.db.select().from(referrals).all()).toHaveLength(0);
    expect(await me.panel()).toMatchObject({ joined: 0, monthsEarned: 0 });
    expect(credits()).toHaveLength(0);
  });

  test("no self-referral by card: a friend paying with the member's card earns nothing", async () => {
    const t = stripeApp(stripe);
    const me = await member(t);
    await stripeSubscriber(t, stripe, "other-me@example.com", "monthly", { referralCode: me.code });
    const other = userByEmail(t, "other-me@example.com");
    const memberCard = stripe.get(stripe.get(me.user.stripeSubscriptionId!)!.default_payment_method)!.card.fingerprint;
    payWithFingerprint(other, memberCard);
    await deliverWebhook(t, invoicePaid(other, 1000));
    expect(referralOf(t, other)).toMatchObject({ status: "refused", refusedBecause: "same-card" });
    expect(credits()).toHaveLength(0);
  });

  test("one reward per paying person: deleted and back through another member's link, they earn nothing", async () => {
    const t = stripeApp(stripe);
    const alice = await member(t, "alice@example.com");
    const bob = await member(t, "bob@example.com");
    await stripeSubscriber(t, stripe, "friend@example.com", "monthly", { referralCode: alice.code });
    await deliverWebhook(t, invoicePaid(userByEmail(t, "friend@example.com"), 1000));
    expect(balanceOf(alice.user)).toBe(-1000);

    // The account is deleted (as an admin or the member would); the same person joins again as a +alias.
    t.db.delete(users).where(eq(users.email, "friend@example.com")).run();
    await stripeSubscriber(t, stripe, "friend+2@example.com", "monthly", { referralCode: bob.code, paidPlan: true });
    const again = userByEmail(t, "friend+2@example.com");
    await deliverWebhook(t, invoicePaid(again, 1000));
    expect(referralOf(t, again)).toMatchObject({ status: "refused", refusedBecause: "person-rewarded-before" });
    expect(balanceOf(bob.user)).toBe(0);
  });

  test("one reward per card: a second person paying with a card that earned a month earns nothing", async () => {
    const t = stripeApp(stripe);
    const alice = await member(t, "alice@example.com");
    await stripeSubscriber(t, stripe, "first@example.com", "monthly", { referralCode: alice.code });
    await stripeSubscriber(t, stripe, "second@example.com", "monthly", { referralCode: alice.code });
    const first = userByEmail(t, "first@example.com");
    const second = userByEmail(t, "second@example.com");
    payWithFingerprint(first, "fp_shared_card");
    payWithFingerprint(second, "fp_shared_card");
    await deliverWebhook(t, invoicePaid(first, 1000));
    await deliverWebhook(t, invoicePaid(second, 1000));
    expect(referralOf(t, second)).toMatchObject({ status: "refused", refusedBecause: "card-rewarded-before" });
    expect(balanceOf(alice.user)).toBe(-1000);
    expect(await alice.panel()).toMatchObject({ joined: 2, paid: 1, monthsEarned: 1 });
  });

  test("a refund before the reward closes the referral; a later invoice.paid earns nothing", async () => {
    const t = stripeApp(stripe);
    const alice = await member(t);
    await stripeSubscriber(t, stripe, "friend@example.com", "monthly", { referralCode: alice.code });
    const friend = userByEmail(t, "friend@example.com");
    await deliverWebhook(t, chargeRefunded(friend));
    await deliverWebhook(t, invoicePaid(friend, 1000));
    expect(referralOf(t, friend)).toMatchObject({ status: "refused", refusedBecause: "refunded" });
    expect(credits()).toHaveLength(0);
  });

  test("a refund after the reward takes the month back, once; a partial refund before it changes nothing", async () => {
    const t = stripeApp(stripe);
    const alice = await member(t);
    await stripeSubscriber(t, stripe, "friend@example.com", "monthly", { referralCode: alice.code });
    const friend = userByEmail(t, "friend@example.com");
    await deliverWebhook(t, invoicePaid(friend, 1000));
    await deliverWebhook(t, chargeRefunded(friend, false));
    expect(referralOf(t, friend)!.status).toBe("rewarded");
    expect(balanceOf(alice.user)).toBe(-1000);
    const refund = chargeRefunded(friend);
    await Promise.all([deliverWebhook(t, refund), deliverWebhook(t, chargeRefunded(friend))]);
    await deliverWebhook(t, refund);
    expect(balanceOf(alice.user)).toBe(0);
    expect(credits().map((c) => c.amount)).toEqual([-1000, 1000]);
    expect(referralOf(t, friend)!.status).toBe("reversed");
    expect(await alice.panel()).toMatchObject({ joined: 1, paid: 1, monthsEarned: 0 });
  });

  test("an unknown or malformed code is ignored and the signup goes on", async () => {
    const t = stripeApp(stripe);
    await member(t);
    await stripeSubscriber(t, stripe, "a@example.com", "monthly", { referralCode: "a".repeat(32) });
    await stripeSubscriber(t, stripe, "b@example.com", "monthly", { referralCode: "member@example.com" });
    expect(userByEmail(t, "a@example.com")).toBeDefined();
    expect(userByEmail(t, "b@example.com")).toBeDefined();
    expect(t.db.select().from(referrals).all()).toHaveLength(0);
  });

  test("the panel needs a session", async () => {
    const t = stripeApp(stripe);
    expect((await t.request("GET", "/api/referrals")).status).toBe(401);
  });
});
