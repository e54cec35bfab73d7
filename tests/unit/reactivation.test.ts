import { describe, expect, test } from "bun:test";
import { reactivationMessage, reactivationSteps } from "../../src/domain/reactivation.ts";

const live = { status: "active", paused: false, cancelAtPeriodEnd: false };

describe("reactivationSteps", () => {
  test("an ended subscription is replaced, whatever flags it still carries", () => {
    expect(reactivationSteps({ ...live, status: "canceled", cancelAtPeriodEnd: true })).toEqual(["start-new"]);
    expect(reactivationSteps({ ...live, status: "canceled", paused: true })).toEqual(["start-new"]);
    expect(reactivationSteps({ ...live, status: "incomplete_expired" })).toEqual(["start-new"]);
  });

  test("a live subscription has its pause lifted and its pending cancellation undone", () => {
    expect(reactivationSteps({ ...live, paused: true })).toEqual(["resume"]);
    expect(reactivationSteps({ ...live, status: "trialing", cancelAtPeriodEnd: true })).toEqual(["undo-cancellation"]);
    expect(reactivationSteps({ ...live, paused: true, cancelAtPeriodEnd: true })).toEqual(["resume", "undo-cancellation"]);
  });

  test("nothing to do for a subscription that is simply live, or in a state re-activation cannot change", () => {
    expect(reactivationSteps(live)).toEqual([]);
    expect(reactivationSteps({ ...live, status: "past_due" })).toEqual([]);
  });

  test("the message says what was done", () => {
    expect(reactivationMessage(["start-new"])).toContain("a new one was started");
    expect(reactivationMessage(["resume", "undo-cancellation"])).toBe(
      "Billing resumed on the existing subscription. The pending cancellation was undone; the subscription will renew.",
    );
  });
});
