import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { StripeConfig } from "../../src/server/config.ts";

/**
 * A local stand-in for Stripe's REST API, enough for StripeBilling: stripe-node talks to it over HTTP
 * exactly as it talks to api.stripe.com. It records every request, keeps what it created in memory,
 * honours Idempotency-Key, and answers with Stripe's own example objects (tests/fixtures/stripe/fixtures3.json)
 * with only ids, statuses, secrets and periods overridden.
 */

/** Stripe objects are JSON of many shapes; the fake edits them freely, as Stripe's own servers would. */
export type StripeObject = Record<string, any>;

export interface RecordedRequest {
  method: string;
  /** e.g. /v1/subscriptions/sub_local000002 */
  path: string;
  /** The form body (POST) or query (GET, DELETE), decoded from bracket notation into nested objects; values stay strings as sent. */
  params: StripeObject;
  idempotencyKey: string | null;
  /** What the fake answered; 0 while it is still answering (or never did: a hang cut short by reset or stop). */
  status: number;
}

/** An error as Stripe sends it under `error`, plus whether to send `Stripe-Should-Retry`. */
export interface StripeFailure {
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  /** Sets the Stripe-Should-Retry header (stripe-node obeys it); unset sends no header. */
  shouldRetry?: boolean;
}

export interface CardDetails {
  brand: string;
  last4: string;
}

/** Fields a test may move a subscription to; unix seconds, as Stripe. Periods go on the item, as on current API versions. */
export interface SubscriptionPatch {
  status?: string;
  pause_collection?: { behavior: "keep_as_draft" | "mark_uncollectible" | "void"; resumes_at?: number | null } | null;
  cancel_at_period_end?: boolean;
  trial_end?: number | null;
  current_period_start?: number;
  current_period_end?: number;
  metadata?: Record<string, string>;
}

export interface PriceDefinition {
  interval: "month" | "year";
  unitAmount: number;
}

export interface StripeServerOptions {
  /** The time Stripe believes it is (creation dates, trials, periods). Defaults to the real clock. */
  now?: () => Date;
  secretKey?: string;
  prices?: Record<string, PriceDefinition>;
}

export const TEST_PRICES: Record<string, PriceDefinition> = {
  price_monthly_test: { interval: "month", unitAmount: 1000 },
  price_annual_test: { interval: "year", unitAmount: 7200 },
};

const TEST_STRIPE_SETTINGS = {
  secretKey: "sk_test_local",
  publishableKey: "pk_test_local",
  webhookSecret: "whsec_test_local",
  priceMonthly: "price_monthly_test",
  priceAnnual: "price_annual_test",
} as const;

const FIXTURES_PATH = join(import.meta.dir, "../fixtures/stripe/fixtures3.json");
const fixtures = (JSON.parse(readFileSync(FIXTURES_PATH, "utf8")) as { resources: Record<string, StripeObject> }).resources;

/** A fresh copy of one of Stripe's example objects. */
export function stripeFixture(name: string): StripeObject {
  const fixture = fixtures[name];
  if (!fixture) throw new Error(`fixtures3.json has no resource '${name}'`);
  return structuredClone(fixture);
}

/**
 * Decodes stripe-node's form encoding (`items[0][price]=p`, `expand[0]=x`, `expand[]=x`, `a[b][c]=v`) into
 * nested objects and arrays. Values stay strings, as on the wire; an empty value (how stripe-node unsets a
 * field) stays "".
 */
export function parseStripeParams(entries: Iterable<[string, string]>): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of entries) assignPath(root, keySegments(key), value);
  return root;
}

function keySegments(key: string): string[] {
  const head = key.split("[", 1)[0] ?? key;
  const brackets = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? "");
  return [head, ...brackets];
}

