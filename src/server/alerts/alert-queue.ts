/**
 * Queues deal-alert emails: one per subscriber and fan-out, stored as data (the subscriber and the deal versions)
 * and rendered when sent by alert-email.ts.
 */
import { createHash } from "node:crypto";
import type { Db } from "../../../db/client.ts";
import { mergeTemplatedEmails, queueTemplatedEmails } from "../mail/outbox.ts";

export const DEAL_ALERT_KIND = "deal-alert";
export const PUSH_ALERT_KIND = "push-alert";
/** A daily or weekly digest: one row per subscriber and due time, collecting every deal found until then. */
export const DEAL_DIGEST_KIND = "deal-digest";

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

export interface PushAlertPayload extends DealAlertPayload {
  deviceId: number;
}

/** One push per device and set of deal versions. */
export function pushAlertDedupeKey(payload: PushAlertPayload): string {
  return `${PUSH_ALERT_KIND}:${payload.deviceId}:${dealAlertDedupeKey(payload).split(":").at(-1)}`;
}

/** Synchronous, for the fan-out batch's transaction: one push row per device (channel 'push'). Returns how many were queued. */
export function queuePushAlerts(db: Db, pushes: readonly { payload: PushAlertPayload; dueAt?: Date }[], now: Date): number {
  const rows = pushes.map((push) => ({
    to: `push:${push.payload.deviceId}`,
    payload: push.payload,
    dedupeKey: pushAlertDedupeKey(push.payload),
    dueAt: push.dueAt,
  }));
  return queueTemplatedEmails(db, PUSH_ALERT_KIND, rows, now, "push");
}

/** Synchronous, for the fan-out batch's transaction. `dueAt` holds an alert back (quiet hours, the cap). Returns how many were queued. */
export function queueDealAlerts(db: Db, alerts: readonly { to: string; payload: DealAlertPayload; dueAt?: Date }[], now: Date): number {
  const emails = alerts.map((alert) => ({ to: alert.to, payload: alert.payload, dedupeKey: dealAlertDedupeKey(alert.payload), dueAt: alert.dueAt }));
  return queueTemplatedEmails(db, DEAL_ALERT_KIND, emails, now);
}

/** Adds deals to each subscriber's digest due at `dueAt` (one row per subscriber and due time). Returns how many digests were new. */
export function queueDealDigests(db: Db, digests: readonly { to: string; payload: DealAlertPayload; dueAt: Date }[], now: Date): number {
  const rows = digests.map((digest) => ({
    to: digest.to,
    payload: digest.payload,
    dedupeKey: `${DEAL_DIGEST_KIND}:${digest.payload.userId}:${digest.dueAt.toISOString()}`,
    dueAt: digest.dueAt,
  }));
  return mergeTemplatedEmails(db, DEAL_DIGEST_KIND, rows, now);
}
