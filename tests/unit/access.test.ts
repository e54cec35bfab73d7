import { describe, expect, test } from "bun:test";
import { hasDealAccess } from "../../src/domain/access.ts";

const now = new Date("2026-11-22T12:00:00Z");
const later = new Date("2026-12-01T00:00:00Z");
const earlier = new Date("2026-11-01T00:00:00Z");

describe("hasDealAccess", () => {
  test("an Active subscription (a trial included) gets deals", () => {
    expect(hasDealAccess({ subscriptionStatus: "Active", cancelAtPeriodEnd: false, currentPeriodEnd: later }, now)).toBe(true);
    expect(hasDealAccess({ subscriptionStatus: "Active", cancelAtPeriodEnd: false, currentPeriodEnd: null }, now)).toBe(true);
  });

  test("a subscription cancelled at period end keeps access until the period ends", () => {
    expect(hasDealAccess({ subscriptionStatus: "Active", cancelAtPeriodEnd: true, currentPeriodEnd: later }, now)).toBe(true);
    expect(hasDealAccess({ subscriptionStatus: "Active", cancelAtPeriodEnd: true, currentPeriodEnd: earlier }, now)).toBe(false);
    expect(hasDealAccess({ subscriptionStatus: "Active", cancelAtPeriodEnd: true, currentPeriodEnd: now }, now)).toBe(false);
  });

  test.each(["Paused", "Cancelled", "Past Due", "Unpaid", "Incomplete", "None"])("status %s gets no deals", (subscriptionStatus) => {
    expect(hasDealAccess({ subscriptionStatus, cancelAtPeriodEnd: false, currentPeriodEnd: later }, now)).toBe(false);
  });
});
