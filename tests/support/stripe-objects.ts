/**
 * Subscriptions, prices and Checkout Sessions on top of the store, and the REST routes of the fake Stripe: which call
 * reads or changes which object. stripe-server.ts answers them over HTTP.
 */
import {
  type CardDetails,
  flag,
  invalid,
  noSuch,
  type StripeObject,
  StripeApiError,
  StripeObjectStore,
  type StripeObjectsOptions,
  stripeFixture,
} from "./stripe-object-store.ts";

export interface SubscriptionPatch {
  status?: string;
  pause_collection?: { behavior: "keep_as_draft" | "mark_uncollectible" | "void"; resumes_at?: number | null } | null;
  cancel_at_period_end?: boolean;
  trial_end?: number | null;
  current_period_start?: number;
  current_period_end?: number;
  metadata?: Record<string, string>;
}

type Route = { method: string; pattern: RegExp; handle: (params: StripeObject, id: string) => StripeObject };

/** Stripe's limit on a trial: trial_end at most two years (730 days) on. */
const MAX_TRIAL_S = 730 * 86_400;
const PRORATION_BEHAVIORS = new Set(["always_invoice", "create_prorations", "none"]);

/** The objects and the routes of Stripe's REST API that read and change them. */
export class StripeObjects extends StripeObjectStore {
  private readonly routes: Route[];
  /**
   * The webhook events Stripe would send for what happened here (a subscription changed by a call, a trial ended by
   * time), oldest first, as Stripe sends them: the object as it now is and `previous_attributes`. Tests deliver them.
   */
  sentEvents: StripeObject[] = [];

  constructor(options: StripeObjectsOptions = {}) {
    super(options);
    this.routes = [
      { method: "POST", pattern: /^\/v1\/customers$/, handle: (p) => this.createCustomer(p) },
      { method: "GET", pattern: /^\/v1\/customers\/([^/]+)$/, handle: (_, id) => this.find("customer", id) },
      { method: "POST", pattern: /^\/v1\/customers\/([^/]+)$/, handle: (p, id) => this.updateCustomer(id, p) },
      { method: "GET", pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/, handle: (_, id) => this.listPaymentMethods(id) },
      { method: "POST", pattern: /^\/v1\/customers\/([^/]+)\/balance_transactions$/, handle: (p, id) => this.createBalanceTransaction(id, p) },
      { method: "GET", pattern: /^\/v1\/customers\/([^/]+)\/balance_transactions$/, handle: (_, id) => this.listBalanceTransactions(id) },
      { method: "POST", pattern: /^\/v1\/subscriptions$/, handle: (p) => this.createSubscription(p) },
      { method: "GET", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (_, id) => this.subscriptionNow(id) },
      { method: "POST", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (p, id) => this.updateSubscription(id, p) },
      { method: "DELETE", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (_, id) => this.cancelSubscription(id) },
      { method: "POST", pattern: /^\/v1\/setup_intents$/, handle: (p) => this.createSetupIntent(p) },
      { method: "GET", pattern: /^\/v1\/setup_intents\/([^/]+)$/, handle: (_, id) => this.find("setup_intent", id) },
      { method: "POST", pattern: /^\/v1\/checkout\/sessions$/, handle: (p) => this.createCheckoutSession(p) },
      { method: "GET", pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: (_, id) => this.find("checkout.session", id) },
      { method: "POST", pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, handle: (_, id) => this.expireCheckoutSession(id) },
      { method: "GET", pattern: /^\/v1\/payment_methods\/([^/]+)$/, handle: (_, id) => this.find("payment_method", id) },
    ];
  }

  /** What Stripe.js does when the browser confirms a card: a payment method on the customer, the intent succeeded, and a signup's subscription gets the card. */
  succeedSetupIntent(setupIntentId: string, card: CardDetails = { brand: "visa", last4: "4242" }): string {
    const intent = this.find("setup_intent", setupIntentId);
    const paymentMethod = this.createPaymentMethod(intent.customer, card);
    Object.assign(intent, { status: "succeeded", payment_method: paymentMethod.id, last_setup_error: null, next_action: null });
    for (const subscription of this.objects("subscription")) {
      if (subscription.pending_setup_intent !== setupIntentId) continue;
      // save_default_payment_method: 'on_subscription' puts the card on the subscription, not on the customer.
      Object.assign(subscription, { default_payment_method: paymentMethod.id, pending_setup_intent: null });
    }
    return paymentMethod.id;
  }

