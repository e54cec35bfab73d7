import type { Db } from "../../../db/client.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";

/**
 * What signing in needs of the app's dependencies: a part of `Deps` (deps.ts), which any `Deps` satisfies. Named here
 * so auth/ does not import deps.ts, which names billing/, which signs members in.
 */
export interface AuthDeps {
  db: Db;
  clock: Clock;
  config: Config;
}
