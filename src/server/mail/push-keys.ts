/**
 * The VAPID key pair that signs every web push: from config when the operator set VAPID_*, otherwise a pair generated
 * on first use and kept in `app_secrets`, so `npm start` pushes with no setup and devices stay subscribed across restarts.
 */
import webpush from "web-push";
import type { Db } from "../../../db/client.ts";
import type { Config, VapidConfig } from "../config.ts";

const GENERATED_KEYS = "vapid-keys";

export function vapidKeys(deps: { db: Db; config: Pick<Config, "vapid" | "supportEmail">; clock: { now(): Date } }): VapidConfig {
  if (deps.config.vapid) return deps.config.vapid;
  const subject = `mailto:${deps.config.supportEmail}`;
  const storedPair = () => {
    const row = deps.db.$client.query("SELECT value FROM app_secrets WHERE name = $name").get({ name: GENERATED_KEYS }) as { value: string } | null;
    return row && (JSON.parse(row.value) as { publicKey: string; privateKey: string });
  };
  const stored = storedPair();
  if (stored) return { ...stored, subject };
  const pair = webpush.generateVAPIDKeys();
  deps.db.$client
    .query("INSERT INTO app_secrets (name, value, created_at) VALUES ($name, $value, $now) ON CONFLICT DO NOTHING")
    .run({ name: GENERATED_KEYS, value: JSON.stringify(pair), now: deps.clock.now().getTime() });
  // Another caller may have stored its pair first: the stored one is the one.
  return { ...storedPair()!, subject };
}
