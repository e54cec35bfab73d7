/**
 * The fake Stripe's store: objects made from Stripe's own example objects (tests/fixtures/stripe/fixtures3.json) with
 * only ids, statuses, secrets and periods overridden, kept by id; customers, payment methods and SetupIntents.
 * stripe-objects.ts adds subscriptions and Checkout; stripe-server.ts puts HTTP in front.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Stripe objects are JSON of many shapes; the fake edits them freely, as Stripe's own servers would. */
// biome-ignore lint/suspicious/noExplicitAny: a fake of many object shapes, edited freely
export type StripeObject = Record<string, any>;

/** An error as Stripe sends it under `error`. */
export interface StripeErrorBody {
  type: "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
}

export interface CardDetails {
  brand: string;
  last4: string;
  /** Stripe's card fingerprint: the same for one card number wherever it is added. Unset: a card never seen before. */
  fingerprint?: string;
}

/** Fields a test may move a subscription to; unix seconds, as Stripe. Periods go on the item, as on current API versions. */
export interface PriceDefinition {
  interval: "month" | "year";
  unitAmount: number;
}

export interface StripeObjectsOptions {
  /** The time Stripe believes it is (creation dates, trials, periods). Defaults to the real clock. */
  now?: () => Date;
  prices?: Record<string, PriceDefinition>;
}

export const TEST_PRICES: Record<string, PriceDefinition> = {
  price_monthly_test: { interval: "month", unitAmount: 1000 },
  price_annual_test: { interval: "year", unitAmount: 7200 },
};

const FIXTURES_PATH = join(import.meta.dir, "../fixtures/stripe/fixtures3.json");
const fixtures = (JSON.parse(readFileSync(FIXTURES_PATH, "utf8")) as { resources: Record<string, StripeObject> }).resources;

/** A fresh copy of one of Stripe's example objects. */
export function stripeFixture(name: string): StripeObject {
  const fixture = fixtures[name];
  if (!fixture) throw new Error(`fixtures3.json has no resource '${name}'`);
  return structuredClone(fixture);
}

/** Thrown by a route to answer a Stripe-shaped error. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const noSuch = (kind: string, id: string, param = "id", status = 404) =>
  new StripeApiError(status, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${kind}: '${id}'` });

export const invalid = (message: string, param?: string) => new StripeApiError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}) });

/** How Stripe names a kind in "No such …" messages. */
const MISSING_NAMES: Record<string, string> = { setup_intent: "setupintent", payment_method: "PaymentMethod" };

export const flag = (value: unknown) => value === true || value === "true";

/** What the fake Stripe holds, by id. */
export class StripeObjectStore {
  protected readonly now: () => Date;
  protected readonly prices: Record<string, PriceDefinition>;
  protected objectsById = new Map<string, StripeObject>();
  /** What Checkout will subscribe to, kept aside because a Session object doesn't show it. */
  protected checkoutPlans = new Map<string, { price: string; subscriptionData: StripeObject }>();
  protected counter = 0;

  constructor(options: StripeObjectsOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.prices = options.prices ?? TEST_PRICES;
  }

  /** Ids of objects recorded elsewhere (put): answered as they are, time does not move them. */
  protected recorded = new Set<string>();

  /** Stores a copy of an object, answered as it is: a subscription recorded from a real webhook (tests/fixtures/stripe). */
  put(object: StripeObject): StripeObject {
    this.recorded.add(object.id);
    return this.store(structuredClone(object));
  }

  /** The stored object itself (edit it to set up unusual shapes), or undefined. */
  get(id: string): StripeObject | undefined {
    return this.objectsById.get(id);
  }

  /** Every stored object of a kind: "customer", "subscription", "setup_intent", "checkout.session", "payment_method". */
  objects(kind: string): StripeObject[] {
    return [...this.objectsById.values()].filter((object) => object.object === kind);
  }

