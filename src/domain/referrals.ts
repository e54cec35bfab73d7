import type { PlanType } from "./api/common.ts";
import { canonicalMailbox } from "./mailbox.ts";
import { PLANS } from "./plans.ts";

/**
 * Referrals that pay in free months (decision 135). Pure rules; the server applies them where a friend signs up
 * (who referred them) and where the friend's first charge is paid (whether the member earns a month).
 */

/** A referral code is 32 base32 characters from the CSPRNG (160 bits): not guessable, and it names nobody. */
export const REFERRAL_CODE_PATTERN = /^[a-z2-7]{32}$/;

export function isReferralCode(value: string): boolean {
  return REFERRAL_CODE_PATTERN.test(value);
}

/** One month of the member's own plan, in cents: $10 monthly; $6 annual (a twelfth of $72, what a month costs them). */
export function freeMonthCents(planType: PlanType): number {
  return PLANS[planType].monthlyEquivalent * 100;
}

export interface ReferralParty {
  userId: number;
  email: string;
  /** The provider's card fingerprint of the card on file; null when unknown. */
  cardFingerprint: string | null;
}

export type SelfReferral = "same-account" | "same-address" | "same-card";

/** The friend is the member under another name: the same account, the same mailbox, or the same card. */
export function selfReferral(member: ReferralParty, friend: ReferralParty): SelfReferral | null {
  if (member.userId === friend.userId) return "same-account";
  if (canonicalMailbox(member.email) === canonicalMailbox(friend.email)) return "same-address";
  if (member.cardFingerprint && friend.cardFingerprint && member.cardFingerprint === friend.cardFingerprint) return "same-card";
  return null;
}

export type RefusedBecause = SelfReferral | "person-rewarded-before" | "card-rewarded-before" | "refunded" | "member-gone";

export interface FirstPayment {
  /** What the friend paid, in cents: a trial's $0 invoice is no payment. */
  amountPaidCents: number;
  /** The person (their mailbox) or the card already earned somebody a free month. */
  personRewardedBefore: boolean;
  cardRewardedBefore: boolean;
  /** The member can still be credited (has an account and a billing customer). */
  memberBillable: boolean;
}

export type RewardDecision = { reward: true } | { reward: false; because: RefusedBecause } | { reward: false; because: null };

/**
 * Whether a friend's paid invoice earns the member a month. `because: null` means "not yet" (nothing paid, e.g. a
 * trial's $0 invoice): the referral stays open. Any other refusal closes it for good.
 */
export function rewardForPayment(member: ReferralParty, friend: ReferralParty, payment: FirstPayment): RewardDecision {
  if (payment.amountPaidCents <= 0) return { reward: false, because: null };
  const self = selfReferral(member, friend);
  if (self) return { reward: false, because: self };
  if (payment.personRewardedBefore) return { reward: false, because: "person-rewarded-before" };
  if (payment.cardRewardedBefore) return { reward: false, because: "card-rewarded-before" };
  if (!payment.memberBillable) return { reward: false, because: "member-gone" };
  return { reward: true };
}

export interface ReferralCounts {
  joined: number;
  paid: number;
  monthsEarned: number;
}

/** What the dashboard counts: every friend who joined, those who paid (a reward, even if later reversed), months kept. */
export function referralCounts(statuses: readonly string[]): ReferralCounts {
  return {
    joined: statuses.length,
    paid: statuses.filter((status) => status === "rewarded" || status === "reversed").length,
    monthsEarned: statuses.filter((status) => status === "rewarded").length,
  };
}

/** The referral rules as the Terms and the dashboard state them (decision 135); the server enforces each. */
export const REFERRAL_RULES: readonly string[] = [
  "Each member has a personal referral link. When a friend joins GoRDU through it and pays their first charge, the member gets one free month: a credit of one month of the member's own plan ($10 on the monthly plan, $6 on the annual plan), used by their next payments.",
  "A free trial alone earns nothing: the month is earned only when the friend's first paid charge goes through.",
  "Referring yourself earns nothing: not with the same account, not with another address of the same mailbox, and not with the same card.",
  "Each paying person and each card earns a free month for one member, once, even if their account is deleted and made again.",
  "If the friend's payment is refunded, the free month is not given, or is taken back if it was given already.",
  "Credits have no cash value and end with the account.",
];
