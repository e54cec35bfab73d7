import type { Db } from "../../../db/client.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Billing } from "./billing.ts";
import { TestBilling } from "./test-billing.ts";

/**
 * Stripe when every STRIPE_* variable is set; the built-in test billing otherwise. stripe-node is loaded
 * only when it is used, which keeps the default start-up fast.
 */
export async function createBilling(config: Config, db: Db, clock: Clock): Promise<Billing> {
  if (!config.stripe) return new TestBilling(db, clock);
  const { StripeBilling } = await import("./stripe-billing.ts");
  return new StripeBilling(config.stripe, { timeoutMs: 5000 });
}