  /** Forgets every object. */
  protected forgetObjects(): void {
    this.objectsById = new Map();
    this.recorded = new Set();
    this.checkoutPlans = new Map();
  }

  /** A copy of the object with the `expand` paths (e.g. "pending_setup_intent", "invoice_settings.default_payment_method") replaced by the objects. */
  protected expand(object: StripeObject, paths: string[]): StripeObject {
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

  protected nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  protected newId(prefix: string): string {
    return `${prefix}_local${String(++this.counter).padStart(6, "0")}`;
  }

  protected store<T extends StripeObject>(object: T): T {
    this.objectsById.set(object.id, object);
    return object;
  }

  protected find(kind: string, id: string, param = "id", status = 404): StripeObject {
    const object = this.objectsById.get(id);
    if (!object || object.object !== kind) throw noSuch(MISSING_NAMES[kind] ?? kind, id, param, status);
    return object;
  }

  protected createCustomer(params: StripeObject): StripeObject {
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

  protected updateCustomer(id: string, params: StripeObject): StripeObject {
    const customer = this.find("customer", id);
    const defaultPaymentMethod = params.invoice_settings?.default_payment_method;
    if (defaultPaymentMethod) {
      const paymentMethod = this.find("payment_method", defaultPaymentMethod, "invoice_settings[default_payment_method]", 400);
      if (paymentMethod.customer !== id)
        throw invalid(`The payment method '${defaultPaymentMethod}' does not belong to this customer.`, "invoice_settings[default_payment_method]");
      customer.invoice_settings.default_payment_method = defaultPaymentMethod;
    }
    if (params.email !== undefined) customer.email = params.email;
    if (params.name !== undefined) customer.name = params.name;
    if (params.metadata) customer.metadata = { ...customer.metadata, ...params.metadata };
    return customer;
  }

  protected listPaymentMethods(customerId: string): StripeObject {
    this.find("customer", customerId);
    const data = this.objects("payment_method")
      .filter((paymentMethod) => paymentMethod.customer === customerId)
      .reverse()
      .map((paymentMethod) => structuredClone(paymentMethod));
    return { object: "list", data, has_more: false, url: `/v1/customers/${customerId}/payment_methods` };
  }

  /** A customer balance transaction: the amount (negative is a credit) moves the customer's `balance`. */
  protected createBalanceTransaction(customerId: string, params: StripeObject): StripeObject {
    const customer = this.find("customer", customerId);
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount === 0) throw invalid("Invalid integer: amount", "amount");
    if (params.currency !== "usd") throw invalid("Invalid currency", "currency");
    customer.balance = (customer.balance ?? 0) + amount;
    return this.store({
      ...stripeFixture("customer_balance_transaction"),
      id: this.newId("cbtxn"),
      created: this.nowSeconds(),
      customer: customerId,
      amount,
      currency: "usd",
      description: params.description ?? null,
      ending_balance: customer.balance,
      metadata: params.metadata ?? {},
      type: "adjustment",
    });
  }

  protected listBalanceTransactions(customerId: string): StripeObject {
    this.find("customer", customerId);
    const data = this.objects("customer_balance_transaction")
      .filter((transaction) => transaction.customer === customerId)
      .reverse()
      .map((transaction) => structuredClone(transaction));
    return { object: "list", data, has_more: false, url: `/v1/customers/${customerId}/balance_transactions` };
  }

  protected createPaymentMethod(customerId: string | null, card: CardDetails): StripeObject {
    const fixture = stripeFixture("payment_method");
    return this.store({
      ...fixture,
      id: this.newId("pm"),
      created: this.nowSeconds(),
      customer: customerId,
      metadata: {},
      card: {
        ...fixture.card,
        brand: card.brand,
        display_brand: card.brand,
        last4: card.last4,
        fingerprint: card.fingerprint ?? this.newId("fp"),
        networks: { available: [card.brand], preferred: null },
      },
    });
  }

  protected createSetupIntent(params: StripeObject): StripeObject {
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
}
