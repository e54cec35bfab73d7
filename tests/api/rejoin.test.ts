import { describe, expect, test } from "bun:test";
import { addMonths, addYears } from "date-fns";
import { auditLog, testBillingObjects, users } from "../../db/schema.ts";
import { DECLINED, subscribe, VISA } from "../support/signup.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, reloadUser, signIn } from "../support/users.ts";

/**
 * A member who signed up in test billing with VISA (named in the answers below), as the dashboard sees them; `paid`: eight days later, their free trial over
 * (a cancelled trial runs to its end, a cancelled paid year ends at once: decision 106).
 */
async function member(t: TestApp, plan: "monthly" | "annual" = "monthly", { paid = false } = {}) {
  const email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { sessionCookie } = await subscribe(t, email, plan, VISA);
  if (paid) t.clock.advance(8 * 24 * 60 * 60_000);
  const user = t.db
    .select()
    .from(users)
    .all()
    .find((u) => u.email === email)!;
  return { user, cookie: sessionCookie };
}

const subscriptionOf = async (t: TestApp, cookie: string) => json(await t.request("GET", "/api/subscription", { cookie }));
const rejoin = (t: TestApp, cookie: string, body: object) => t.request("POST", "/api/rejoin", { body, cookie });
const testSubscriptions = (t: TestApp) =>
  t.db
    .select()
    .from(testBillingObjects)
    .all()
    .filter((row) => row.kind === "subscription");

