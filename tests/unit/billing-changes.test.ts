import { describe, expect, test } from "bun:test";
import { billingChange, billingConfirmation, type BillingState } from "../../src/domain/billing-changes.ts";

const NOW = new Date("2026-11-28T17:00:00Z");
const NEXT_MONTH = new Date("2026-12-28T17:00:00Z");
const TRIAL_END = new Date("2026-12-03T17:00:00Z");
const VISA = { brand: "visa", last4: "4242" };

const active: BillingState = {
  subscriptionId: "sub_1",
  status: "Active",
  planType: "monthly",
  trialEndsAt: null,
  currentPeriodEnd: NEXT_MONTH,
  cancelAtPeriodEnd: false,
  card: VISA,
};

describe("which billing event a change is", () => {
  test.each<[string, BillingState, BillingState, ReturnType<typeof billingChange>]>([
    ["cancelled at the period's end", active, { ...active, cancelAtPeriodEnd: true }, "cancelled"],
    ["ended at once", { ...active, planType: "annual" }, { ...active, planType: "annual", status: "Cancelled" }, "cancelled"],
    ["a cancellation taking effect as announced", { ...active, cancelAtPeriodEnd: true }, { ...active, status: "Cancelled", cancelAtPeriodEnd: false }, null],
    ["a new subscription after an ended one", { ...active, status: "Cancelled" }, { ...active, subscriptionId: "sub_2", planType: "annual" }, "restarted"],
    ["a cancellation undone", { ...active, cancelAtPeriodEnd: true }, active, "continued"],
    ["a pause lifted", { ...active, status: "Paused" }, active, "continued"],
    ["a pause", active, { ...active, status: "Paused" }, "paused"],
    ["a plan change on the same subscription", active, { ...active, planType: "annual" }, "plan-changed"],
    ["a signup (no subscription before)", { ...active, subscriptionId: null, status: "None" }, active, null],
    ["a renewal", active, { ...active, currentPeriodEnd: new Date("2027-01-28T17:00:00Z") }, null],
    ["a trial turning into the paid plan", { ...active, trialEndsAt: TRIAL_END }, active, null],
    ["a new card", active, { ...active, card: { brand: "mastercard", last4: "4444" } }, null],
    ["nothing at all (a webhook delivered again)", active, active, null],
  ])("%s", (_name, before, after, expected) => {
    expect(billingChange(before, after)).toBe(expected);
  });
});

describe("the confirmation's words", () => {
  test("a cancelled trial: the trial's end, nothing charged, no next payment, the card", () => {
    const before = { ...active, trialEndsAt: TRIAL_END, currentPeriodEnd: TRIAL_END, planType: "annual" as const };
    const confirmation = billingConfirmation("cancelled", before, { ...before, cancelAtPeriodEnd: true }, NOW, "America/New_York");
    expect(confirmation.subject).toBe("Your GoRDU cancellation is confirmed");
    expect(confirmation.paragraphs[0]).toBe("Your free trial continues until December 3, 2026. Nothing has been charged, and nothing will be.");
    expect(confirmation.facts).toEqual([
      { label: "Plan", value: "Annual · $72/year" },
      { label: "Free trial ends", value: "December 3, 2026" },
      { label: "Next payment", value: "None" },
      { label: "Card", value: "VISA •••• 4242" },
    ]);
  });

  test("a paid year ended at once: today's date, $0 charged, no refund for the year it paid to", () => {
    const before = { ...active, planType: "annual" as const, currentPeriodEnd: new Date("2027-06-01T17:00:00Z") };
    const confirmation = billingConfirmation("cancelled", before, { ...before, status: "Cancelled" }, NOW, "America/New_York");
    expect(confirmation.subject).toBe("Your GoRDU membership has ended");
    expect(confirmation.paragraphs[0]).toBe("Your annual plan was cancelled and ended on November 28, 2026, so flight deals and alerts have stopped.");
    expect(confirmation.paragraphs[1]).toBe(
      "You won't be charged again. As our Terms say, no refund is given for the rest of the period you paid for (to June 1, 2027).",
    );
  });

  test("a rejoin on another plan: the amount charged today, the card, the switch and the next payment", () => {
    const after = { ...active, subscriptionId: "sub_2", planType: "annual" as const, currentPeriodEnd: new Date("2027-11-28T17:00:00Z") };
    const confirmation = billingConfirmation("restarted", { ...active, status: "Cancelled" }, after, NOW, "America/New_York");
    expect(confirmation.subject).toBe("Your GoRDU receipt: $72/year");
    expect(confirmation.paragraphs[0]).toBe(
      "Your annual plan is active again. We charged $72 to VISA •••• 4242 today, November 28, 2026. You switched from the monthly plan to the annual plan.",
    );
    expect(confirmation.facts).toContainEqual({ label: "Charged today", value: "$72" });
    expect(confirmation.facts).toContainEqual({ label: "Next payment", value: "$72 on November 28, 2027" });
  });

  test("a cancellation undone: nothing charged today, the next payment and its date", () => {
    const confirmation = billingConfirmation("continued", { ...active, cancelAtPeriodEnd: true }, active, NOW, "America/New_York");
    expect(confirmation.paragraphs).toEqual([
      "Welcome back! Your monthly plan carries on, and nothing is charged today.",
      "Your next payment, $10, is on December 28, 2026.",
    ]);
  });

  test("a plan change and a pause say the plan, the price and when", () => {
    expect(billingConfirmation("plan-changed", active, { ...active, planType: "annual" }, NOW, "America/New_York").paragraphs).toEqual([
      "Your plan changed from monthly ($10/month) to annual ($72/year).",
      "From your next renewal, on December 28, 2026, you pay $72/year.",
    ]);
    expect(billingConfirmation("paused", active, { ...active, status: "Paused" }, NOW, "America/New_York").subject).toBe("Your GoRDU membership is paused");
  });
});
