import { describe, expect, test } from "bun:test";
import { pendingSignups, testBillingObjects, users } from "../../db/schema.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { consoleOutputDuring } from "../support/log-capture.ts";
import { createTestApp, json } from "../support/test-app.ts";
import { DECLINED, signupBody, signupCode, startSignup, subscribe, VISA } from "../support/signup.ts";
import { createUser } from "../support/users.ts";

const DAY = 24 * 60 * 60_000;

describe("POST /api/start-signup and /api/create-subscription (test billing)", () => {
  test("step 1 binds the signup to this browser with an HttpOnly cookie; the emailed code answers a seti_ client secret and a free trial", async () => {
    const t = createTestApp();
    const started = await t.request("POST", "/api/start-signup", { body: signupBody("new@example.com") });
    expect(started.status).toBe(200);
    const cookie = started.headers.getSetCookie().find((c) => c.startsWith("gordu_signup="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toMatch(/SameSite=Lax/i);
    const created = await t.request("POST", "/api/create-subscription", { body: { code: signupCode(t, "new@example.com") }, cookie: cookie.split(";")[0] });
    expect(created.status).toBe(200);
    const body = await json(created);
    expect(body.clientSecret).toMatch(/^seti_/);
    expect(body.freeTrial).toBe(true);
  });

  test.each([
    [{ email: "", firstName: "A", lastName: "B" }],
    [{ email: "a@example.com", firstName: " ", lastName: "B" }],
    [{ email: "a@example.com", firstName: "A" }],
    [{}],
  ])("missing fields answer 400 with the 'Required Fields Missing' text", async (body) => {
    const t = createTestApp();
    const response = await t.request("POST", "/api/start-signup", { body: { planType: "monthly", ...body } });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe("Please enter your email, first name, and last name.");
  });

  test("the same browser asking again with the code gets the same signup: one customer, one subscription", async () => {
    const t = createTestApp();
    const { cookie, created } = await startSignup(t, "twice@example.com");
    const code = signupCode(t, "twice@example.com");
    const [second, third] = await Promise.all([
      t.request("POST", "/api/create-subscription", { body: { code }, cookie }),
      t.request("POST", "/api/create-subscription", { body: { code }, cookie }),
    ]);
    const secrets = new Set([(await json(created)).clientSecret, (await json(second)).clientSecret, (await json(third)).clientSecret]);
    expect(secrets.size).toBe(1);
    const objects = t.db.select().from(testBillingObjects).all();
    expect(objects.filter((o) => o.kind === "customer")).toHaveLength(1);
    expect(objects.filter((o) => o.kind === "subscription")).toHaveLength(1);
    expect(t.db.select().from(pendingSignups).all()).toHaveLength(1);
  });

  test("another email from the same browser replaces the signup and cancels the first one's subscription", async () => {
    const t = createTestApp();
    const { cookie } = await startSignup(t, "first@example.com");
    const firstSubscription = t.db.select().from(pendingSignups).get()!.stripeSubscriptionId!;
    expect((await t.request("POST", "/api/start-signup", { body: signupBody("second@example.com"), cookie })).status).toBe(200);
    expect(
      t.db
        .select()
        .from(pendingSignups)
        .all()
        .map((p) => p.email),
    ).toEqual(["second@example.com"]);
    expect((await t.deps.billing.getSubscription(firstSubscription)).status).toBe("canceled");
  });

  test("an unknown plan type is refused", async () => {
    const t = createTestApp();
    const response = await t.request("POST", "/api/start-signup", { body: { ...signupBody("x@example.com"), planType: "lifetime" } });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/test-billing/confirm-setup", () => {
  test("Stripe's 4242 test card succeeds and 4000 0000 0000 0002 is declined with 'Your card was declined.'", async () => {
    const t = createTestApp();
    const { clientSecret } = await json((await startSignup(t, "cards@example.com")).created);
    const declined = await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...DECLINED } });
    expect(declined.status).toBe(402);
    expect(await json(declined)).toEqual({ error: "Your card was declined." });
    const accepted = await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...VISA } });
    expect(await json(accepted)).toEqual({ status: "succeeded" });
  });

  test("an expired card and a bad CVC are refused with Stripe-like messages", async () => {
    const t = createTestApp();
    const { clientSecret } = await json((await startSignup(t, "exp@example.com")).created);
    const expired = await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...VISA, expYear: 2020 } });
    expect((await json(expired)).error).toBe("Your card's expiration date is in the past.");
    const cvc = await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...VISA, cvc: "1" } });
    expect((await json(cvc)).error).toBe("Your card's security code is incomplete.");
  });
});

