import { and, asc, eq, inArray, lt, lte } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { emailOutbox } from "../../../db/schema.ts";
import { DAY_MS } from "../../domain/calendar.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Mailer } from "./mailer.ts";
import type { PushSender, PushTarget } from "./push-sender.ts";
import type { RenderedEmail } from "./templates/layout.ts";

interface QueuedBase {
  kind: string;
  to: string;
  headers?: Record<string, string>;
  /** Messages with the same key are queued once: an alert is never owed twice. */
  dedupeKey?: string;
  /** When the message stops being worth sending (its link expires): it is dropped, not sent late. */
  expiresAt?: Date;
  /** Not before this (a reminder); the row waits in the table, so a restart keeps it. Default: now. */
  sendAt?: Date;
}

/** A message rendered now, stored whole. */
export type QueuedEmail = QueuedBase & RenderedEmail;

/** A message stored as data and rendered when it is sent: bulk alerts stay small in the database. */
export type QueuedTemplatedEmail = QueuedBase & { payload: Record<string, unknown> };

/** Renders a templated message at delivery time; null means it is no longer owed (e.g. its deals are gone). */
export type TemplateRenderer = (payload: Record<string, unknown>, to: string) => (RenderedEmail & { headers?: Record<string, string> }) | null;

/** A push row at delivery time: the device and the text; `forget` removes a device its push service says is gone. */
export type PushRenderer = (payload: Record<string, unknown>) => { target: PushTarget; payload: string; forget: () => void } | null;

/** Web pushes ride the outbox as rows with channel 'push': the same queue, retries, dedupe and purge as email. */
export interface PushDelivery {
  sender: PushSender;
  renderers: Record<string, PushRenderer>;
}

/** Retries wait 15 s, 30 s, … up to an hour; 80 attempts ride out a mail server outage of about three days. */
const MAX_ATTEMPTS = 80;
const BASE_BACKOFF_MS = 15_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** How long rows stay for the Operations view once they are done with: sent, skipped or expired, and failed. */
export const OUTBOX_RETENTION_MS = { done: 30 * DAY_MS, failed: 90 * DAY_MS };

/**
 * What a row keeps once it is done with (sent, skipped or expired): who, what, when and how it went, for the
 * Operations view; never the body, whose links (a password reset, an unsubscribe link) must not outlive delivery.
 */
const CLEARED_CONTENT = "text_body = NULL, html_body = NULL, payload = NULL, headers = '{}'";

/** Records that an email is owed. Synchronous, so it can join the transaction of the change that causes it. */
export function queueEmail(db: DbOrTx, email: QueuedEmail | QueuedTemplatedEmail, now: Date): void {
  const rendered = "subject" in email;
  db.insert(emailOutbox)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: rendered ? email.subject : null,
      textBody: rendered ? email.text : null,
      htmlBody: rendered ? email.html : null,
      payload: rendered ? null : email.payload,
      headers: email.headers ?? {},
      dedupeKey: email.dedupeKey ?? null,
      expiresAt: email.expiresAt ?? null,
      nextAttemptAt: email.sendAt ?? now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .run();
}

const INSERT_TEMPLATED = `
INSERT INTO email_outbox (kind, channel, to_address, payload, headers, dedupe_key, status, attempts, next_attempt_at, created_at)
VALUES ($kind, $channel, $to, $payload, '{}', $dedupeKey, 'queued', 0, $dueAt, $now)
ON CONFLICT DO NOTHING`;

/** A templated row: `dueAt` (default now) holds it back, e.g. until quiet hours end. */
export interface TemplatedRow {
  to: string;
  payload: object;
  dedupeKey: string;
  dueAt?: Date;
}

/**
 * Records many templated emails of one kind: the same rows as queueEmail, through one prepared statement, because a
 * fan-out to 100,000 subscribers queues 100,000 rows and queueEmail's per-call query building costs ~0.2 ms each.
 * Synchronous, for the caller's transaction. Returns how many were queued: a dedupe key already there is skipped.
 */
export function queueTemplatedEmails(db: Db, kind: string, emails: readonly TemplatedRow[], now: Date, channel: "email" | "push" = "email"): number {
  const statement = db.$client.query(INSERT_TEMPLATED);
  let queued = 0;
  for (const email of emails) {
    queued += statement.run({
      kind,
      channel,
      to: email.to,
      payload: JSON.stringify(email.payload),
      dedupeKey: email.dedupeKey,
      dueAt: (email.dueAt ?? now).getTime(),
      now: now.getTime(),
    }).changes;
  }
  return queued;
}

const MERGE_TEMPLATED = `
INSERT INTO email_outbox (kind, channel, to_address, payload, headers, dedupe_key, status, attempts, next_attempt_at, created_at)
VALUES ($kind, 'email', $to, $payload, '{}', $dedupeKey, 'queued', 0, $dueAt, $now)
ON CONFLICT (dedupe_key) DO UPDATE SET payload = json_set(email_outbox.payload, '$.deals', json((
  SELECT json_group_array(json(value)) FROM (
    SELECT value FROM json_each(email_outbox.payload, '$.deals') UNION SELECT value FROM json_each(excluded.payload, '$.deals'))))
) WHERE email_outbox.status = 'queued'
RETURNING created_at = $now AS inserted`;

/**
 * Like queueTemplatedEmails, but a row already queued under the same key takes the new `deals` into its payload
 * (a set: the same [deal, version] is kept once): how a digest collects a day's deals in one message.
 * Returns how many rows were new.
 */
