import { describe, expect, test } from "bun:test";
import { rejoinKind } from "../../src/domain/rejoin.ts";

const now = new Date("2026-11-22T15:00:00Z");
const later = new Date("2026-12-22T15:00:00Z");
const earlier = new Date("2026-11-01T15:00:00Z");
const member = { subscriptionStatus: "Active", cancelAtPeriodEnd: false, currentPeriodEnd: later, stripeCustomerId: "cus_1" };

describe("rejoinKind", () => {
  test("an ended subscription, or a cancellation whose period is over, starts a new one", () => {
    expect(rejoinKind({ ...member, subscriptionStatus: "Cancelled" }, now)).toBe("new-subscription");
    expect(rejoinKind({ ...member, cancelAtPeriodEnd: true, currentPeriodEnd: earlier }, now)).toBe("new-subscription");
  });

  test("a paused subscription, or a cancellation still inside its period, is kept", () => {
    expect(rejoinKind({ ...member, subscriptionStatus: "Paused" }, now)).toBe("keep-subscription");
    expect(rejoinKind({ ...member, cancelAtPeriodEnd: true }, now)).toBe("keep-subscription");
  });

  test("active, past-due and unpaid members have nothing to rejoin; nor has anyone without a customer to bill", () => {
    expect(rejoinKind(member, now)).toBeNull();
    expect(rejoinKind({ ...member, subscriptionStatus: "Past Due" }, now)).toBeNull();
    expect(rejoinKind({ ...member, subscriptionStatus: "Unpaid" }, now)).toBeNull();
    expect(rejoinKind({ ...member, subscriptionStatus: "Cancelled", stripeCustomerId: null }, now)).toBeNull();
  });
});