describe("POST /api/complete-subscription", () => {
  test("creates the subscriber signed in, needing a password, with defaults, and emails a welcome with a set-password link", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "welcome@example.com", "annual");
    const me = await json(await t.request("GET", "/api/me", { cookie: sessionCookie }));
    expect(me).toMatchObject({
      email: "welcome@example.com",
      firstName: "Jordan",
      needsPasswordSetup: true,
      planType: "annual",
      subscriptionType: "Paid",
      subscriptionStatus: "Active",
      lastLoginAt: null,
      preferences: { emailAlerts: true, destinations: [], maxPrice: 500, nonstopOnly: false },
    });
    expect(me.stripeSubscriptionId).toMatch(/^sub_test_/);

    await deliverDueEmails(t.deps);
    const welcome = t.mailer.sent.find((m) => m.to === "welcome@example.com" && m.subject.startsWith("Welcome"))!;
    expect(welcome.subject).toBe("Welcome to GoRDU: set your password");
    const token = welcome.text.match(/reset-password\?token=(\w+)/)![1]!;
    const set = await t.request("POST", "/api/reset-password", { body: { token, newPassword: "my new password", confirmPassword: "my new password" } });
    expect(set.status).toBe(200);
  });

  test("without the browser's signup cookie, or for another email, nothing is created", async () => {
    const t = createTestApp();
    const { cookie, created } = await startSignup(t, "bound@example.com");
    const { clientSecret } = await json(created);
    await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...VISA } });

    expect((await t.request("POST", "/api/complete-subscription", { body: { email: "bound@example.com" } })).status).toBe(403);
    expect((await t.request("POST", "/api/complete-subscription", { body: { email: "other@example.com" }, cookie })).status).toBe(403);
    expect(t.db.select().from(users).all()).toHaveLength(0);
  });

  test("before the card is confirmed it answers 402 and creates nothing", async () => {
    const t = createTestApp();
    const { cookie } = await startSignup(t, "early@example.com");
    const response = await t.request("POST", "/api/complete-subscription", { body: { email: "early@example.com" }, cookie });
    expect(response.status).toBe(402);
    expect(t.db.select().from(users).all()).toHaveLength(0);
  });

  test("completing twice at once (a double click) makes one user and signs both in", async () => {
    const t = createTestApp();
    const { cookie, created } = await startSignup(t, "double@example.com");
    const { clientSecret } = await json(created);
    await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...VISA } });
    const [a, b] = await Promise.all([
      t.request("POST", "/api/complete-subscription", { body: { email: "double@example.com" }, cookie }),
      t.request("POST", "/api/complete-subscription", { body: { email: "double@example.com" }, cookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(t.db.select().from(users).all()).toHaveLength(1);
    await deliverDueEmails(t.deps);
    expect(t.mailer.sent.filter((m) => m.subject.startsWith("Welcome"))).toHaveLength(1);
  });

  test("no placeholder password is accepted: the new subscriber cannot log in until they set one", async () => {
    const t = createTestApp();
    await subscribe(t, "placeholder@example.com");
    for (const password of ["", "TempPassword123!", "placeholder", "password"]) {
      const response = await t.request("POST", "/api/login", { body: { email: "placeholder@example.com", password } });
      expect([400, 401]).toContain(response.status);
    }
  });
});

describe("GET /api/subscription", () => {
  test("shows plan, trial end, period end and card; 401 when signed out", async () => {
    const t = createTestApp();
    expect((await t.request("GET", "/api/subscription")).status).toBe(401);
    const { sessionCookie } = await subscribe(t, "info@example.com", "monthly", VISA);
    const info = await json(await t.request("GET", "/api/subscription", { cookie: sessionCookie }));
    const trialEnd = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    expect(info).toEqual({
      planType: "monthly",
      subscriptionType: "Paid",
      status: "Active",
      trialEndsAt: trialEnd,
      currentPeriodEnd: trialEnd,
      cancelAtPeriodEnd: false,
      card: { brand: "visa", last4: "4242" },
      hasAccess: true,
      rejoin: null,
      cancellation: {
        summary: expect.stringMatching(/^Your free trial continues until /),
        details: expect.arrayContaining([expect.stringContaining("Nothing has been charged so far.")]),
      },
      pause: { canPause: false, refusal: "A free trial can't be paused. You can cancel it before it ends and nothing is charged.", pausedUntil: null },
    });
  });

  test("after the trial the subscription renews monthly", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "renew@example.com");
    t.clock.advance(8 * DAY);
    const info = await json(await t.request("GET", "/api/subscription", { cookie: sessionCookie }));
    expect(info.status).toBe("Active");
    expect(info.trialEndsAt).toBeNull();
    expect(new Date(info.currentPeriodEnd).getTime()).toBeGreaterThan(t.clock.now().getTime());
  });
});

