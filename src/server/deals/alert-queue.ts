/**
 * Queues deal-alert emails: one per subscriber and fan-out, stored as data (the subscriber and the deal versions)
 * and rendered when sent by alert-email.ts.
 */
import { createHash } from "node:crypto";
import type { Db } from "../../../db/client.ts";
import { queueTemplatedEmails } from "../mail/outbox.ts";

export const DEAL_ALERT_KIND = "deal-alert";

export interface DealAlertPayload {
  userId: number;
  /** [deal id, alert version] pairs this email announces. */
  deals: [number, number][];
}

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
  const emails = alerts.map((alert) => ({ to: alert.to, payload: alert.payload, dedupeKey: dealAlertDedupeKey(alert.payload) }));
  return queueTemplatedEmails(db, DEAL_ALERT_KIND, emails, now);
}
