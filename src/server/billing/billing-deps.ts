import type { Db } from "../../../db/client.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Billing } from "./billing.ts";

/**
 * What billing needs of the app's dependencies: a part of `Deps` (deps.ts), which any `Deps` satisfies. Named here so
 * billing/ does not import deps.ts, which names billing/'s own `Billing`.
 */
export interface BillingDeps {
  db: Db;
  clock: Clock;
  config: Config;
  billing: Billing;
}