function assignPath(root: StripeObject, segments: string[], value: string): void {
  let target: StripeObject = root;
  segments.forEach((segment, index) => {
    const key = segment === "" && Array.isArray(target) ? String(target.length) : segment;
    const next = segments[index + 1];
    if (next === undefined) {
      target[key] = value;
      return;
    }
    target[key] ??= /^\d*$/.test(next) ? [] : {};
    target = target[key];
  });
}

/** Thrown by a route to answer a Stripe-shaped error. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Omit<StripeFailure, "shouldRetry">,
  ) {
    super(body.message);
  }
}

const noSuch = (kind: string, id: string, param = "id", status = 404) =>
  new StripeApiError(status, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${kind}: '${id}'` });

const invalid = (message: string, param?: string) => new StripeApiError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}) });

/** How Stripe names a kind in "No such …" messages. */
const MISSING_NAMES: Record<string, string> = { setup_intent: "setupintent", payment_method: "PaymentMethod" };

const flag = (value: unknown) => value === true || value === "true";

type Route = { method: string; pattern: RegExp; handle: (params: StripeObject, id: string) => StripeObject };

interface PendingHang {
  timer: ReturnType<typeof setTimeout>;
  finish: () => void;
}

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: StripeObject;
}

export class StripeServer {
  readonly port: number;
  readonly url: string;
  requests: RecordedRequest[] = [];

  private readonly server: ReturnType<typeof Bun.serve>;
  private readonly now: () => Date;
  private readonly secretKey: string;
  private readonly prices: Record<string, PriceDefinition>;
  private objectsById = new Map<string, StripeObject>();
  /** What Checkout will subscribe to, kept aside because a Session object doesn't show it. */
  private checkoutPlans = new Map<string, { price: string; subscriptionData: StripeObject }>();
  private answersByIdempotencyKey = new Map<string, StoredAnswer>();
  private failures: Array<{ status: number; failure: StripeFailure }> = [];
  private targetedFailures: Array<{ method: string; path: string; status: number; failure: StripeFailure }> = [];
  private hangs: number[] = [];
  private pendingHangs = new Set<PendingHang>();
  /** Bumped by reset() and stop(): a request that started before must not touch the fresh state. */
  private generation = 0;
  private counter = 0;
  private readonly routes: Route[];