describe("POST /api/cancel-subscription", () => {
  /** The day a date falls on in New York, the members' default time zone. */
  const nyDay = (date: Date) => date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "America/New_York" });
  const cancel = async (t: ReturnType<typeof createTestApp>, cookie: string) => json(await t.request("POST", "/api/cancel-subscription", { cookie }));
  const confirmationsTo = async (t: ReturnType<typeof createTestApp>, email: string) => {
    await deliverDueEmails(t.deps);
    return t.mailer.sent.filter((m) => m.to === email && /^Your GoRDU (cancellation|membership|receipt|plan)/.test(m.subject));
  };

  for (const plan of ["monthly", "annual"] as const) {
    test(`a ${plan} trial runs to its end: the dialog's words say so before, the answer after, and one email confirms it with the card`, async () => {
      const t = createTestApp();
      const email = `${plan}-trial@example.com`;
      const { sessionCookie } = await subscribe(t, email, plan, VISA);
      const trialEnd = nyDay(new Date(t.clock.now().getTime() + 7 * DAY));
      const before = await json(await t.request("GET", "/api/subscription", { cookie: sessionCookie }));
      expect(before.cancellation.summary).toBe(`Your free trial continues until ${trialEnd}, and you won't be charged.`);
      expect(before.cancellation.details.join(" ")).not.toContain("refund");

      const body = await cancel(t, sessionCookie);
      expect(body.message).toBe(`Your free trial continues until ${trialEnd}. Nothing has been charged, and nothing will be.`);
      expect(body.subscription).toMatchObject({ status: "Active", cancelAtPeriodEnd: true, hasAccess: true, rejoin: "keep-subscription", cancellation: null });
      const [confirmation, ...more] = await confirmationsTo(t, email);
      expect(more).toEqual([]);
      expect(confirmation!.subject).toBe("Your GoRDU cancellation is confirmed");
      expect(confirmation!.text).toMatch(new RegExp(`Free trial ends: +${trialEnd}`));
      expect(confirmation!.text).toMatch(/Card: +VISA •••• 4242/);

      t.clock.advance(7 * DAY + 1000);
      const after = await json(await t.request("GET", "/api/subscription", { cookie: sessionCookie }));
      expect(after).toMatchObject({ status: "Cancelled", hasAccess: false, rejoin: "new-subscription" });
      expect(await confirmationsTo(t, email)).toHaveLength(1);
    });
  }

  test("a paid month: access until the period's end, no charge again, confirmed once", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "monthly@example.com", "monthly");
    t.clock.advance(8 * DAY);
    const periodEnd = nyDay(new Date((await json(await t.request("GET", "/api/subscription", { cookie: sessionCookie }))).currentPeriodEnd));
    const body = await cancel(t, sessionCookie);
    expect(body.message).toBe(`You'll continue to have access until the end of your billing period, ${periodEnd}, and you won't be charged again.`);
    expect(body.subscription).toMatchObject({ status: "Active", cancelAtPeriodEnd: true, hasAccess: true });
    const confirmations = await confirmationsTo(t, "monthly@example.com");
    expect(confirmations.map((m) => m.subject)).toEqual(["Your GoRDU cancellation is confirmed"]);
    expect(confirmations[0]!.text).toMatch(new RegExp(`Access until: +${periodEnd}`));
  });

  test("a paid year: as the Terms say, access ends at once, and the email says it ended today with no refund", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "annual@example.com", "annual");
    t.clock.advance(8 * DAY);
    expect((await json(await t.request("GET", "/api/subscription", { cookie: sessionCookie }))).cancellation.summary).toBe("Your access ends immediately.");
    const body = await cancel(t, sessionCookie);
    expect(body.subscription).toMatchObject({ status: "Cancelled", hasAccess: false });
    expect(body.message).toBe("Your annual plan is cancelled and, as our Terms say, your access has ended.");
    const [ended] = await confirmationsTo(t, "annual@example.com");
    expect(ended!.subject).toBe("Your GoRDU membership has ended");
    expect(ended!.text).toContain(`ended on ${nyDay(t.clock.now())}`);
    expect(ended!.text).toContain("no refund is given for the rest of the period you paid for");
  });

  test("cancelling with no subscription answers 400", async () => {
    const t = createTestApp();
    const { signIn } = await import("../support/users.ts");
    const user = await createUser(t);
    const response = await t.request("POST", "/api/cancel-subscription", { cookie: await signIn(t, user.email) });
    expect(response.status).toBe(400);
  });
});

