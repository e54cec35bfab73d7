import { describe, expect, test } from "bun:test";
import {
  freeMonthCents,
  isReferralCode,
  referralCounts,
  rewardForPayment,
  selfReferral,
  type FirstPayment,
  type ReferralParty,
} from "../../src/domain/referrals.ts";
import { newToken } from "../../src/server/auth/tokens.ts";

const member: ReferralParty = { userId: 1, email: "Pat.Lee@gmail.com", cardFingerprint: "fp_member" };
const friend: ReferralParty = { userId: 2, email: "sam@example.com", cardFingerprint: "fp_friend" };
const paid: FirstPayment = { amountPaidCents: 1000, personRewardedBefore: false, cardRewardedBefore: false, memberBillable: true };

describe("freeMonthCents: one month of the member's own plan", () => {
  test("$10 monthly, $6 annual (a twelfth of $72)", () => {
    expect(freeMonthCents("monthly")).toBe(1000);
    expect(freeMonthCents("annual")).toBe(600);
  });
});

describe("selfReferral", () => {
  test("the same account, the same mailbox (+tag, Gmail dots, case) and the same card are the member", () => {
    expect(selfReferral(member, { ...member })).toBe("same-account");
    expect(selfReferral(member, { ...friend, email: "patlee+deals@googlemail.com" })).toBe("same-address");
    expect(selfReferral(member, { ...friend, cardFingerprint: "fp_member" })).toBe("same-card");
  });

  test("another person with another card is not; unknown cards are not compared", () => {
    expect(selfReferral(member, friend)).toBeNull();
    expect(selfReferral({ ...member, cardFingerprint: null }, { ...friend, cardFingerprint: null })).toBeNull();
  });
});

describe("rewardForPayment", () => {
  test("a paid first charge from another person with a fresh card earns the month", () => {
    expect(rewardForPayment(member, friend, paid)).toEqual({ reward: true });
  });

  test("a $0 (trial) invoice is not yet a payment: the referral stays open", () => {
    expect(rewardForPayment(member, friend, { ...paid, amountPaidCents: 0 })).toEqual({ reward: false, because: null });
  });

  test("each abuse rule refuses for good, naming itself", () => {
    expect(rewardForPayment(member, { ...friend, cardFingerprint: "fp_member" }, paid)).toEqual({ reward: false, because: "same-card" });
    expect(rewardForPayment(member, friend, { ...paid, personRewardedBefore: true })).toEqual({ reward: false, because: "person-rewarded-before" });
    expect(rewardForPayment(member, friend, { ...paid, cardRewardedBefore: true })).toEqual({ reward: false, because: "card-rewarded-before" });
    expect(rewardForPayment(member, friend, { ...paid, memberBillable: false })).toEqual({ reward: false, because: "member-gone" });
  });
});

describe("referral codes", () => {
  test("a new code has the shape of one and names nobody; an id, an address or a short guess does not", () => {
    const code = newToken(20);
    expect(isReferralCode(code)).toBe(true);
    expect(isReferralCode("1")).toBe(false);
    expect(isReferralCode("pat.lee@gmail.com")).toBe(false);
    expect(isReferralCode("a".repeat(31))).toBe(false);
  });
});

describe("referralCounts", () => {
  test("joined counts every friend; paid counts rewards even if reversed; months count rewards kept", () => {
    expect(referralCounts(["joined", "rewarded", "reversed", "refused"])).toEqual({ joined: 4, paid: 2, monthsEarned: 1 });
  });
});
