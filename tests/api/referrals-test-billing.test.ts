import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emailOutbox, referrals, users } from "../../db/schema.ts";
import { DAY_MS } from "../../src/domain/calendar.ts";
import type { TestBilling } from "../../src/server/billing/test-billing.ts";
import { tendBilling } from "../../src/server/jobs.ts";
import { anotherCard, subscribe, subscribeOnPaidPlan } from "../support/signup.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";

/** Decision 135 in test billing: its first paid period is the charge that earns the month. */

const userByEmail = (t: TestApp, email: string) => t.db.select().from(users).where(eq(users.email, email)).get()!;
const balanceOf = (t: TestApp, email: string) => (t.deps.billing as TestBilling).balanceOf(userByEmail(t, email).stripeCustomerId!);

async function member(t: TestApp, email: string, plan: "monthly" | "annual" = "monthly") {
  const { sessionCookie } = await subscribe(t, email, plan);
  const panel = await json(await t.request("GET", "/api/referrals", { cookie: sessionCookie }));
  return { cookie: sessionCookie, code: new URL(panel.link).searchParams.get("ref")! };
}

describe("referral rewards in test billing", () => {
  test("the friend's trial turning paid credits the member $10 once, however often it is seen", async () => {
    const t = createTestApp();
    const alice = await member(t, "alice@example.com");
    const friend = await subscribe(t, "friend@example.com", "monthly", anotherCard(), alice.code);
    expect(balanceOf(t, "alice@example.com")).toBe(0);

    t.clock.advance(8 * DAY_MS);
    await Promise.all([
      t.request("GET", "/api/subscription", { cookie: friend.sessionCookie }),
      t.request("GET", "/api/subscription", { cookie: friend.sessionCookie }),
    ]);
    await t.request("GET", "/api/subscription", { cookie: friend.sessionCookie });

    expect(balanceOf(t, "alice@example.com")).toBe(-1000);
    const panel = await json(await t.request("GET", "/api/referrals", { cookie: alice.cookie }));
    expect(panel).toMatchObject({ joined: 1, paid: 1, monthsEarned: 1, monthValue: 10 });
    const emails = t.db
      .select()
      .from(emailOutbox)
      .all()
      .filter((m) => m.kind === "referral-free-month");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.toAddress).toBe("alice@example.com");
  });

  test("the five-minute job notices the friend's trial turning paid without the friend coming back, once", async () => {
    const t = createTestApp();
    const bob = await member(t, "bob@example.com", "annual");
    const friend = await subscribe(t, "friend@example.com", "monthly", anotherCard(), bob.code);
    await tendBilling(t.deps);
    expect(balanceOf(t, "bob@example.com")).toBe(0);

    t.clock.advance(8 * DAY_MS);
    await tendBilling(t.deps);
    await tendBilling(t.deps);
    expect(balanceOf(t, "bob@example.com")).toBe(-600);
    expect(userByEmail(t, "friend@example.com")).toMatchObject({ subscriptionStatus: "Active", trialEndsAt: null });
    expect(t.db.select().from(referrals).get()!.status).toBe("rewarded");
    expect(
      t.db
        .select()
        .from(emailOutbox)
        .all()
        .filter((m) => m.kind === "referral-free-month"),
    ).toHaveLength(1);
    // The friend coming back later changes nothing.
    await t.request("GET", "/api/subscription", { cookie: friend.sessionCookie });
    expect(balanceOf(t, "bob@example.com")).toBe(-600);
  });

  test("a trial cancelled before it ends (trial-only) earns nothing", async () => {
    const t = createTestApp();
    const alice = await member(t, "alice@example.com", "annual");
    const friend = await subscribe(t, "friend@example.com", "monthly", anotherCard(), alice.code);
    await t.request("POST", "/api/cancel-subscription", { cookie: friend.sessionCookie });
    t.clock.advance(8 * DAY_MS);
    await tendBilling(t.deps);
    await t.request("GET", "/api/subscription", { cookie: friend.sessionCookie });
    expect(balanceOf(t, "alice@example.com")).toBe(0);
    expect(t.db.select().from(referrals).get()!.status).toBe("joined");
  });

  test("a friend paying with the member's own card earns nothing (same card)", async () => {
    const t = createTestApp();
    const card = anotherCard();
    const { sessionCookie } = await subscribe(t, "alice@example.com", "monthly", card);
    const code = new URL((await json(await t.request("GET", "/api/referrals", { cookie: sessionCookie }))).link).searchParams.get("ref")!;
    // The trial is refused for a card that had one, so this friend joins on the paid plan: charged at once.
    await subscribeOnPaidPlan(t, "someone-else@example.com", card, code);
    expect(t.db.select().from(referrals).get()).toMatchObject({ status: "refused", refusedBecause: "same-card" });
    expect(balanceOf(t, "alice@example.com")).toBe(0);
  });

  test("a friend who joins on the paid plan at once earns the member a month at once", async () => {
    const t = createTestApp();
    const alice = await member(t, "alice@example.com");
    const card = anotherCard();
    await subscribe(t, "trial-had@example.com", "monthly", card);
    await subscribeOnPaidPlan(t, "friend@example.com", card, alice.code);
    expect(balanceOf(t, "alice@example.com")).toBe(-1000);
  });
});
