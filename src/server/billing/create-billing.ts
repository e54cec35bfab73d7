import type { Db } from "../../../db/client.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Billing } from "./billing.ts";
import { StripeBilling } from "./stripe-billing.ts";
import { TestBilling } from "./test-billing.ts";

/** Stripe when every STRIPE_* variable is set; the built-in test billing otherwise. */
export function createBilling(config: Config, db: Db, clock: Clock): Billing {
  return config.stripe ? new StripeBilling(config.stripe, { timeoutMs: 5000 }) : new TestBilling(db, clock);
}
