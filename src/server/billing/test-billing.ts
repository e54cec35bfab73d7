import { addMonths, addYears } from "date-fns";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { testBillingObjects } from "../../../db/schema.ts";
import type { PlanType } from "../../domain/api/common.ts";
import { TRIAL_DAYS } from "../../domain/plans.ts";
import { newToken } from "../auth/tokens.ts";
import type { Clock } from "../clock.ts";
import { type BalanceAdjustment, type Billing, type CardSummary, type SubscriptionSnapshot, UnknownBillingObjectError } from "./billing.ts";
import { checkTestCard, type CardInput } from "./test-cards.ts";
import { DAY_MS } from "../../domain/calendar.ts";

interface TestCustomer {
  email: string;
  name: string;
  defaultCard: CardSummary | null;
}

export interface TestSubscription {
  customerId: string;
  planType: PlanType;
  /** 'trialing' | 'active' | 'canceled'; what time has made of it is worked out when read. */
  status: string;
  trialEnd: number | null;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  paused: boolean;
  /** When the pause ends by itself, as Stripe's pause_collection.resumes_at (ms); absent or null: no end. */
  resumesAt?: number | null;
  /** A member's pause moved the renewal (as our Stripe metadata says): when the pause ends (ms). Read only while trialing. */
  memberPauseEndsAt?: number | null;
  card: CardSummary | null;
  /** The ended subscription this one replaced (startNewSubscription). */
  replaces?: string;
}

interface TestSetupIntent {
  customerId: string;
  clientSecret: string;
  status: "requires_payment_method" | "succeeded";
  card: CardSummary | null;
  /** The trialing subscription whose card this intent collects, for a signup. */
  subscriptionId: string | null;
  checkoutSessionId?: string;
}

type Kind = "customer" | "subscription" | "setup_intent" | "balance_transaction";

const randomId = (prefix: string) => `${prefix}_test_${newToken(12)}`;

/**
 * What a subscription has become by `now`: trials end, periods renew, cancellations at period end take effect
 * (and, once taken, are no longer pending, as cancelNow leaves it).
 */
export function subscriptionAt(subscription: TestSubscription, now: Date): TestSubscription {
  const next = { ...subscription };
  const t = now.getTime();
  if (next.paused && next.resumesAt != null && t >= next.resumesAt) Object.assign(next, { paused: false, resumesAt: null });
  if (next.status === "trialing" && next.trialEnd !== null && t >= next.trialEnd) {
    if (next.cancelAtPeriodEnd || !next.card) return { ...next, status: "canceled", cancelAtPeriodEnd: false };
    next.status = "active";
  }
  while (next.status === "active" && t >= next.currentPeriodEnd) {
    if (next.cancelAtPeriodEnd) return { ...next, status: "canceled", cancelAtPeriodEnd: false };
    next.currentPeriodEnd = advance(next.currentPeriodEnd, next.planType);
  }
  return next;
}

const advance = (from: number, plan: PlanType) => (plan === "annual" ? addYears(from, 1) : addMonths(from, 1)).getTime();

/**
 * The embedded default: Stripe's API shapes, kept in SQLite, no network and no keys. Cards are checked
 * against Stripe's documented test numbers through POST /api/test-billing/confirm-setup.
 */
export class TestBilling implements Billing {
  readonly mode = "test" as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private read<T>(kind: Kind, id: string): T {
    const row = this.db.select().from(testBillingObjects).where(eq(testBillingObjects.id, id)).get();
    if (!row || row.kind !== kind) throw new UnknownBillingObjectError(`No such ${kind}: '${id}'`);
    return row.data as T;
  }

  private write(kind: Kind, id: string, data: object): void {
    this.db
      .insert(testBillingObjects)
      .values({ id, kind, data: data as Record<string, unknown>, createdAt: this.clock.now() })
      .onConflictDoUpdate({ target: testBillingObjects.id, set: { data: data as Record<string, unknown> } })
      .run();
  }