describe("rejoining in test billing", () => {
  test("a cancelled annual member rejoins monthly on the saved card: a new subscription, paid today, no trial", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t, "annual", { paid: true });
    await t.request("POST", "/api/cancel-subscription", { cookie });
    expect(await subscriptionOf(t, cookie)).toMatchObject({ status: "Cancelled", hasAccess: false, rejoin: "new-subscription" });
    expect((await t.request("GET", "/api/flight-deals", { cookie })).status).toBe(403);

    const response = await rejoin(t, cookie, { planType: "monthly" });
    expect(response.status).toBe(200);
    const answer = await json(response);
    expect(answer.message).toBe("Welcome back! Your monthly plan is active again: $10/month, charged today to VISA •••• 4242.");
    expect(answer.subscription).toMatchObject({
      planType: "monthly",
      status: "Active",
      trialEndsAt: null,
      cancelAtPeriodEnd: false,
      hasAccess: true,
      rejoin: null,
      currentPeriodEnd: addMonths(t.clock.now(), 1).toISOString(),
    });
    const after = reloadUser(t, user.id);
    expect(after.stripeSubscriptionId).not.toBe(user.stripeSubscriptionId);
    expect(after.stripeCustomerId).toBe(user.stripeCustomerId);
    expect((await t.request("GET", "/api/flight-deals", { cookie })).status).toBe(200);
    expect(t.db.select().from(auditLog).all().at(-1)).toMatchObject({ action: "subscription.rejoin", actorEmail: user.email, targetEmail: user.email });
  });

  test("a member whose monthly cancellation is still inside its period keeps the same subscription; nothing new is started", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t, "monthly");
    await t.request("POST", "/api/cancel-subscription", { cookie });
    expect(await subscriptionOf(t, cookie)).toMatchObject({ status: "Active", cancelAtPeriodEnd: true, rejoin: "keep-subscription" });

    const other = await rejoin(t, cookie, { planType: "annual" });
    expect(other.status).toBe(400);
    expect((await json(other)).error).toBe("Your monthly plan is still running, so rejoining keeps it. You can choose another plan once it ends.");

    const answer = await json(await rejoin(t, cookie, { planType: "monthly" }));
    expect(answer.message).toStartWith("Welcome back! Your monthly plan continues. Your free trial continues until");
    expect(answer.subscription).toMatchObject({ status: "Active", cancelAtPeriodEnd: false, rejoin: null });
    expect(reloadUser(t, user.id).stripeSubscriptionId).toBe(user.stripeSubscriptionId);
    expect(testSubscriptions(t)).toHaveLength(1);
  });

  test("once the cancelled period is over, rejoining starts a new subscription on the chosen plan", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t, "monthly");
    await t.request("POST", "/api/cancel-subscription", { cookie });
    t.clock.advance(8 * 24 * 60 * 60_000);
    expect(await subscriptionOf(t, cookie)).toMatchObject({ status: "Cancelled", rejoin: "new-subscription" });
    const answer = await json(await rejoin(t, cookie, { planType: "annual" }));
    expect(answer.subscription).toMatchObject({
      planType: "annual",
      status: "Active",
      trialEndsAt: null,
      currentPeriodEnd: addYears(t.clock.now(), 1).toISOString(),
    });
    expect(reloadUser(t, user.id).stripeSubscriptionId).not.toBe(user.stripeSubscriptionId);
  });

  test("a member an admin paused resumes the same subscription, and is Paid again", async () => {
    const t = createTestApp();
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null });
    const { user, cookie } = await member(t, "monthly");
    const paused = await t.request("PUT", `/api/admin/users/${user.id}`, { body: { subscriptionType: "Free" }, cookie: await signIn(t, admin.email) });
    expect((await json(paused)).subscriptionStatus).toBe("Paused");
    expect(await subscriptionOf(t, cookie)).toMatchObject({ status: "Paused", rejoin: "keep-subscription" });

    const answer = await json(await rejoin(t, cookie, { planType: "monthly" }));
    expect(answer.subscription).toMatchObject({ status: "Active", subscriptionType: "Paid", hasAccess: true, rejoin: null });
    expect(reloadUser(t, user.id).stripeSubscriptionId).toBe(user.stripeSubscriptionId);
  });

  test("a new card: a declined one is refused at the card form, an unconfirmed one by the server, a good one becomes the card charged", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t, "annual", { paid: true });
    await t.request("POST", "/api/cancel-subscription", { cookie });

    const { clientSecret } = await json(await t.request("POST", "/api/create-payment-update-intent", { cookie }));
    const unconfirmed = await rejoin(t, cookie, { planType: "annual", clientSecret });
    expect(unconfirmed.status).toBe(400);
    expect((await json(unconfirmed)).error).toBe("Your new card hasn't been confirmed. Please try again.");
    const declined = await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...DECLINED } });
    expect(declined.status).toBe(402);
    expect(reloadUser(t, user.id).subscriptionStatus).toBe("Cancelled");

    const fresh = (await json(await t.request("POST", "/api/create-payment-update-intent", { cookie }))).clientSecret;
    await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret: fresh, ...VISA, cardNumber: "5555 5555 5555 4444" } });
    const answer = await json(await rejoin(t, cookie, { planType: "annual", clientSecret: fresh }));
    expect(answer.message).toContain("charged today to MASTERCARD •••• 4444");
    expect(answer.subscription).toMatchObject({ status: "Active", card: { brand: "mastercard", last4: "4444" } });
  });

  test("a double click or a second tab starts one subscription: the other request finds the membership active", async () => {
    const t = createTestApp();
    const { cookie } = await member(t, "annual", { paid: true });
    await t.request("POST", "/api/cancel-subscription", { cookie });
    const responses = await Promise.all([1, 2, 3].map(() => rejoin(t, cookie, { planType: "monthly" })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await json(responses.find((r) => r.status === 409)!)).error).toBe("Your membership is already active.");
    expect(testSubscriptions(t)).toHaveLength(2);
  });

  test("the server decides who may rejoin: active and past-due members are refused, visitors must log in, the body is strict", async () => {
    const t = createTestApp();
    const { cookie } = await member(t, "monthly");
    const active = await rejoin(t, cookie, { planType: "monthly" });
    expect(active.status).toBe(409);
    expect((await json(active)).error).toBe("Your membership is already active.");

    const pastDue = await createUser(t, { subscriptionStatus: "Past Due", stripeCustomerId: "cus_past_due", cardLast4: "4242" });
    const refused = await rejoin(t, await signIn(t, pastDue.email), { planType: "monthly" });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error).toBe("Your subscription is waiting for a payment: update your card instead.");

    expect((await t.request("POST", "/api/rejoin", { body: { planType: "monthly" } })).status).toBe(401);
    expect((await rejoin(t, cookie, { planType: "monthly", trialPeriodDays: 7 })).status).toBe(400);
    expect((await rejoin(t, cookie, { planType: "weekly" })).status).toBe(400);
    expect((await rejoin(t, cookie, {})).status).toBe(400);
  });

  test("an admin's Re-activate of an ended subscription still works, and a member rejoining afterwards finds it active", async () => {
    const t = createTestApp();
    const admin = await createUser(t, { isAdmin: true, subscriptionType: "Free", planType: null });
    const { user, cookie } = await member(t, "annual", { paid: true });
    await t.request("POST", "/api/cancel-subscription", { cookie });
    const reactivated = await t.request("POST", `/api/admin/users/${user.id}/reactivate-subscription`, { cookie: await signIn(t, admin.email) });
    expect(reactivated.status).toBe(200);
    expect((await rejoin(t, cookie, { planType: "annual" })).status).toBe(409);
    expect(testSubscriptions(t)).toHaveLength(2);
  });
});