  constructor(options: StripeServerOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.secretKey = options.secretKey ?? TEST_STRIPE_SETTINGS.secretKey;
    this.prices = options.prices ?? TEST_PRICES;
    this.routes = [
      { method: "POST", pattern: /^\/v1\/customers$/, handle: (p) => this.createCustomer(p) },
      { method: "GET", pattern: /^\/v1\/customers\/([^/]+)$/, handle: (_, id) => this.find("customer", id) },
      { method: "POST", pattern: /^\/v1\/customers\/([^/]+)$/, handle: (p, id) => this.updateCustomer(id, p) },
      { method: "GET", pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/, handle: (_, id) => this.listPaymentMethods(id) },
      { method: "POST", pattern: /^\/v1\/subscriptions$/, handle: (p) => this.createSubscription(p) },
      { method: "GET", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (_, id) => this.find("subscription", id) },
      { method: "POST", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (p, id) => this.updateSubscription(id, p) },
      { method: "DELETE", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (_, id) => this.cancelSubscription(id) },
      { method: "POST", pattern: /^\/v1\/setup_intents$/, handle: (p) => this.createSetupIntent(p) },
      { method: "GET", pattern: /^\/v1\/setup_intents\/([^/]+)$/, handle: (_, id) => this.find("setup_intent", id) },
      { method: "POST", pattern: /^\/v1\/checkout\/sessions$/, handle: (p) => this.createCheckoutSession(p) },
      { method: "GET", pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: (_, id) => this.find("checkout.session", id) },
      { method: "POST", pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, handle: (_, id) => this.expireCheckoutSession(id) },
      { method: "GET", pattern: /^\/v1\/payment_methods\/([^/]+)$/, handle: (_, id) => this.find("payment_method", id) },
    ];
    this.server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => this.answer(request) });
    this.port = this.server.port ?? 0;
    this.url = `http://127.0.0.1:${this.port}`;
  }

  // ---- test controls ----

  /** The next `times` requests (after any hang) answer `status` with this error; like Stripe's edge failing, they are not stored for idempotent replay. */
  failNext(status: number, failure: StripeFailure, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push({ status, failure });
  }

  /** The next request to exactly this method and path answers `status` with this error (e.g. a card declined when a subscription is created). */
  failNextRequestTo(method: string, path: string, status: number, failure: StripeFailure): void {
    this.targetedFailures.push({ method, path, status, failure });
  }

  /** The next `times` requests wait `ms` before they are handled (a slow Stripe; the client's timeout fires first). */
  hangNext(ms: number, times = 1): void {
    for (let i = 0; i < times; i++) this.hangs.push(ms);
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

  /** The stored object itself (edit it to set up unusual shapes), or undefined. */
  get(id: string): StripeObject | undefined {
    return this.objectsById.get(id);
  }

  /** Stores a copy of an object, answered as it is: a subscription recorded from a real webhook (tests/fixtures/stripe). */
  put(object: StripeObject): StripeObject {
    return this.store(structuredClone(object));
  }

  /** Every stored object of a kind: "customer", "subscription", "setup_intent", "checkout.session", "payment_method". */
  objects(kind: string): StripeObject[] {
    return [...this.objectsById.values()].filter((object) => object.object === kind);
  }

  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)));
  }

  /** Forgets objects, requests, idempotency keys and pending failures or hangs. */
  reset(): void {
    this.generation++;
    this.releaseHangs();
    this.requests = [];
    this.objectsById = new Map();
    this.checkoutPlans = new Map();
    this.answersByIdempotencyKey = new Map();
    this.failures = [];
    this.targetedFailures = [];
    this.hangs = [];
  }

  stop(): void {
    this.reset();
    this.server.stop(true);
  }

  // ---- HTTP ----

  private async answer(request: Request): Promise<Response> {
    const generation = this.generation;
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const body = method === "POST" ? await request.text() : "";
    const params = parseStripeParams(method === "POST" ? new URLSearchParams(body) : url.searchParams);
    const idempotencyKey = request.headers.get("idempotency-key");
    const recorded: RecordedRequest = { method, path: url.pathname, params, idempotencyKey, status: 0 };
    this.requests.push(recorded);

    const hangMs = this.hangs.shift();
    if (hangMs !== undefined) await this.hang(hangMs);
    if (generation !== this.generation) return new Response(null, { status: 503 });

    const authorization = request.headers.get("authorization");
    const { status, body: answer, headers } = this.handle(authorization, method, url.pathname, params, idempotencyKey);
    recorded.status = status;
    return Response.json(answer, {
      status,
      headers: {
        "request-id": `req_local${++this.counter}`,
        "stripe-version": request.headers.get("stripe-version") ?? "",
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        ...headers,
      },
    });
  }

  private handle(
    authorization: string | null,
    method: string,
    path: string,
    params: StripeObject,
    idempotencyKey: string | null,
  ): { status: number; body: StripeObject; headers: Record<string, string> } {
    const targeted = this.targetedFailures.findIndex((entry) => entry.method === method && entry.path === path);
    const failure = targeted >= 0 ? this.targetedFailures.splice(targeted, 1)[0] : this.failures.shift();
    if (failure) {
      const { shouldRetry, ...error } = failure.failure;
      return { status: failure.status, body: { error }, headers: shouldRetry === undefined ? {} : { "stripe-should-retry": String(shouldRetry) } };
    }
    if (authorization !== `Bearer ${this.secretKey}`) {
      return { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_****" } }, headers: {} };
    }

    // Like Stripe: a key replays the first successful answer, and refuses different parameters.
    const fingerprint = JSON.stringify([method, path, params]);
    const stored = idempotencyKey && method === "POST" ? this.answersByIdempotencyKey.get(idempotencyKey) : undefined;
    if (stored && stored.fingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return { status: 400, body: { error: { type: "idempotency_error", message } }, headers: {} };
    }
    if (stored) return { status: stored.status, body: stored.body, headers: { "idempotent-replayed": "true" } };

    try {
      const body = this.route(method, path, params);
      if (idempotencyKey && method === "POST") this.answersByIdempotencyKey.set(idempotencyKey, { fingerprint, status: 200, body });
      return { status: 200, body, headers: {} };
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body }, headers: {} };
      const message = error instanceof Error ? error.message : String(error);
      return { status: 500, body: { error: { type: "api_error", message: `Fake Stripe failed: ${message}` } }, headers: {} };
    }
  }

  private route(method: string, path: string, params: StripeObject): StripeObject {
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const object = route.handle(params, decodeURIComponent(match[1] ?? ""));
      return this.expand(object, params.expand ?? []);
    }
    throw new StripeApiError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** A copy of the object with the `expand` paths (e.g. "pending_setup_intent", "invoice_settings.default_payment_method") replaced by the objects. */
  private expand(object: StripeObject, paths: string[]): StripeObject {
    const copy = structuredClone(object);
    for (const path of paths) this.expandPath(copy, path.split("."));
    return copy;
  }

  private expandPath(target: StripeObject, [head, ...rest]: string[]): void {
    if (head === undefined) return;
    const value = target[head];
    if (typeof value === "string" && this.objectsById.has(value)) target[head] = structuredClone(this.objectsById.get(value));
    if (rest.length > 0 && target[head] && typeof target[head] === "object") this.expandPath(target[head], rest);
  }

  private hang(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const pending: PendingHang = { timer: setTimeout(() => pending.finish(), ms), finish: () => {} };
      pending.finish = () => {
        clearTimeout(pending.timer);
        this.pendingHangs.delete(pending);
        resolve();
      };
      this.pendingHangs.add(pending);
    });
  }

  private releaseHangs(): void {
    for (const pending of [...this.pendingHangs]) pending.finish();
  }

  // ---- objects ----

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private newId(prefix: string): string {
    return `${prefix}_local${String(++this.counter).padStart(6, "0")}`;
  }

  private store<T extends StripeObject>(object: T): T {
    this.objectsById.set(object.id, object);
    return object;
  }

  private find(kind: string, id: string, param = "id", status = 404): StripeObject {
    const object = this.objectsById.get(id);
    if (!object || object.object !== kind) throw noSuch(MISSING_NAMES[kind] ?? kind, id, param, status);
    return object;
  }

  private createCustomer(params: StripeObject): StripeObject {
    const fixture = stripeFixture("customer");
    return this.store({
      ...fixture,
      id: this.newId("cus"),
      created: this.nowSeconds(),
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: params.metadata ?? {},
      discount: null,
      invoice_settings: { ...fixture.invoice_settings, default_payment_method: null },
    });
  }

  private updateCustomer(id: string, params: StripeObject): StripeObject {
    const customer = this.find("customer", id);
    const defaultPaymentMethod = params.invoice_settings?.default_payment_method;
    if (defaultPaymentMethod) {
      const paymentMethod = this.find("payment_method", defaultPaymentMethod, "invoice_settings[default_payment_method]", 400);
      if (paymentMethod.customer !== id) throw invalid(`The payment method '${defaultPaymentMethod}' does not belong to this customer.`, "invoice_settings[default_payment_method]");
      customer.invoice_settings.default_payment_method = defaultPaymentMethod;
    }
    if (params.email !== undefined) customer.email = params.email;
    if (params.name !== undefined) customer.name = params.name;
    if (params.metadata) customer.metadata = { ...customer.metadata, ...params.metadata };
    return customer;
  }

  private listPaymentMethods(customerId: string): StripeObject {
    this.find("customer", customerId);
    const data = this.objects("payment_method")
      .filter((paymentMethod) => paymentMethod.customer === customerId)
      .reverse()
      .map((paymentMethod) => structuredClone(paymentMethod));
    return { object: "list", data, has_more: false, url: `/v1/customers/${customerId}/payment_methods` };
  }

  private createPaymentMethod(customerId: string | null, card: CardDetails): StripeObject {
    const fixture = stripeFixture("payment_method");
    return this.store({
      ...fixture,
      id: this.newId("pm"),
      created: this.nowSeconds(),
      customer: customerId,
      metadata: {},
      card: { ...fixture.card, brand: card.brand, display_brand: card.brand, last4: card.last4, networks: { available: [card.brand], preferred: null } },
    });
  }

  private createSetupIntent(params: StripeObject): StripeObject {
    if (params.customer) this.find("customer", params.customer, "customer", 400);
    const id = this.newId("seti");
    return this.store({
      ...stripeFixture("setup_intent"),
      id,
      client_secret: `${id}_secret_local${++this.counter}`,
      created: this.nowSeconds(),
      customer: params.customer ?? null,
      status: "requires_payment_method",
      usage: params.usage ?? "off_session",
      automatic_payment_methods: { enabled: flag(params.automatic_payment_methods?.enabled), allow_redirects: "always" },
      metadata: params.metadata ?? {},
      last_setup_error: null,
      next_action: null,
      payment_method: null,
      payment_method_configuration_details: null,
    });
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
    const pendingSetupIntent = trialEnd && !paymentMethod && paymentBehavior === "default_incomplete" ? this.createSetupIntent({ customer: customer.id }) : null;

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

  private updateSubscription(id: string, params: StripeObject): StripeObject {
    const subscription = this.find("subscription", id);
    const changes = Object.keys(params).filter((key) => key !== "expand" && key !== "metadata" && key !== "cancellation_details");
    if (subscription.status === "canceled" && changes.length > 0) {
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
    }
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
      if (paymentMethod.customer !== subscription.customer) throw invalid(`The payment method '${paymentMethod.id}' does not belong to this customer.`, "default_payment_method");
      subscription.default_payment_method = paymentMethod.id;
    }
    if (params.metadata) subscription.metadata = { ...subscription.metadata, ...params.metadata };
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
    if (session.status !== "open") throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This session has status '${session.status}'.`);
    return Object.assign(session, { status: "expired", url: null });
  }
}

export function startStripeServer(options: StripeServerOptions = {}): StripeServer {
  return new StripeServer(options);
}

/** A StripeConfig whose stripe-node client talks to this server: `new StripeBilling(stripeTestConfig(server))`. */
export function stripeTestConfig(server: StripeServer, overrides: Partial<StripeConfig> = {}): StripeConfig {
  return {
    ...TEST_STRIPE_SETTINGS,
    checkout: "embedded",
    apiBase: { host: "127.0.0.1", port: server.port, protocol: "http" },
    ...overrides,
  };
}

/** The STRIPE_* variables matching stripeTestConfig, for createTestApp(env, { billing }) so that config.stripe is set too. */
export function stripeTestEnv(checkout: "embedded" | "hosted" = "embedded"): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: TEST_STRIPE_SETTINGS.secretKey,
    STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_SETTINGS.publishableKey,
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE_SETTINGS.webhookSecret,
    STRIPE_PRICE_MONTHLY: TEST_STRIPE_SETTINGS.priceMonthly,
    STRIPE_PRICE_ANNUAL: TEST_STRIPE_SETTINGS.priceAnnual,
    STRIPE_CHECKOUT: checkout,
  };
}

/** An Event as Stripe sends it to webhooks (from the `event` fixture), wrapping `object`. */
export function stripeEvent(type: string, object: StripeObject, overrides: StripeObject = {}): StripeObject {
  return {
    ...stripeFixture("event"),
    id: `evt_local_${crypto.randomUUID().replaceAll("-", "")}`,
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object, previous_attributes: null },
    ...overrides,
  };
}