  private snapshot(id: string): SubscriptionSnapshot {
    const stored = this.read<TestSubscription>("subscription", id);
    const current = subscriptionAt(stored, this.clock.now());
    const changed = current.status !== stored.status || current.currentPeriodEnd !== stored.currentPeriodEnd || current.paused !== stored.paused;
    if (changed) this.write("subscription", id, current);
    return {
      id,
      customerId: current.customerId,
      status: current.status,
      paused: current.paused,
      resumesAt: current.paused && current.resumesAt != null ? new Date(current.resumesAt) : null,
      memberPauseEndsAt: current.status === "trialing" && current.memberPauseEndsAt != null ? new Date(current.memberPauseEndsAt) : null,
      planType: current.planType,
      trialEnd: current.trialEnd === null ? null : new Date(current.trialEnd),
      currentPeriodEnd: new Date(current.currentPeriodEnd),
      cancelAtPeriodEnd: current.cancelAtPeriodEnd,
      card: current.card,
    };
  }

  private update(id: string, change: (subscription: TestSubscription) => TestSubscription): SubscriptionSnapshot {
    this.snapshot(id);
    this.write("subscription", id, change(this.read<TestSubscription>("subscription", id)));
    return this.snapshot(id);
  }

  private newSetupIntent(customerId: string, subscriptionId: string | null) {
    const id = randomId("seti");
    const clientSecret = `${id}_secret_${newToken(12)}`;
    this.write("setup_intent", id, { customerId, clientSecret, status: "requires_payment_method", card: null, subscriptionId } satisfies TestSetupIntent);
    return { id, clientSecret };
  }

  async startEmbeddedSignup(input: { email: string; firstName: string; lastName: string; planType: PlanType }) {
    const now = this.clock.now().getTime();
    const customerId = randomId("cus");
    this.write("customer", customerId, { email: input.email, name: `${input.firstName} ${input.lastName}`, defaultCard: null } satisfies TestCustomer);
    const subscriptionId = randomId("sub");
    const trialEnd = now + TRIAL_DAYS * DAY_MS;
    this.write("subscription", subscriptionId, {
      customerId,
      planType: input.planType,
      status: "trialing",
      trialEnd,
      currentPeriodEnd: trialEnd,
      cancelAtPeriodEnd: false,
      paused: false,
      card: null,
    } satisfies TestSubscription);
    const intent = this.newSetupIntent(customerId, subscriptionId);
    return { customerId, subscriptionId, setupIntentId: intent.id, clientSecret: intent.clientSecret };
  }

  async startHostedCheckout(): Promise<never> {
    throw new Error("Hosted checkout needs Stripe; test billing uses the embedded form");
  }

  async getSetupIntent(setupIntentId: string) {
    const intent = this.read<TestSetupIntent>("setup_intent", setupIntentId);
    return { id: setupIntentId, status: intent.status, customerId: intent.customerId, card: intent.card };
  }

  async getCheckoutSession(): Promise<never> {
    throw new Error("Hosted checkout needs Stripe");
  }

  async expireCheckoutSession(): Promise<never> {
    throw new Error("Hosted checkout needs Stripe");
  }

  async getSubscription(subscriptionId: string) {
    return this.snapshot(subscriptionId);
  }

  async cancelAtPeriodEnd(subscriptionId: string) {
    return this.update(subscriptionId, (s) => ({ ...s, cancelAtPeriodEnd: true }));
  }

  async cancelNow(subscriptionId: string) {
    return this.update(subscriptionId, (s) => ({ ...s, status: "canceled", cancelAtPeriodEnd: false }));
  }

  async undoCancelAtPeriodEnd(subscriptionId: string) {
    return this.update(subscriptionId, (s) => ({ ...s, cancelAtPeriodEnd: false }));
  }

  async pause(subscriptionId: string) {
    return this.update(subscriptionId, (s) => ({ ...s, paused: true, resumesAt: null }));
  }

  async resume(subscriptionId: string) {
    return this.update(subscriptionId, (s) => ({ ...s, paused: false, resumesAt: null }));
  }

  /** As Stripe's trial_end with no proration: nothing charged until `renewsAt`, where a new period starts and is paid. */
  async moveRenewalForPause(subscriptionId: string, dates: { renewsAt: Date; pauseEndsAt: Date }) {
    const renewsAt = dates.renewsAt.getTime();
    return this.update(subscriptionId, (s) => ({
      ...s,
      status: "trialing",
      trialEnd: renewsAt,
      currentPeriodEnd: renewsAt,
      memberPauseEndsAt: dates.pauseEndsAt.getTime(),
    }));
  }