export function mergeTemplatedEmails(db: Db, kind: string, emails: readonly (TemplatedRow & { dueAt: Date })[], now: Date): number {
  const statement = db.$client.query(MERGE_TEMPLATED);
  let inserted = 0;
  for (const email of emails) {
    const row = statement.get({
      kind,
      to: email.to,
      payload: JSON.stringify(email.payload),
      dedupeKey: email.dedupeKey,
      dueAt: email.dueAt.getTime(),
      now: now.getTime(),
    }) as { inserted: number } | null;
    if (row?.inserted === 1) inserted++;
  }
  return inserted;
}

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, "mailFrom" | "appOrigin">;
  /** Renderers for templated kinds, by kind. */
  templates?: Record<string, TemplateRenderer>;
  push?: PushDelivery;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

function contentOf(row: OutboxRow, templates: Record<string, TemplateRenderer>) {
  if (row.subject !== null && row.textBody !== null && row.htmlBody !== null) {
    return { subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers };
  }
  const render = templates[row.kind];
  if (!render) throw new Error(`No template renders emails of kind '${row.kind}'`);
  const rendered = render(row.payload ?? {}, row.toAddress);
  return rendered && { ...rendered, headers: { ...row.headers, ...rendered.headers } };
}

/** Sends a push row; false when it is no longer owed or its device is gone (then the device is forgotten). */
async function sendPush(row: OutboxRow, push: PushDelivery | undefined): Promise<boolean> {
  const render = push?.renderers[row.kind];
  if (!push || !render) throw new Error(`No push renderer for '${row.kind}'`);
  const rendered = render(row.payload ?? {});
  if (!rendered) return false;
  const outcome = await push.sender.send(rendered.target, rendered.payload);
  if (outcome === "gone") rendered.forget();
  return outcome === "sent";
}

/**
 * Sends batches until nothing is due or `maxBatches` ran, so a fan-out's thousands of alerts go out at the
 * speed of the mail server rather than one batch per job tick; the cap keeps a shutdown waiting seconds, not minutes.
 */
export async function deliverAllDueEmails(deps: DeliveryDeps, maxBatches = 25, batchSize = 200): Promise<DeliveryResult> {
  const total: DeliveryResult = { sent: 0, failed: 0, skipped: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = await deliverDueEmails(deps, batchSize);
    total.sent += result.sent;
    total.failed += result.failed;
    total.skipped += result.skipped;
    if (result.sent + result.failed + result.skipped < batchSize) break;
  }
  return total;
}

export interface DeliveryResult {
  sent: number;
  failed: number;
  /** Messages no longer owed when their turn came (alerts turned off, deals gone, link expired). */
  skipped: number;
}

/**
 * Sends what is due, a batch at a time, several in flight. A message is marked sent only after the mail
 * server accepted it, so a crash can repeat a send but never lose one; the Message-ID stays the same.
 */
export async function deliverDueEmails(deps: DeliveryDeps, batchSize = 200, concurrency = 10): Promise<DeliveryResult> {
  const { db, mailer, clock, config } = deps;
  const due = db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, clock.now())))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(batchSize)
    .all();

  let sent = 0;
  let failed = 0;
  let skipped = 0;
  const domain = new URL(config.appOrigin).hostname || "gordu.local";
  const deliverOne = async (row: OutboxRow) => {
    if (row.expiresAt && row.expiresAt.getTime() <= clock.now().getTime()) {
      db.$client.query(`UPDATE email_outbox SET status = 'expired', ${CLEARED_CONTENT} WHERE id = $id`).run({ id: row.id });
      skipped++;
      return;
    }
    try {
      const content = row.channel === "push" ? await sendPush(row, deps.push) : contentOf(row, deps.templates ?? {});
      if (content && content !== true) {
        await mailer.send({ messageId: `<outbox-${row.id}@${domain}>`, from: config.mailFrom, to: row.toAddress, ...content });
      }
      // Runs once per message: a cached raw statement, since building the query each time costs more than sending.
      db.$client
        .query(`UPDATE email_outbox SET status = 'sent', sent_at = $sentAt, attempts = $attempts, last_error = $lastError, ${CLEARED_CONTENT} WHERE id = $id`)
        .run({ sentAt: clock.now().getTime(), attempts: row.attempts + 1, lastError: content ? null : "no longer owed", id: row.id });
      if (content) sent++;
      else skipped++;
    } catch (error) {
      const attempts = row.attempts + 1;
      db.update(emailOutbox)
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? "failed" : "queued",
          nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempts)),
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where(eq(emailOutbox.id, row.id))
        .run();
      failed++;
    }
  };

  // `concurrency` workers each take the next due message as soon as their last one is done.
  let next = 0;
  const worker = async () => {
    while (next < due.length) await deliverOne(due[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sent, failed, skipped };
}

/**
 * The hourly clean-up: a message whose link expired while it waited (the mail server down) is dropped with its
 * body, and rows done with are removed after their retention (done: 30 days, failed: 90 days).
 */
export function purgeOutbox(db: DbOrTx, now: Date): void {
  db.update(emailOutbox)
    .set({ status: "expired", textBody: null, htmlBody: null, payload: null, headers: {} })
    .where(and(inArray(emailOutbox.status, ["queued", "failed"]), lte(emailOutbox.expiresAt, now)))
    .run();
  db.delete(emailOutbox)
    .where(and(inArray(emailOutbox.status, ["sent", "expired"]), lt(emailOutbox.createdAt, new Date(now.getTime() - OUTBOX_RETENTION_MS.done))))
    .run();
  db.delete(emailOutbox)
    .where(and(eq(emailOutbox.status, "failed"), lt(emailOutbox.createdAt, new Date(now.getTime() - OUTBOX_RETENTION_MS.failed))))
    .run();
}
