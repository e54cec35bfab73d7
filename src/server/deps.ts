import type { Db } from "../../db/client.ts";
import type { Billing } from "./billing/billing.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { FareSource } from "./fares/sources/fare-source.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { ClientAssets } from "./ssr/assets.ts";

/** Everything the app needs from outside; main.ts builds the real ones, tests build their own. */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  assets: ClientAssets;
  billing: Billing;
  fares: FareSource;
}
