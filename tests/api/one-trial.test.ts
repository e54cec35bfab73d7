import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { pendingSignups, testBillingObjects, trialClaims, users } from "../../db/schema.ts";
import { claimTrialsOfEarlierMembers } from "../../src/server/billing/trial-claims.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { anotherCard, startSignup, subscribe, VISA } from "../support/signup.ts";
import { deliverWebhook, stripeApp } from "../support/stripe-app.ts";
import { startStripeServer, stripeEvent, type StripeServer } from "../support/stripe-server.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

/** Decision 098: one free trial per person, per card and per mailbox, also after the account is deleted; a refusal comes before any charge. */

const userByEmail = (t: TestApp, email: string) => t.db.select().from(users).where(eq(users.email, email)).get();

/** Steps 1–3 in test billing: details, code, this card. Answers the signup cookie and whether the page was told of a free trial. */
async function signupWithCard(t: TestApp, email: string, card: typeof VISA) {
  const { cookie, created } = await startSignup(t, email);
  expect(created.status).toBe(200);
  const { clientSecret, freeTrial } = await json(created);
  expect((await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...card } })).status).toBe(200);
  return { cookie, freeTrial: freeTrial as boolean };
}

const complete = (t: TestApp, email: string, cookie: string, paidPlan?: boolean) =>
  t.request("POST", "/api/complete-subscription", { body: { email, ...(paidPlan === undefined ? {} : { paidPlan }) }, cookie });

async function deleteByAdmin(t: TestApp, email: string) {
  const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free" });
  const response = await t.request("DELETE", `/api/admin/users/${userByEmail(t, email)!.id}`, { cookie: await signIn(t, admin.email) });
  expect(response.status).toBe(200);
}

describe("one trial per person (test billing)", () => {
  test("a deleted member's address coming back: the page is told before the card that there is no trial; joining is paid today", async () => {
    const t = createTestApp();
    await subscribe(t, "gina@example.com");
    await deleteByAdmin(t, "gina@example.com");

    const { cookie, freeTrial } = await signupWithCard(t, "gina@example.com", anotherCard());
    expect(freeTrial).toBe(false);
    const offered = await complete(t, "gina@example.com", cookie);
    expect(offered.status).toBe(200);
    expect(await json(offered)).toEqual({
      offer: "paid-plan",
      reason: "address",
      message: "This email address has already had a GoRDU free trial, so we can't start another one. Nothing has been charged.",
    });
    expect(userByEmail(t, "gina@example.com")).toBeUndefined();

    const joined = await complete(t, "gina@example.com", cookie, true);
    expect(joined.status).toBe(200);
    expect(cookieNames(joined)).toContain("gordu_session");
    const gina = userByEmail(t, "gina@example.com")!;
    expect(gina).toMatchObject({ subscriptionStatus: "Active", trialEndsAt: null });
    expect((await t.deps.billing.getSubscription(gina.stripeSubscriptionId!)).status).toBe("active");
  });

  test.each(["gina+2@gmail.com", "G.ina@gmail.com", "gina@googlemail.com"])("an alias of the same mailbox (%s) gets no second trial", async (alias) => {
    const t = createTestApp();
    await subscribe(t, "gina@gmail.com");
    const { freeTrial } = await signupWithCard(t, alias, anotherCard());
    expect(freeTrial).toBe(false);
  });

  test("the same card on another address: refused after the card, before any charge; the trial subscription is cancelled; the paid plan is offered and works", async () => {
    const t = createTestApp();
    const card = anotherCard();
    await subscribe(t, "gina@example.com", "monthly", card);

    const { cookie, freeTrial } = await signupWithCard(t, "gina.two@example.com", card);
    expect(freeTrial).toBe(true);
    const offered = await complete(t, "gina.two@example.com", cookie);
    expect(await json(offered)).toMatchObject({ offer: "paid-plan", reason: "card", message: expect.stringContaining("This card has already had") });
    expect(cookieNames(offered)).not.toContain("gordu_session");
    expect(userByEmail(t, "gina.two@example.com")).toBeUndefined();
    const trial = t.db.select().from(pendingSignups).get()!.stripeSubscriptionId!;
    expect((await t.deps.billing.getSubscription(trial)).status).toBe("canceled");

    // Asking again without accepting changes nothing.
    expect(await json(await complete(t, "gina.two@example.com", cookie))).toMatchObject({ offer: "paid-plan", reason: "card" });
    const [joined, doubleClick] = await Promise.all([complete(t, "gina.two@example.com", cookie, true), complete(t, "gina.two@example.com", cookie, true)]);
    expect([joined.status, doubleClick.status]).toEqual([200, 200]);
    const member = userByEmail(t, "gina.two@example.com")!;
    expect(member).toMatchObject({ subscriptionStatus: "Active", trialEndsAt: null, cardLast4: card.cardNumber.slice(-4) });
    // Gina's trial, the refused one (cancelled) and one paid subscription, though the button was clicked twice.
    const statuses = t.db
      .select()
      .from(testBillingObjects)
      .where(eq(testBillingObjects.kind, "subscription"))
      .all()
      .map((s) => (s.data as { status: string }).status);
    expect(statuses.sort()).toEqual(["active", "canceled", "trialing"]);

    await deliverDueEmails(t.deps);
    const welcome = t.mailer.sent.find((sent) => sent.to === "gina.two@example.com" && sent.subject.startsWith("Welcome"))!;
    expect(welcome.text).toContain("Your membership has started; your next payment is on");
    expect(welcome.text).not.toContain("free trial");
  });

  test("two signups at once with one card: one trial, the other is offered the paid plan", async () => {
    const t = createTestApp();
    const card = anotherCard();
    const first = await signupWithCard(t, "one@example.com", card);
    const second = await signupWithCard(t, "two@example.com", card);
    const answers = await Promise.all([complete(t, "one@example.com", first.cookie), complete(t, "two@example.com", second.cookie)]);
    const bodies = await Promise.all(answers.map((answer) => json(answer)));
    expect(bodies.filter((body) => body.success === true)).toHaveLength(1);
    expect(bodies.filter((body) => body.offer === "paid-plan")).toHaveLength(1);
    expect(t.db.select().from(users).all()).toHaveLength(1);
  });

  test("a new address with a new card still gets the 7-day trial", async () => {
    const t = createTestApp();
    await subscribe(t, "first@example.com");
    const { cookie, freeTrial } = await signupWithCard(t, "second@example.com", anotherCard());
    expect(freeTrial).toBe(true);
    expect((await json(await complete(t, "second@example.com", cookie))).success).toBe(true);
    expect(userByEmail(t, "second@example.com")!.trialEndsAt).not.toBeNull();
  });

  test("only hashes are kept: no address or card number in the claims", async () => {
    const t = createTestApp();
    await subscribe(t, "private@example.com", "monthly", { ...VISA, cardNumber: "3566002020360505" });
    const stored = JSON.stringify(t.db.select().from(trialClaims).all());
    expect(stored).not.toContain("private");
    expect(stored).not.toContain("3566002020360505");
    expect(t.db.select().from(trialClaims).all()).toHaveLength(2);
  });

  test("the members who joined before the claims existed are remembered by address, once", async () => {
    const t = createTestApp();
    await createUser(t, { email: "early@example.com" });
    await createUser(t, { email: "staff@example.com", subscriptionType: "Free" });
    claimTrialsOfEarlierMembers(t.db, t.clock.now());
    claimTrialsOfEarlierMembers(t.db, t.clock.now());
    expect(t.db.select().from(trialClaims).all()).toHaveLength(1);
    expect((await signupWithCard(t, "early+again@example.com", anotherCard())).freeTrial).toBe(false);
    expect((await signupWithCard(t, "staff+2@example.com", anotherCard())).freeTrial).toBe(true);
  });
});

