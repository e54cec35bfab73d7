import { type Static, Type as t } from "@sinclair/typebox";

/** The dashboard's referral panel (decision 135): the member's own link and what it has earned. */
export const ReferralSummary = t.Object({
  link: t.String(),
  joined: t.Integer({ minimum: 0 }),
  paid: t.Integer({ minimum: 0 }),
  monthsEarned: t.Integer({ minimum: 0 }),
  /** What one free month is worth to this member, in whole dollars (one month of their plan). */
  monthValue: t.Integer({ minimum: 0 }),
});
export type ReferralSummary = Static<typeof ReferralSummary>;
