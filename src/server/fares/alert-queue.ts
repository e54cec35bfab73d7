/**
 * Queues deal-alert emails in bulk. Same row as queueEmail (src/server/mail/outbox.ts) writes for a templated
 * email — kind, address, payload, dedupe key, queued now — through one prepared statement, because a fan-out
 * to 100,000 subscribers queues 100,000 rows and queueEmail's per-call query building costs ~0.2 ms each.
 */
import { createHash } from "node:crypto";
import type { Db } from "../../../db/client.ts";

export const DEAL_ALERT_KIND = "deal-alert";

export interface DealAlertPayload {
  userId: number;
  /** [deal id, alert version] pairs this email announces. */
  deals: [number, number][];
}

const INSERT_ALERT = `
INSERT INTO email_outbox (kind, to_address, payload, headers, dedupe_key, status, attempts, next_attempt_at, created_at)
VALUES ('${DEAL_ALERT_KIND}', $to, $payload, '{}', $dedupeKey, 'queued', 0, $now, $now)
ON CONFLICT DO NOTHING`;

/** One alert per subscriber and set of deal versions: the same announcement can never be queued twice. */
export function dealAlertDedupeKey(payload: DealAlertPayload): string {
  const versions = payload.deals
    .map(([id, version]) => `${id}v${version}`)
    .sort()
    .join(",");
  return `${DEAL_ALERT_KIND}:${payload.userId}:${createHash("sha256").update(versions).digest("hex").slice(0, 24)}`;
}

/** Synchronous, for the fan-out batch's transaction. Returns how many were queued. */
export function queueDealAlerts(db: Db, alerts: readonly { to: string; payload: DealAlertPayload }[], now: Date): number {
  const statement = db.$client.query(INSERT_ALERT);
  let queued = 0;
  for (const alert of alerts) {
    const result = statement.run({
      to: alert.to,
      payload: JSON.stringify(alert.payload),
      dedupeKey: dealAlertDedupeKey(alert.payload),
      now: now.getTime(),
    });
    queued += result.changes;
  }
  return queued;
}