const cookieNames = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);

describe("one trial per person (Stripe, against the local Stripe)", () => {
  let stripe: StripeServer;
  beforeAll(() => {
    stripe = startStripeServer();
  });
  afterAll(() => stripe.stop());
  beforeEach(() => stripe.reset());

  /** Steps 1–3 with Stripe: details, code, the card confirmed as Stripe.js would, with this card's fingerprint. */
  async function stripeSignup(t: TestApp, email: string, fingerprint: string) {
    const { cookie, created } = await startSignup(t, email);
    const { clientSecret, freeTrial } = await json(created);
    stripe.succeedSetupIntent(clientSecret.split("_secret_")[0], { brand: "visa", last4: "4242", fingerprint });
    return { cookie, freeTrial: freeTrial as boolean };
  }

  test("the same card (fingerprint) on another address: the trial is cancelled at Stripe, and accepting starts a subscription without trial, paid with that card", async () => {
    const t = stripeApp(stripe);
    const first = await stripeSignup(t, "gina@example.com", "fp_gina_card");
    expect((await json(await complete(t, "gina@example.com", first.cookie))).success).toBe(true);

    const second = await stripeSignup(t, "gina.alias@example.com", "fp_gina_card");
    const offered = await json(await complete(t, "gina.alias@example.com", second.cookie));
    expect(offered).toMatchObject({ offer: "paid-plan", reason: "card" });
    const refusedTrial = t.db.select().from(pendingSignups).get()!.stripeSubscriptionId!;
    expect(stripe.get(refusedTrial)!.status).toBe("canceled");
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${refusedTrial}`)).toHaveLength(1);

    const joined = await complete(t, "gina.alias@example.com", second.cookie, true);
    expect(joined.status).toBe(200);
    const paid = stripe.requestsTo("POST", "/v1/subscriptions").at(-1)!;
    expect(paid.params.trial_period_days).toBeUndefined();
    expect(paid.params).toMatchObject({ payment_behavior: "error_if_incomplete" });
    expect(userByEmail(t, "gina.alias@example.com")).toMatchObject({ subscriptionStatus: "Active", trialEndsAt: null });
  });

  test("the webhook does not finish a signup whose card had its trial; the browser settles it", async () => {
    const t = stripeApp(stripe);
    const first = await stripeSignup(t, "gina@example.com", "fp_shared");
    await complete(t, "gina@example.com", first.cookie);
    const { cookie, created } = await startSignup(t, "other@example.com");
    const setupIntentId = (await json(created)).clientSecret.split("_secret_")[0];
    stripe.succeedSetupIntent(setupIntentId, { brand: "visa", last4: "4242", fingerprint: "fp_shared" });
    expect((await deliverWebhook(t, stripeEvent("setup_intent.succeeded", stripe.get(setupIntentId)!))).status).toBe(200);
    expect(userByEmail(t, "other@example.com")).toBeUndefined();
    expect((await json(await complete(t, "other@example.com", cookie))).offer).toBe("paid-plan");
  });

  test("hosted Checkout paid with a card that had its trial: back on the dashboard the trial is cancelled and the paid plan offered; accepting charges that card", async () => {
    const t = stripeApp(stripe, "hosted");
    const first = await startSignup(t, "first@example.com");
    const firstSession = stripe.objects("checkout.session")[0]!.id;
    stripe.completeCheckout(firstSession, { brand: "visa", last4: "4242", fingerprint: "fp_hosted" });
    expect((await json(await t.request("POST", "/api/complete-checkout", { body: { sessionId: firstSession }, cookie: first.cookie }))).success).toBe(true);

    const second = await startSignup(t, "second@example.com");
    const sessionId = stripe.objects("checkout.session")[1]!.id;
    const { subscriptionId } = stripe.completeCheckout(sessionId, { brand: "visa", last4: "4242", fingerprint: "fp_hosted" });
    const offered = await json(await t.request("POST", "/api/complete-checkout", { body: { sessionId }, cookie: second.cookie }));
    expect(offered).toMatchObject({ offer: "paid-plan", reason: "card" });
    expect(stripe.get(subscriptionId)!.status).toBe("canceled");

    const joined = await t.request("POST", "/api/complete-checkout", { body: { sessionId, paidPlan: true }, cookie: second.cookie });
    expect(joined.status).toBe(200);
    const member = userByEmail(t, "second@example.com")!;
    expect(member).toMatchObject({ subscriptionStatus: "Active", trialEndsAt: null });
    expect(member.stripeSubscriptionId).not.toBe(subscriptionId);
    expect(stripe.get(member.stripeSubscriptionId!)!.status).toBe("active");

    // A day later the purge finds nothing left to cancel and makes no call Stripe would refuse.
    const { purgeAbandonedSignups } = await import("../../src/server/billing/abandoned-signups.ts");
    t.clock.advance(25 * 60 * 60_000);
    await purgeAbandonedSignups(t.deps);
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  });

  test("a refused trial left unanswered: the purge a day later cancels nothing twice", async () => {
    const t = stripeApp(stripe);
    const first = await stripeSignup(t, "gina@example.com", "fp_twice");
    await complete(t, "gina@example.com", first.cookie);
    const second = await stripeSignup(t, "again@example.com", "fp_twice");
    expect((await json(await complete(t, "again@example.com", second.cookie))).offer).toBe("paid-plan");
    const refused = t.db.select().from(pendingSignups).get()!.stripeSubscriptionId!;
    const { purgeAbandonedSignups } = await import("../../src/server/billing/abandoned-signups.ts");
    t.clock.advance(25 * 60 * 60_000);
    await purgeAbandonedSignups(t.deps);
    expect(t.db.select().from(pendingSignups).all()).toHaveLength(0);
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${refused}`)).toHaveLength(1);
  });

  test("hosted Checkout for an address that had its trial: the session has no trial, and Stripe's page charges at once", async () => {
    const t = stripeApp(stripe, "hosted");
    t.db
      .insert(trialClaims)
      .values({ keyHash: new Bun.CryptoHasher("sha256").update("address:back@example.com").digest("hex"), claimedAt: t.clock.now() })
      .run();
    const { created } = await startSignup(t, "Back+again@example.com");
    expect(await json(created)).toMatchObject({ freeTrial: false, sessionUrl: expect.stringContaining("https://checkout.stripe.com/") });
    const [request] = stripe.requestsTo("POST", "/v1/checkout/sessions");
    expect(request!.params.subscription_data.trial_period_days).toBeUndefined();
  });
});