  async startNewSubscription(customerId: string, planType: PlanType, replacing: string | null = null) {
    const customer = this.read<TestCustomer>("customer", customerId);
    // As Stripe's idempotency key does: the same replacement with the same plan and card answers the first one.
    const earlier = replacing ? this.replacementOf(replacing) : undefined;
    if (earlier && earlier.data.planType === planType && earlier.data.card?.last4 === customer.defaultCard?.last4) return this.snapshot(earlier.id);
    const id = randomId("sub");
    const now = this.clock.now().getTime();
    this.write("subscription", id, {
      customerId,
      planType,
      status: "active",
      trialEnd: null,
      currentPeriodEnd: advance(now, planType),
      cancelAtPeriodEnd: false,
      paused: false,
      card: customer.defaultCard,
      ...(replacing ? { replaces: replacing } : {}),
    } satisfies TestSubscription);
    return this.snapshot(id);
  }

  private replacementOf(subscriptionId: string): { id: string; data: TestSubscription } | undefined {
    const row = this.db
      .select()
      .from(testBillingObjects)
      .where(and(eq(testBillingObjects.kind, "subscription"), sql`json_extract(${testBillingObjects.data}, '$.replaces') = ${subscriptionId}`))
      .get();
    return row ? { id: row.id, data: row.data as unknown as TestSubscription } : undefined;
  }

  async createPaymentUpdateIntent(customerId: string) {
    this.read<TestCustomer>("customer", customerId);
    const intent = this.newSetupIntent(customerId, null);
    return { setupIntentId: intent.id, clientSecret: intent.clientSecret };
  }

  async setDefaultPaymentMethod(input: { customerId: string; subscriptionId: string | null; setupIntentId: string }) {
    const intent = this.read<TestSetupIntent>("setup_intent", input.setupIntentId);
    if (intent.status !== "succeeded" || intent.customerId !== input.customerId) return null;
    const customer = this.read<TestCustomer>("customer", input.customerId);
    this.write("customer", input.customerId, { ...customer, defaultCard: intent.card });
    if (input.subscriptionId) this.update(input.subscriptionId, (s) => ({ ...s, card: intent.card }));
    return intent.card;
  }

  /** Kept as Stripe keeps it: one object per transaction, its id derived from the idempotency key. */
  async adjustBalance(input: BalanceAdjustment) {
    this.read<TestCustomer>("customer", input.customerId);
    const id = `cbtxn_test_${input.idempotencyKey}`;
    const existing = this.db.select().from(testBillingObjects).where(eq(testBillingObjects.id, id)).get();
    if (!existing) this.write("balance_transaction", id, { customerId: input.customerId, amount: input.amountCents, description: input.description });
    return { id };
  }

  /** The customer's balance in cents (negative: credit owed to them), the sum of its balance transactions. */
  balanceOf(customerId: string): number {
    const row = this.db
      .select({ total: sql<number>`coalesce(sum(json_extract(${testBillingObjects.data}, '$.amount')), 0)` })
      .from(testBillingObjects)
      .where(and(eq(testBillingObjects.kind, "balance_transaction"), sql`json_extract(${testBillingObjects.data}, '$.customerId') = ${customerId}`))
      .get();
    return row?.total ?? 0;
  }

  /**
   * What the browser's card form does in test mode (POST /api/test-billing/confirm-setup). A signup's card
   * becomes its subscription's default at once, as Stripe's save_default_payment_method does.
   */
  confirmSetup(clientSecret: string, card: CardInput): { status: "succeeded" } | { declined: string } {
    const id = clientSecret.split("_secret_")[0] ?? "";
    let intent: TestSetupIntent;
    try {
      intent = this.read<TestSetupIntent>("setup_intent", id);
    } catch {
      return { declined: "This payment form has expired. Please reload the page and try again." };
    }
    if (intent.clientSecret !== clientSecret) return { declined: "This payment form has expired. Please reload the page and try again." };
    if (intent.status === "succeeded") return { status: "succeeded" };
    const check = checkTestCard(card, this.clock.now());
    if (!check.ok) return { declined: check.message };
    this.write("setup_intent", id, { ...intent, status: "succeeded", card: check.card });
    if (intent.subscriptionId) {
      this.update(intent.subscriptionId, (s) => ({ ...s, card: check.card }));
      const customer = this.read<TestCustomer>("customer", intent.customerId);
      this.write("customer", intent.customerId, { ...customer, defaultCard: check.card });
    }
    return { status: "succeeded" };
  }
}
