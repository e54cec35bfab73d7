import Stripe from "stripe";
import type { PlanType } from "../../domain/api/common.ts";
import { TRIAL_DAYS } from "../../domain/plans.ts";
import type { StripeConfig } from "../config.ts";
import {
  BillingUnavailableError,
  CardDeclinedError,
  type Billing,
  type BalanceAdjustment,
  type CardSummary,
  type CheckoutSessionInfo,
  type EmbeddedSignup,
  type HostedCheckout,
  type HostedCheckoutInput,
  type SetupIntentInfo,
  type SignupInput,
  type SubscriptionSnapshot,
  UnknownBillingObjectError,
} from "./billing.ts";

const DEFAULT_TIMEOUT_MS = 10_000;
/** Stripe's own limit for a webhook's timestamp (seconds). */
const WEBHOOK_TOLERANCE_S = 300;
/** Every call that returns a subscription asks for its card too, so a snapshot always carries it. */
const WITH_CARD = ["default_payment_method"];

export interface StripeBillingOptions {
  /** How long one HTTP attempt may take; stripe-node retries twice more on timeouts and 5xx. */
  timeoutMs?: number;
}

const fromUnix = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);
const toUnix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The subscription's metadata key a member's pause (decision 138) leaves: when the pause ends, in unix seconds. */
export const MEMBER_PAUSE_ENDS_AT = "member_pause_ends_at";