describe("updating the card", () => {
  test("a confirmed SetupIntent becomes the default card for the customer and the subscription", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "card@example.com");
    const { clientSecret } = await json(await t.request("POST", "/api/create-payment-update-intent", { cookie: sessionCookie }));
    expect(clientSecret).toMatch(/^seti_/);
    const mastercard = { cardNumber: "5555 5555 5555 4444", expMonth: 1, expYear: 2031, cvc: "321" };
    expect((await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...mastercard } })).status).toBe(200);
    const info = await json(await t.request("POST", "/api/complete-payment-update", { cookie: sessionCookie, body: { clientSecret } }));
    expect(info.card).toEqual({ brand: "mastercard", last4: "4444" });
    const subscriptionId = (await json(await t.request("GET", "/api/me", { cookie: sessionCookie }))).stripeSubscriptionId;
    expect((await t.deps.billing.getSubscription(subscriptionId)).card).toEqual({ brand: "mastercard", last4: "4444", fingerprint: expect.any(String) });
  });

  test("an unconfirmed or foreign SetupIntent changes nothing", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "mine@example.com");
    const other = await subscribe(t, "theirs@example.com");
    const { clientSecret } = await json(await t.request("POST", "/api/create-payment-update-intent", { cookie: sessionCookie }));
    expect((await t.request("POST", "/api/complete-payment-update", { cookie: sessionCookie, body: { clientSecret } })).status).toBe(400);
    expect((await t.request("POST", "/api/complete-payment-update", { cookie: sessionCookie, body: { clientSecret: other.clientSecret } })).status).toBe(400);
  });
});

describe("a made-up card update", () => {
  test("an id the provider never made is the client's error: 400, not 503, and nothing logged", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "madeup@example.com");
    let response: Response | undefined;
    const output = await consoleOutputDuring(async () => {
      response = await t.request("POST", "/api/complete-payment-update", { cookie: sessionCookie, body: { clientSecret: "seti_doesnotexist_secret_x" } });
    });
    expect(response!.status).toBe(400);
    expect(await json(response!)).toEqual({ error: "This card update is not valid. Please try again." });
    expect(output).toEqual([]);
  });

  test("a line break in the id the client sent never reaches the server log as a line of its own", async () => {
    const t = createTestApp();
    const { sessionCookie } = await subscribe(t, "forger@example.com");
    const clientSecret = "seti_madeup\n[error] admin password changed from 10.0.0.1\r\n[job] done_secret_x";
    const output = await consoleOutputDuring(() => t.request("POST", "/api/complete-payment-update", { cookie: sessionCookie, body: { clientSecret } }));
    for (const line of output) expect(line).not.toMatch(/[\r\n\u2028\u2029]/);
  });
});

describe("abandoned signups", () => {
  test("a day later an unfinished signup is removed and its trialing subscription cancelled; finished ones stay", async () => {
    const { purgeAbandonedSignups } = await import("../../src/server/billing/abandoned-signups.ts");
    const t = createTestApp();
    await startSignup(t, "gone@example.com");
    await subscribe(t, "kept@example.com");
    const abandoned = t.db
      .select()
      .from(pendingSignups)
      .all()
      .find((p) => p.email === "gone@example.com")!;

    t.clock.advance(DAY + 1000);
    await purgeAbandonedSignups(t.deps);
    expect(t.db.select().from(pendingSignups).all()).toHaveLength(0);
    expect((await t.deps.billing.getSubscription(abandoned.stripeSubscriptionId!)).status).toBe("canceled");
    expect(
      t.db
        .select()
        .from(users)
        .all()
        .map((u) => u.email),
    ).toEqual(["kept@example.com"]);
  });
});

describe("one email, two browsers at once", () => {
  test("both can pay, but only the first to finish gets the account; the other is told to log in (409)", async () => {
    const t = createTestApp();
    const start = async () => {
      const { cookie, created } = await startSignup(t, "race@example.com");
      const { clientSecret } = await json(created);
      await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...VISA } });
      return cookie;
    };
    const [first, second] = [await start(), await start()];
    const answers = await Promise.all(
      [first, second].map((cookie) => t.request("POST", "/api/complete-subscription", { body: { email: "race@example.com" }, cookie })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(t.db.select().from(users).all()).toHaveLength(1);
    const subscriptions = t.db
      .select()
      .from(testBillingObjects)
      .all()
      .filter((o) => o.kind === "subscription");
    const statuses = await Promise.all(subscriptions.map(async (o) => (await t.deps.billing.getSubscription(o.id)).status));
    expect(statuses.sort()).toEqual(["canceled", "trialing"]);
  });
});