  /** The events of this type Stripe would have sent, oldest first. */
  eventsOf(type: string): StripeObject[] {
    return this.sentEvents.filter((event) => event.type === type);
  }

  protected override forgetObjects(): void {
    super.forgetObjects();
    this.sentEvents = [];
  }

  /** Records the event Stripe sends when a subscription changed: the top-level fields that differ go in previous_attributes. */
  private sendUpdated(before: StripeObject, subscription: StripeObject): void {
    const previous: StripeObject = {};
    for (const key of Object.keys(subscription)) {
      if (JSON.stringify(before[key]) !== JSON.stringify(subscription[key])) previous[key] = before[key] ?? null;
    }
    if (Object.keys(previous).length === 0) return;
    this.sentEvents.push({
      ...stripeFixture("event"),
      id: this.newId("evt"),
      type: "customer.subscription.updated",
      created: this.nowSeconds(),
      livemode: false,
      data: { object: structuredClone(subscription), previous_attributes: previous },
    });
  }

  /** Moves a subscription's state as time, Stripe or an admin would. */
  setSubscription(subscriptionId: string, patch: SubscriptionPatch): StripeObject {
    const subscription = this.find("subscription", subscriptionId);
    const { current_period_start, current_period_end, ...topLevel } = patch;
    Object.assign(subscription, topLevel);
    const item = subscription.items.data[0];
    if (current_period_start !== undefined) item.current_period_start = current_period_start;
    if (current_period_end !== undefined) item.current_period_end = current_period_end;
    return subscription;
  }

  /** The customer pays on Stripe's hosted page: a customer, a card, a trialing subscription, the session complete. */
  completeCheckout(sessionId: string, card: CardDetails = { brand: "visa", last4: "4242" }): { customerId: string; subscriptionId: string } {
    const session = this.find("checkout.session", sessionId);
    if (session.status !== "open") throw new Error(`Checkout Session ${sessionId} is ${session.status}; only an open one can be paid`);
    const plan = this.checkoutPlans.get(sessionId);
    if (!plan) throw new Error(`Checkout Session ${sessionId} has no line items`);
    const customer = session.customer ? this.find("customer", session.customer) : this.createCustomer({ email: session.customer_email ?? undefined });
    const paymentMethod = this.createPaymentMethod(customer.id, card);
    const subscription = this.createSubscription({
      customer: customer.id,
      items: [{ price: plan.price }],
      default_payment_method: paymentMethod.id,
      ...plan.subscriptionData,
    });
    Object.assign(session, {
      status: "complete",
      payment_status: "no_payment_required",
      customer: customer.id,
      subscription: subscription.id,
      customer_details: { ...session.customer_details, email: customer.email },
    });
    return { customerId: customer.id, subscriptionId: subscription.id };
  }

