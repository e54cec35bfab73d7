import { describe, expect, test } from "bun:test";
import { freeTrialEnd, localStatus, pauseEnd } from "../../src/server/billing/subscription-status.ts";
import type { SubscriptionSnapshot } from "../../src/server/billing/billing.ts";

const NOW = new Date("2026-11-22T15:00:00Z");
const DAY = 86_400_000;

describe("Stripe's subscription status as GoRDU shows it", () => {
  test.each([
    ["trialing", "Active"],
    ["active", "Active"],
    ["paused", "Paused"],
    ["canceled", "Cancelled"],
    ["incomplete_expired", "Cancelled"],
    ["past_due", "Past Due"],
    ["unpaid", "Unpaid"],
    ["incomplete", "Incomplete"],
  ])("%s → %s", (status, shown) => {
    expect(localStatus({ status, paused: false }, NOW)).toBe(shown);
  });

  test("a subscription whose collection is paused shows Paused, whatever its status", () => {
    expect(localStatus({ status: "active", paused: true }, NOW)).toBe("Paused");
    expect(localStatus({ status: "past_due", paused: true }, NOW)).toBe("Paused");
  });
});

describe("a renewal moved by a member's pause (decision 138): trialing at Stripe, never a free trial here", () => {
  const snapshot = (fields: Partial<SubscriptionSnapshot>): SubscriptionSnapshot => ({
    id: "sub_1",
    customerId: "cus_1",
    status: "trialing",
    paused: false,
    resumesAt: null,
    memberPauseEndsAt: new Date(NOW.getTime() + 30 * DAY),
    planType: "annual",
    trialEnd: new Date(NOW.getTime() + 400 * DAY),
    currentPeriodEnd: new Date(NOW.getTime() + 400 * DAY),
    cancelAtPeriodEnd: false,
    card: null,
    ...fields,
  });

  test("Paused until the pause's end, with that end; Active after it; no trial end either way", () => {
    const moved = snapshot({});
    expect(localStatus(moved, NOW)).toBe("Paused");
    expect(pauseEnd(moved, NOW)).toEqual(moved.memberPauseEndsAt);
    const after = new Date(moved.memberPauseEndsAt!.getTime());
    expect(localStatus(moved, after)).toBe("Active");
    expect(pauseEnd(moved, after)).toBeNull();
    expect(freeTrialEnd(moved)).toBeNull();
  });

  test("a real trial (no pause's mark) stays a trial, shown Active with its end", () => {
    const trial = snapshot({ memberPauseEndsAt: null, planType: "monthly" });
    expect(localStatus(trial, NOW)).toBe("Active");
    expect(freeTrialEnd(trial)).toEqual(trial.trialEnd);
    expect(pauseEnd(trial, NOW)).toBeNull();
  });

  test("an admin's pause_collection shows Paused with no end, also laid over a member's pause", () => {
    const admin = snapshot({ status: "active", memberPauseEndsAt: null, trialEnd: null, paused: true });
    expect(localStatus(admin, NOW)).toBe("Paused");
    expect(pauseEnd(admin, NOW)).toBeNull();
    const overMember = snapshot({ paused: true });
    expect(pauseEnd(overMember, NOW)).toBeNull();
    expect(localStatus(overMember, new Date(overMember.memberPauseEndsAt!.getTime() + DAY))).toBe("Paused");
  });
});