/** While Stripe says trialing, a renewal moved by a member's pause; any other time, nothing (a real trial has no such key). */
function memberPauseEndsAt(subscription: Stripe.Subscription): Date | null {
  if (subscription.status !== "trialing") return null;
  const seconds = Number(subscription.metadata?.[MEMBER_PAUSE_ENDS_AT]);
  return Number.isInteger(seconds) && seconds > 0 ? new Date(seconds * 1000) : null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

function cardOf(paymentMethod: string | Stripe.PaymentMethod | null | undefined): CardSummary | null {
  if (!paymentMethod || typeof paymentMethod === "string" || !paymentMethod.card) return null;
  return { brand: paymentMethod.card.brand, last4: paymentMethod.card.last4, fingerprint: paymentMethod.card.fingerprint ?? null };
}

function checkoutSessionInfo(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  return {
    id: session.id,
    complete: session.status === "complete",
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    pendingSignupId: session.metadata?.pendingSignupId ?? session.client_reference_id ?? null,
  };
}

/** Stripe's errors as the Billing interface promises them; anything else (a bad request, a missing object) stays a plain Error. */
function billingError(error: unknown): Error {
  const { errors } = Stripe;
  if (!(error instanceof errors.StripeError)) return error instanceof Error ? error : new Error(String(error));
  if (error instanceof errors.StripeCardError) return new CardDeclinedError(error.message, { cause: error });
  const unavailable =
    error instanceof errors.StripeConnectionError ||
    error instanceof errors.StripeRateLimitError ||
    error instanceof errors.StripeAuthenticationError ||
    error instanceof errors.StripePermissionError ||
    error instanceof errors.StripeAPIError; // 5xx and anything else Stripe's API answered unexpectedly
  if (unavailable) return new BillingUnavailableError(`Stripe is unavailable: ${error.message}`, { cause: error });
  // "No such subscription: 'sub_…'", the same wording test billing uses.
  if (error.code === "resource_missing") return new UnknownBillingObjectError(error.message, { cause: error });
  return new Error(error.message, { cause: error });
}

/** The real provider: stripe-node against api.stripe.com (or, in tests, the local server in tests/support). */
export class StripeBilling implements Billing {
  readonly mode = "stripe" as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly config: StripeConfig,
    options: StripeBillingOptions = {},
  ) {
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      httpClient: Stripe.createFetchHttpClient(),
      ...(config.apiBase ? { host: config.apiBase.host, port: config.apiBase.port, protocol: config.apiBase.protocol } : {}),
    });
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw billingError(error);
    }
  }

  private priceFor(planType: PlanType): string {
    return planType === "annual" ? this.config.priceAnnual : this.config.priceMonthly;
  }

  private planTypeOf(subscription: Stripe.Subscription): PlanType | null {
    const priceId = subscription.items.data[0]?.price.id;
    if (priceId === this.config.priceMonthly) return "monthly";
    if (priceId === this.config.priceAnnual) return "annual";
    const fromMetadata = subscription.metadata.planType;
    return fromMetadata === "monthly" || fromMetadata === "annual" ? fromMetadata : null;
  }

  private snapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
    // Since API version 2025-03-31 the period lives on the item; older accounts still send it on the subscription.
    const legacyPeriodEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer) ?? "",
      status: subscription.status,
      paused: subscription.pause_collection != null,
      resumesAt: fromUnix(subscription.pause_collection?.resumes_at),
      memberPauseEndsAt: memberPauseEndsAt(subscription),
      planType: this.planTypeOf(subscription),
      trialEnd: fromUnix(subscription.trial_end),
      currentPeriodEnd: fromUnix(subscription.items.data[0]?.current_period_end ?? legacyPeriodEnd),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      card: cardOf(subscription.default_payment_method),
    };
  }

  private updateSubscription(subscriptionId: string, params: Stripe.SubscriptionUpdateParams): Promise<SubscriptionSnapshot> {
    return this.call(async () => this.snapshot(await this.stripe.subscriptions.update(subscriptionId, { ...params, expand: WITH_CARD })));
  }

  startEmbeddedSignup(input: SignupInput): Promise<EmbeddedSignup> {
    const { pendingSignupId, planType } = input;
    return this.call(async () => {
      const customer = await this.stripe.customers.create(
        { email: input.email, name: `${input.firstName} ${input.lastName}`, metadata: { pendingSignupId } },
        { idempotencyKey: `${pendingSignupId}:customer` },
      );
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price: this.priceFor(planType) }],
          trial_period_days: TRIAL_DAYS,
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
          expand: ["pending_setup_intent"],
          metadata: { pendingSignupId, planType },
        },
        { idempotencyKey: `${pendingSignupId}:subscription` },
      );
      const intent = subscription.pending_setup_intent;
      if (!intent || typeof intent === "string" || !intent.client_secret) {
        throw new Error(`Stripe created subscription ${subscription.id} without a pending SetupIntent to collect the card`);
      }
      return { customerId: customer.id, subscriptionId: subscription.id, setupIntentId: intent.id, clientSecret: intent.client_secret };
    });
  }

  startHostedCheckout(input: HostedCheckoutInput): Promise<HostedCheckout> {
    const { pendingSignupId, planType } = input;
    return this.call(async () => {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: "subscription",
          customer_email: input.email,
          line_items: [{ price: this.priceFor(planType), quantity: 1 }],
          subscription_data: {
            ...(input.freeTrial ? { trial_period_days: TRIAL_DAYS, trial_settings: { end_behavior: { missing_payment_method: "cancel" as const } } } : {}),
            metadata: { pendingSignupId, planType },
          },
          payment_method_collection: "always",
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: pendingSignupId,
          metadata: { pendingSignupId, planType },
        },
        { idempotencyKey: `${pendingSignupId}:checkout` },
      );
      if (!session.url) throw new Error(`Stripe created Checkout Session ${session.id} without a URL`);
      return { sessionId: session.id, sessionUrl: session.url };
    });
  }

  getSetupIntent(setupIntentId: string): Promise<SetupIntentInfo> {
    return this.call(async () => {
      const intent = await this.stripe.setupIntents.retrieve(setupIntentId, { expand: ["payment_method"] });
      return { id: intent.id, status: intent.status, customerId: idOf(intent.customer), card: cardOf(intent.payment_method) };
    });
  }

  getCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo> {
    return this.call(async () => checkoutSessionInfo(await this.stripe.checkout.sessions.retrieve(sessionId)));
  }

  expireCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo> {
    return this.call(async () => {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      // Only an open session can be expired; a complete or already expired one is answered as it is.
      return checkoutSessionInfo(session.status === "open" ? await this.stripe.checkout.sessions.expire(sessionId) : session);
    });
  }

  getSubscription(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return this.call(async () => this.snapshot(await this.stripe.subscriptions.retrieve(subscriptionId, { expand: WITH_CARD })));
  }

  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return this.updateSubscription(subscriptionId, { cancel_at_period_end: true });
  }

  undoCancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return this.updateSubscription(subscriptionId, { cancel_at_period_end: false });
  }

  cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return this.call(async () => this.snapshot(await this.stripe.subscriptions.cancel(subscriptionId, { expand: WITH_CARD })));
  }

  pause(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return this.updateSubscription(subscriptionId, { pause_collection: { behavior: "void" } });
  }

  resume(subscriptionId: string): Promise<SubscriptionSnapshot> {
    // An empty string is how Stripe's API unsets a field.
    return this.updateSubscription(subscriptionId, { pause_collection: "" });
  }

  /**
   * Stripe's documented way to push a subscription's next charge out: a trial to that moment with no proration (the
   * period paid for is neither credited nor charged; a new period, and its invoice, starts at trial_end).
   */
  moveRenewalForPause(subscriptionId: string, dates: { renewsAt: Date; pauseEndsAt: Date }): Promise<SubscriptionSnapshot> {
    return this.updateSubscription(subscriptionId, {
      trial_end: toUnix(dates.renewsAt),
      proration_behavior: "none",
      metadata: { [MEMBER_PAUSE_ENDS_AT]: String(toUnix(dates.pauseEndsAt)) },
    });
  }

  startNewSubscription(customerId: string, planType: PlanType, replacing: string | null = null): Promise<SubscriptionSnapshot> {
    return this.call(async () => {
      const paymentMethodId = await this.savedPaymentMethod(customerId);
      // The same replacement asked twice (two tabs, a member and an admin, a retry after a crash) replays the
      // first answer instead of charging again. A different plan or card is a different request.
      const idempotencyKey = `replace:${replacing ?? customerId}:${planType}:${paymentMethodId ?? "no-card"}`;
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: this.priceFor(planType) }],
          payment_behavior: "error_if_incomplete",
          ...(paymentMethodId ? { default_payment_method: paymentMethodId } : {}),
          metadata: { planType },
          expand: WITH_CARD,
        },
        { idempotencyKey },
      );
      return this.snapshot(subscription);
    });
  }

  /**
   * The customer's default card, or else the card they saved most recently: a signup's card is saved on its
   * subscription (save_default_payment_method: 'on_subscription'), not as the customer's default.
   */
  private async savedPaymentMethod(customerId: string): Promise<string | null> {
    const customer = await this.stripe.customers.retrieve(customerId);
    if (customer.deleted) throw new UnknownBillingObjectError(`No such customer: '${customerId}'`);
    const defaultPaymentMethod = idOf(customer.invoice_settings.default_payment_method);
    if (defaultPaymentMethod) return defaultPaymentMethod;
    const saved = await this.stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 1 });
    return saved.data[0]?.id ?? null;
  }

  createPaymentUpdateIntent(customerId: string): Promise<{ setupIntentId: string; clientSecret: string }> {
    return this.call(async () => {
      const intent = await this.stripe.setupIntents.create({
        customer: customerId,
        usage: "off_session",
        automatic_payment_methods: { enabled: true },
        metadata: { purpose: "payment_update" },
      });
      if (!intent.client_secret) throw new Error(`Stripe created SetupIntent ${intent.id} without a client secret`);
      return { setupIntentId: intent.id, clientSecret: intent.client_secret };
    });
  }

  setDefaultPaymentMethod(input: { customerId: string; subscriptionId: string | null; setupIntentId: string }): Promise<CardSummary | null> {
    return this.call(async () => {
      const intent = await this.stripe.setupIntents.retrieve(input.setupIntentId, { expand: ["payment_method"] });
      const paymentMethodId = idOf(intent.payment_method);
      if (intent.status !== "succeeded" || idOf(intent.customer) !== input.customerId || !paymentMethodId) return null;
      await this.stripe.customers.update(input.customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      // Stripe refuses any change to an ended subscription; the customer's default is what a new one will use.
      if (input.subscriptionId && !(await this.hasEnded(input.subscriptionId))) {
        await this.stripe.subscriptions.update(input.subscriptionId, { default_payment_method: paymentMethodId });
      }
      return cardOf(intent.payment_method);
    });
  }

  adjustBalance(input: BalanceAdjustment): Promise<{ id: string }> {
    return this.call(async () => {
      const transaction = await this.stripe.customers.createBalanceTransaction(
        input.customerId,
        { amount: input.amountCents, currency: "usd", description: input.description },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: transaction.id };
    });
  }

  private async hasEnded(subscriptionId: string): Promise<boolean> {
    const { status } = await this.stripe.subscriptions.retrieve(subscriptionId);
    return status === "canceled" || status === "incomplete_expired";
  }

  /** Checks a webhook's Stripe-Signature against the raw body; throws on unsigned, tampered, stale or wrong-secret input (answer 400). */
  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<Stripe.Event> {
    if (!signatureHeader) throw new Error("The webhook has no Stripe-Signature header");
    // The synchronous constructEvent always throws on Bun (no sync crypto in its build).
    return this.stripe.webhooks.constructEventAsync(rawBody, signatureHeader, this.config.webhookSecret, WEBHOOK_TOLERANCE_S);
  }
}