  /** The object a REST call answers with, its `expand` paths filled in; throws StripeApiError as Stripe would answer. */
  protected route(method: string, path: string, params: StripeObject): StripeObject {
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const object = route.handle(params, decodeURIComponent(match[1] ?? ""));
      return this.expand(object, params.expand ?? []);
    }
    throw new StripeApiError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
  }

  private price(priceId: string, param: string): StripeObject {
    const definition = this.prices[priceId];
    if (!definition) throw noSuch("price", priceId, param, 400);
    const fixtureItem = stripeFixture("subscription").items.data[0];
    return {
      ...fixtureItem.price,
      id: priceId,
      created: this.nowSeconds(),
      product: "prod_local_gordu",
      unit_amount: definition.unitAmount,
      unit_amount_decimal: String(definition.unitAmount),
      transform_quantity: null,
      recurring: { ...fixtureItem.price.recurring, interval: definition.interval, interval_count: 1 },
    };
  }

  /** The `plan` Stripe still shows on an item, mirroring its price. */
  private legacyPlan(fixturePlan: StripeObject, price: StripeObject): StripeObject {
    return {
      ...fixturePlan,
      id: price.id,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      currency: "usd",
      interval: price.recurring.interval,
      interval_count: 1,
      livemode: false,
      billing_scheme: "per_unit",
      product: price.product,
      metadata: {},
      transform_usage: null,
    };
  }

  private periodEnd(start: number, interval: "month" | "year"): number {
    const end = new Date(start * 1000);
    if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
    else end.setUTCMonth(end.getUTCMonth() + 1);
    return Math.floor(end.getTime() / 1000);
  }

  private createSubscription(params: StripeObject): StripeObject {
    const customer = this.find("customer", params.customer, "customer", 400);
    const priceId = params.items?.[0]?.price;
    if (!priceId) throw invalid("Missing required param: items.", "items");
    const price = this.price(priceId, "items[0][price]");
    if (params.default_payment_method) this.find("payment_method", params.default_payment_method, "default_payment_method", 400);

    const now = this.nowSeconds();
    const trialDays = params.trial_period_days ? Number(params.trial_period_days) : 0;
    const trialEnd = trialDays > 0 ? now + trialDays * 86_400 : null;
    const paymentMethod = params.default_payment_method ?? customer.invoice_settings.default_payment_method ?? null;
    const paymentBehavior = params.payment_behavior ?? "allow_incomplete";
    if (!trialEnd && !paymentMethod && paymentBehavior === "error_if_incomplete") {
      throw invalid("This customer has no attached payment source or default payment method. Please consider adding a default payment method.");
    }
    const status = trialEnd ? "trialing" : paymentMethod ? "active" : "incomplete";

    const id = this.newId("sub");
    const fixture = stripeFixture("subscription");
    const item = {
      ...fixture.items.data[0],
      id: this.newId("si"),
      created: now,
      subscription: id,
      price,
      plan: this.legacyPlan(fixture.items.data[0].plan, price),
      quantity: 1,
      current_period_start: now,
      current_period_end: trialEnd ?? this.periodEnd(now, price.recurring.interval),
    };
    // Stripe opens a SetupIntent to collect the card for a trial that has nothing to charge yet.
    const pendingSetupIntent =
      trialEnd && !paymentMethod && paymentBehavior === "default_incomplete" ? this.createSetupIntent({ customer: customer.id }) : null;

    return this.store({
      ...fixture,
      id,
      customer: customer.id,
      created: now,
      start_date: now,
      billing_cycle_anchor: item.current_period_end,
      status,
      items: { ...fixture.items, data: [item], url: `/v1/subscription_items?subscription=${id}` },
      metadata: params.metadata ?? {},
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: params.trial_settings?.end_behavior?.missing_payment_method ?? "create_invoice" } },
      payment_settings: { ...fixture.payment_settings, save_default_payment_method: params.payment_settings?.save_default_payment_method ?? "off" },
      default_payment_method: params.default_payment_method ?? null,
      pending_setup_intent: pendingSetupIntent?.id ?? null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      pause_collection: null,
      pending_update: null,
      latest_invoice: null,
      next_pending_invoice_item_invoice: null,
      transfer_data: null,
      billing_cycle_anchor_config: null,
      livemode: false,
    });
  }

  /**
   * As Stripe does by itself: a pause whose resumes_at has come is over (pause_collection cleared); a trial whose
   * trial_end has come is over, its first period invoiced and paid with the card on file (active from trial_end for one
   * interval), or, with no card, ended as trial_settings say (cancel). A recorded object (put) is answered as it is.
   */
  subscriptionNow(id: string): StripeObject {
    const subscription = this.find("subscription", id);
    const before = structuredClone(subscription);
    const now = this.nowSeconds();
    const resumesAt = subscription.pause_collection?.resumes_at;
    if (resumesAt && resumesAt <= now) subscription.pause_collection = null;
    const trialOver = subscription.status === "trialing" && subscription.trial_end && subscription.trial_end <= now;
    if (trialOver && !this.recorded.has(id)) this.endTrial(subscription);
    this.sendUpdated(before, subscription);
    return subscription;
  }

  private endTrial(subscription: StripeObject): void {
    const customer = this.find("customer", subscription.customer);
    const card = subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
    const start = subscription.trial_end;
    if (!card) {
      Object.assign(subscription, { status: "canceled", canceled_at: start, ended_at: start, cancel_at_period_end: false, cancel_at: null });
      return;
    }
    const item = subscription.items.data[0];
    Object.assign(item, { current_period_start: start, current_period_end: this.periodEnd(start, item.price.recurring.interval) });
    const invoice = this.store({
      ...stripeFixture("invoice"),
      id: this.newId("in"),
      created: start,
      customer: subscription.customer,
      subscription: subscription.id,
      billing_reason: "subscription_cycle",
      status: "paid",
      amount_due: item.price.unit_amount,
      amount_paid: item.price.unit_amount,
      period_start: start,
      period_end: item.current_period_end,
    });
    Object.assign(subscription, { status: "active", billing_cycle_anchor: start, latest_invoice: invoice.id });
  }

  /**
   * trial_end on an update: a trial to that moment (Stripe's documented way to push the next charge out). The period
   * restarts now and ends at trial_end, which becomes the billing cycle anchor; "now" ends a trial at once instead.
   * proration_behavior "none" credits nothing for the unused paid time; any other is refused here, as GoRDU never sends one.
   */
  private setTrialEnd(subscription: StripeObject, trialEnd: string, prorationBehavior: string | undefined): void {
    if (prorationBehavior !== undefined && !PRORATION_BEHAVIORS.has(prorationBehavior)) {
      throw invalid(`Invalid proration_behavior: must be one of always_invoice, create_prorations, or none`, "proration_behavior");
    }
    if (prorationBehavior !== "none") throw invalid("The fake Stripe server only moves a trial_end with proration_behavior=none.", "proration_behavior");
    const now = this.nowSeconds();
    if (trialEnd === "now") {
      subscription.trial_end = now;
      this.endTrial(subscription);
      return;
    }
    const end = Number(trialEnd);
    if (!Number.isInteger(end) || end <= now) throw invalid("Invalid timestamp: must be an integer Unix timestamp in the future.", "trial_end");
    if (end - now > MAX_TRIAL_S) throw invalid("The trial end can be at most 730 days from now.", "trial_end");
    const item = subscription.items.data[0];
    Object.assign(item, { current_period_start: now, current_period_end: end });
    Object.assign(subscription, { status: "trialing", trial_start: now, trial_end: end, billing_cycle_anchor: end });
  }

  private updateSubscription(id: string, params: StripeObject): StripeObject {
    const subscription = this.subscriptionNow(id);
    const before = structuredClone(subscription);
    const changes = Object.keys(params).filter((key) => key !== "expand" && key !== "metadata" && key !== "cancellation_details");
    if (subscription.status === "canceled" && changes.length > 0) {
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
    }
    // First, as it is the one change here that can be refused: Stripe applies an update whole or not at all.
    if (params.trial_end !== undefined) this.setTrialEnd(subscription, params.trial_end, params.proration_behavior);
    if (params.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = flag(params.cancel_at_period_end);
      subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0].current_period_end : null;
    }
    if (params.pause_collection === "") subscription.pause_collection = null;
    else if (params.pause_collection !== undefined) {
      const resumesAt = params.pause_collection.resumes_at;
      subscription.pause_collection = { behavior: params.pause_collection.behavior, resumes_at: resumesAt ? Number(resumesAt) : null };
    }
    if (params.default_payment_method !== undefined) {
      const paymentMethod = this.find("payment_method", params.default_payment_method, "default_payment_method", 400);
      if (paymentMethod.customer !== subscription.customer)
        throw invalid(`The payment method '${paymentMethod.id}' does not belong to this customer.`, "default_payment_method");
      subscription.default_payment_method = paymentMethod.id;
    }
    if (params.metadata) subscription.metadata = { ...subscription.metadata, ...params.metadata };
    this.sendUpdated(before, subscription);
    return subscription;
  }

  private cancelSubscription(id: string): StripeObject {
    const subscription = this.find("subscription", id);
    const now = this.nowSeconds();
    return Object.assign(subscription, {
      status: "canceled",
      canceled_at: now,
      ended_at: now,
      cancel_at_period_end: false,
      cancel_at: null,
      pending_setup_intent: null,
    });
  }

  private createCheckoutSession(params: StripeObject): StripeObject {
    if (params.mode !== "subscription") throw invalid("The fake Stripe server only supports Checkout in subscription mode.", "mode");
    const priceId = params.line_items?.[0]?.price;
    if (!priceId) throw invalid("You must specify `line_items` in `subscription` mode.", "line_items");
    this.price(priceId, "line_items[0][price]");
    if (!params.success_url) throw invalid("Missing required param: success_url.", "success_url");
    const id = this.newId("cs_test");
    this.checkoutPlans.set(id, { price: priceId, subscriptionData: params.subscription_data ?? {} });
    const now = this.nowSeconds();
    return this.store({
      ...stripeFixture("checkout.session"),
      id,
      object: "checkout.session",
      created: now,
      expires_at: now + 24 * 3600,
      mode: "subscription",
      status: "open",
      payment_status: "unpaid",
      url: `https://checkout.stripe.com/c/pay/${id}`,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      payment_method_collection: params.payment_method_collection ?? "always",
      payment_intent: null,
      subscription: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      currency_conversion: null,
    });
  }

  private expireCheckoutSession(id: string): StripeObject {
    const session = this.find("checkout.session", id);
    if (session.status !== "open")
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This session has status '${session.status}'.`);
    return Object.assign(session, { status: "expired", url: null });
  }
}
