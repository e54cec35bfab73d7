/** Signing up, the member's subscription, rejoining, card updates, and the test billing's card form. */
import { type Static, Type as t } from "@sinclair/typebox";
import { LIMITS } from "../validation.ts";
import { Nullable, PlanType, strict, SubscriptionType } from "./common.ts";
import { PauseInfo } from "./member-pause.ts";
import { CurrentUser } from "./users.ts";

/**
 * Step 1 of signing up: the details, kept for this browser while a code is emailed to the address (decision 097).
 * Missing names or email are allowed through the schema so the answer can be 'Required Fields Missing' (docs/product-rules.md §5).
 */
export const StartSignupRequest = t.Object(
  {
    email: t.Optional(t.String({ maxLength: LIMITS.email })),
    firstName: t.Optional(t.String({ maxLength: LIMITS.name * 2 })),
    lastName: t.Optional(t.String({ maxLength: LIMITS.name * 2 })),
    planType: t.Optional(PlanType),
    /** The code of the referral link the visitor came through (decision 135); an unknown one is ignored. */
    referralCode: t.Optional(t.String({ maxLength: 64 })),
    preferences: t.Optional(
      t.Object(
        {
          destinations: t.Optional(t.Array(t.String({ maxLength: 3 }), { maxItems: 100 })),
          maxPrice: t.Optional(t.Number({ minimum: 0, maximum: 100_000 })),
          nonstopOnly: t.Optional(t.Boolean()),
        },
        strict,
      ),
    ),
  },
  strict,
);
export type StartSignupRequest = Static<typeof StartSignupRequest>;

/** Step 2: the code from the email (spaces and dashes are ignored). */
export const CreateSubscriptionRequest = t.Object({ code: t.String({ minLength: 1, maxLength: 20 }) }, strict);
export type CreateSubscriptionRequest = Static<typeof CreateSubscriptionRequest>;

/**
 * The embedded card form's SetupIntent secret, or the hosted Checkout page to go to; `freeTrial` is false when the
 * address has had its trial (decision 098): joining is then paid today, which the page says before the card.
 */
export const CreateSubscriptionResult = t.Union([
  t.Object({ clientSecret: t.String(), freeTrial: t.Boolean() }),
  t.Object({ sessionUrl: t.String(), freeTrial: t.Boolean() }),
]);
export type CreateSubscriptionResult = Static<typeof CreateSubscriptionResult>;

/** `paidPlan`: the person accepted to join without a trial, paid today (after a PaidPlanOffer, or told before the card). */
export const CompleteSubscriptionRequest = t.Object({ email: t.String({ minLength: 1, maxLength: LIMITS.email }), paidPlan: t.Optional(t.Boolean()) }, strict);
export const CompleteCheckoutRequest = t.Object({ sessionId: t.String({ minLength: 1, maxLength: 300 }), paidPlan: t.Optional(t.Boolean()) }, strict);

/** A finished signup: the browser is now signed in as this user. */
export const SignupCompleted = t.Object({ success: t.Literal(true), user: CurrentUser });

/** Not finished: this card or address had its free trial. Nothing was charged; the paid plan is offered instead. */
export const PaidPlanOffer = t.Object({ offer: t.Literal("paid-plan"), reason: t.Union([t.Literal("address"), t.Literal("card")]), message: t.String() });
export type PaidPlanOffer = Static<typeof PaidPlanOffer>;

export const SignupOutcome = t.Union([SignupCompleted, PaidPlanOffer]);
export type SignupOutcome = Static<typeof SignupOutcome>;

/** How a former member can rejoin on their own; src/domain/rejoin.ts decides which. */
export const RejoinKind = t.Union([t.Literal("new-subscription"), t.Literal("keep-subscription")]);
export type RejoinKind = Static<typeof RejoinKind>;

/** GET /api/subscription: the signed-in user's plan and where it stands. */
export const SubscriptionInfo = t.Object({
  planType: Nullable(PlanType),
  subscriptionType: SubscriptionType,
  status: t.String(),
  trialEndsAt: Nullable(t.String()),
  currentPeriodEnd: Nullable(t.String()),
  cancelAtPeriodEnd: t.Boolean(),
  card: Nullable(t.Object({ brand: t.String(), last4: t.String() })),
  hasAccess: t.Boolean(),
  /** How this member can rejoin on their own (the Rejoin card); null when there is nothing to rejoin. */
  rejoin: Nullable(RejoinKind),
  /** What cancelling would do, in the member's words and time zone (src/domain/cancellation.ts); null when there is nothing to cancel. */
  cancellation: Nullable(t.Object({ summary: t.String(), details: t.Array(t.String()) })),
  /** Pausing on their own (decision 133). */
  pause: PauseInfo,
});
export type SubscriptionInfo = Static<typeof SubscriptionInfo>;

/** Cancelling or rejoining: what was done (and charged), and the subscription as it is now. */
export const SubscriptionChanged = t.Object({ success: t.Literal(true), message: t.String(), subscription: SubscriptionInfo });
export type SubscriptionChanged = Static<typeof SubscriptionChanged>;

/** The plan, and a new card's confirmed SetupIntent secret when the member did not choose the saved card. */
export const RejoinRequest = t.Object({ planType: PlanType, clientSecret: t.Optional(t.String({ minLength: 1, maxLength: 300 })) }, strict);
export type RejoinRequest = Static<typeof RejoinRequest>;

export const PaymentUpdateIntent = t.Object({ clientSecret: t.String() });
export const CompletePaymentUpdateRequest = t.Object({ clientSecret: t.String({ minLength: 1, maxLength: 300 }) }, strict);

/** Test billing only: what Stripe.js would do with the card. */
export const ConfirmTestSetupRequest = t.Object(
  {
    clientSecret: t.String({ minLength: 1, maxLength: 300 }),
    cardNumber: t.String({ maxLength: 40 }),
    expMonth: t.Integer(),
    expYear: t.Integer(),
    cvc: t.String({ maxLength: 8 }),
  },
  strict,
);
export type ConfirmTestSetupRequest = Static<typeof ConfirmTestSetupRequest>;
export const ConfirmTestSetupResult = t.Object({ status: t.Literal("succeeded") });

/** Stripe's webhook, acknowledged; a repeated event id is acknowledged without being applied again. */
export const WebhookReceived = t.Object({ received: t.Literal(true), duplicate: t.Boolean() });
