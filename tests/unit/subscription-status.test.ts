import { describe, expect, test } from "bun:test";
import { localStatus } from "../../src/server/billing/subscription-status.ts";

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
    expect(localStatus({ status, paused: false })).toBe(shown);
  });

  test("a subscription whose collection is paused shows Paused, whatever its status", () => {
    expect(localStatus({ status: "active", paused: true })).toBe("Paused");
    expect(localStatus({ status: "past_due", paused: true })).toBe("Paused");
  });
});
