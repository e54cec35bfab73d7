import type { PlanType } from "../../domain/api/common.ts";

/**
 * Payments behind one interface: Stripe when every STRIPE_* variable is set, the built-in test billing
 * otherwise. Shapes follow Stripe's objects, reduced to what GoRDU reads.
 */

export interface CardSummary {
  brand: string;
  last4: string;
  /** The same for every use of one card number, whoever adds it (Stripe's card fingerprint); null when unknown. */
  fingerprint: string | null;
}

/** A subscription as the provider sees it now. `status` is the provider's own (trialing, active, past_due, ...). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  /** Stripe's pause_collection is set: an admin paused billing (or a member, before decision 138). */
  paused: boolean;
  /** When that pause ends by itself (pause_collection.resumes_at); null for a pause with no end, or no pause. */
  resumesAt: Date | null;
  /**
   * A member's own pause (decision 138) moved the renewal and the renewal is still ahead (Stripe calls the subscription
   * trialing until then): when the pause itself ends. Before then GoRDU shows Paused, after it Active; never a free trial.
   * Null when no renewal was moved by a pause.
   */
  memberPauseEndsAt: Date | null;
  planType: PlanType | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  card: CardSummary | null;
}

export interface SignupInput {
  pendingSignupId: string;
  email: string;
  firstName: string;
  lastName: string;
  planType: PlanType;
}

/** Hosted Checkout charges at once when this address has had its free trial (decision 098). */
export interface HostedCheckoutInput extends SignupInput {
  freeTrial: boolean;
  successUrl: string;
  cancelUrl: string;
}

/** The embedded path: a customer and a trialing subscription whose pending SetupIntent collects the card. */
export interface EmbeddedSignup {
  customerId: string;
  subscriptionId: string;
  setupIntentId: string;
  clientSecret: string;
}

export interface HostedCheckout {
  sessionId: string;
  sessionUrl: string;
}

export interface SetupIntentInfo {
  id: string;
  status: string;
  customerId: string | null;
  card: CardSummary | null;
}

export interface CheckoutSessionInfo {
  id: string;
  complete: boolean;
  customerId: string | null;
  subscriptionId: string | null;
  pendingSignupId: string | null;
}

export interface Billing {
  readonly mode: "stripe" | "test";
  startEmbeddedSignup(input: SignupInput): Promise<EmbeddedSignup>;
  startHostedCheckout(input: HostedCheckoutInput): Promise<HostedCheckout>;
  getSetupIntent(setupIntentId: string): Promise<SetupIntentInfo>;
  getCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo>;
  /** Closes a Checkout Session that is still open so it can no longer be paid; answers the session as it now is. */
  expireCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo>;
  getSubscription(subscriptionId: string): Promise<SubscriptionSnapshot>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot>;
  cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot>;
  undoCancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** An admin's pause: collection stops (Stripe's pause_collection, invoices voided) until someone resumes it. */
  pause(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** Lifts pause_collection: an admin's pause, or a member's started before decision 138. */
  resume(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /**
   * A member's own pause (decision 138): nothing is charged until `renewsAt` (Stripe: trial_end, no proration), and the
   * subscription remembers that a pause ending at `pauseEndsAt` did it. Called again with earlier dates to end it early.
   */
  moveRenewalForPause(subscriptionId: string, dates: { renewsAt: Date; pauseEndsAt: Date }): Promise<SubscriptionSnapshot>;
  /**
   * A fresh subscription (no trial), paid at once with the customer's saved card, for a customer whose old one
   * ended: a member rejoining, or an admin's re-activation. `replacing` names the ended one; asking twice to
   * replace it with the same plan and card starts one subscription, not two.
   */
  startNewSubscription(customerId: string, planType: PlanType, replacing?: string | null): Promise<SubscriptionSnapshot>;
  createPaymentUpdateIntent(customerId: string): Promise<{ setupIntentId: string; clientSecret: string }>;
  /** Makes the card a succeeded SetupIntent collected the default for the customer, and for the subscription unless it has ended. */
  setDefaultPaymentMethod(input: { customerId: string; subscriptionId: string | null; setupIntentId: string }): Promise<CardSummary | null>;
  /**
   * A customer balance transaction (decision 135): negative `amountCents` is a credit the next invoices use up
   * first, positive takes one back. The same `idempotencyKey` twice makes one transaction.
   */
  adjustBalance(input: BalanceAdjustment): Promise<{ id: string }>;
}

export interface BalanceAdjustment {
  customerId: string;
  amountCents: number;
  description: string;
  idempotencyKey: string;
}

/** The provider could not be reached or refused to work right now (down, slow, rate limiting). */
export class BillingUnavailableError extends Error {}

/** The provider refused the card; the message is the provider's, fit to show. */
export class CardDeclinedError extends Error {}

/** The provider has no object by that id (Stripe's resource_missing): an id a client sent that was never made. */
export class UnknownBillingObjectError extends Error {}
