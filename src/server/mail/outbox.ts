/**
 * The outbox, the one writer of email_outbox: messages are queued in the database (nothing lost on a crash, one row
 * per dedupe key) and delivered by two jobs, emails and web pushes in lanes of their own. A row queued as data is
 * rendered when it is sent, by the renderer of its kind that the job runner hands in: src/server/jobs.ts,
 * emailRenderers (deal alerts and digests: alerts/alert-email.ts; trip reminders and fare drops: trips/) and
 * pushDelivery (alerts/push-alert.ts). This folder imports no feature folder.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { emailOutbox } from "../../../db/schema.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Mailer } from "./mailer.ts";
import { PushFailure, type PushSender, type PushTarget } from "./push-sender.ts";
import type { RenderedEmail } from "./templates/layout.ts";
import { messageOf } from "../../domain/error-text.ts";

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

/**
 * A push row at delivery time: the device, the text, and whose device it is (`owner`). `forget` removes a device its
 * push service says is gone; `dropFailing` removes one whose pushes keep failing and tells its member.
 */
export type PushRenderer = (payload: Record<string, unknown>) => {
  target: PushTarget;
  payload: string;
  owner: string;
  forget: () => void;
  dropFailing: () => void;
} | null;

/**
 * Web pushes ride the outbox as rows with channel 'push' (the same queue, dedupe and purge as email) but are sent in a
 * lane of their own (deliverDuePushes), so no push endpoint can hold up an email.
 */
export interface PushDelivery {
  sender: PushSender;
  renderers: Record<string, PushRenderer>;
  /** Push service hosts that are failing, while this process runs. */
  hosts: PushHostBackoff;
}

/** Retries wait 15 s, 30 s, … up to an hour; 80 attempts ride out a mail server outage of about three days. */
const MAX_ATTEMPTS = 80;
/** A push is tried 8 times, over about an hour (15 s, 30 s, … 16 min): a deal alert is stale long before a day. */
export const MAX_PUSH_ATTEMPTS = 8;
/** A device whose last this-many pushes all failed (every try) is dropped, and its member told. */
const FAILED_PUSHES_TO_DROP = 3;
/** One push service host, and one member's devices, hold at most this many of the push lane's workers at a time. */
const PUSHES_IN_FLIGHT_EACH = 2;
const BASE_BACKOFF_MS = 15_000;
const MAX_BACKOFF_MS = 60 * 60_000;

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

/**
 * Push service hosts that failed as a service (no answer in time, no connection, 429, 5xx): each waits 15 s, 30 s, …
 * up to an hour after its latest failure, and its pushes wait with it, without an attempt. Any answer clears it.
 */
export class PushHostBackoff {
  private readonly failing = new Map<string, { failures: number; until: number }>();

  /** When the host's pushes may be tried again, or null when they may go now. */
  waitUntil(host: string, now: Date): Date | null {
    const entry = this.failing.get(host);
    return entry && entry.until > now.getTime() ? new Date(entry.until) : null;
  }

  failed(host: string, now: Date): void {
    const failures = (this.failing.get(host)?.failures ?? 0) + 1;
    if (this.failing.size >= 10_000) this.failing.clear();
    this.failing.set(host, { failures, until: now.getTime() + backoffMs(failures) });
  }

  answered(host: string): void {
    this.failing.delete(host);
  }
}

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, "mailFrom" | "appOrigin">;
  /** Renderers for templated kinds, by kind. */
  templates?: Record<string, TemplateRenderer>;
}

export interface PushLaneDeps {
  db: Db;
  clock: Clock;
  push: PushDelivery;
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

/**
 * Sends batches until nothing is due or `maxBatches` ran, so a fan-out's thousands of alerts go out at the
 * speed of the mail server rather than one batch per job tick; the cap keeps a shutdown waiting seconds, not minutes.
 */
export async function deliverAllDueEmails(deps: DeliveryDeps, maxBatches = 25, batchSize = 200): Promise<DeliveryResult> {
  return inBatches((size) => deliverDueEmails(deps, size), maxBatches, batchSize);
}

/** The push lane's deliverAllDueEmails. */
export async function deliverAllDuePushes(deps: PushLaneDeps, maxBatches = 25, batchSize = 200): Promise<DeliveryResult> {
  return inBatches((size) => deliverDuePushes(deps, size), maxBatches, batchSize);
}

async function inBatches(deliver: (batchSize: number) => Promise<DeliveryResult>, maxBatches: number, batchSize: number): Promise<DeliveryResult> {
  const total: DeliveryResult = { sent: 0, failed: 0, skipped: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = await deliver(batchSize);
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

function dueRows(db: Db, channel: "email" | "push", now: Date, batchSize: number): OutboxRow[] {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "queued"), eq(emailOutbox.channel, channel), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(batchSize)
    .all();
}

/** `concurrency` workers each take the next row as soon as their last one is done. */
async function inParallel(rows: readonly OutboxRow[], concurrency: number, deliverOne: (row: OutboxRow) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < rows.length) await deliverOne(rows[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A message whose link expired while it waited is dropped with its body, never sent late. */
function expireIfStale(db: Db, row: OutboxRow, now: Date): boolean {
  if (!row.expiresAt || row.expiresAt.getTime() > now.getTime()) return false;
  db.$client.query(`UPDATE email_outbox SET status = 'expired', ${CLEARED_CONTENT} WHERE id = $id`).run({ id: row.id });
  return true;
}

const MARK_DONE_SQL = `UPDATE email_outbox SET status = 'sent', sent_at = $sentAt, attempts = $attempts, last_error = $lastError, ${CLEARED_CONTENT} WHERE id = $id`;

/** Done with: sent, or no longer owed (`reason`). */
function markDone(db: Db, row: OutboxRow, now: Date, reason: string | null): void {
  db.$client.query(MARK_DONE_SQL).run({ sentAt: now.getTime(), attempts: row.attempts + 1, lastError: reason, id: row.id });
}

/**
 * The emails a batch has sent, marked done DONE_MARKS_PER_COMMIT at a time in one transaction: a commit per message
 * cost more than rendering it (decision 132). A crash before a commit repeats those sends (with the same Message-ID),
 * never loses one.
 */
const DONE_MARKS_PER_COMMIT = 50;
class DoneMarks {
  private pending: { row: OutboxRow; at: Date; reason: string | null }[] = [];
  constructor(private readonly db: Db) {}

  add(row: OutboxRow, at: Date, reason: string | null): void {
    this.pending.push({ row, at, reason });
    if (this.pending.length >= DONE_MARKS_PER_COMMIT) this.flush();
  }

  flush(): void {
    const marks = this.pending;
    this.pending = [];
    if (marks.length === 0) return;
    this.db.transaction(() => {
      for (const { row, at, reason } of marks) markDone(this.db, row, at, reason);
    });
  }
}

/** Counts a failed attempt: the row waits its backoff, or fails for good after `maxAttempts`. True when it failed for good. */
function markAttemptFailed(db: Db, row: OutboxRow, now: Date, error: unknown, maxAttempts: number): boolean {
  const attempts = row.attempts + 1;
  db.update(emailOutbox)
    .set({
      attempts,
      status: attempts >= maxAttempts ? "failed" : "queued",
      nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
      lastError: messageOf(error, 500),
    })
    .where(eq(emailOutbox.id, row.id))
    .run();
  return attempts >= maxAttempts;
}

/**
 * Sends the emails that are due, a batch at a time, several in flight. A message is marked sent only after the mail
 * server accepted it, so a crash can repeat a send but never lose one; the Message-ID stays the same. Pushes are
 * not sent here: they have their own lane (deliverDuePushes).
 */
export async function deliverDueEmails(deps: DeliveryDeps, batchSize = 200, concurrency = 10): Promise<DeliveryResult> {
  const { db, mailer, clock, config } = deps;
  const result: DeliveryResult = { sent: 0, failed: 0, skipped: 0 };
  const domain = new URL(config.appOrigin).hostname || "gordu.local";
  const done = new DoneMarks(db);
  try {
    await inParallel(dueRows(db, "email", clock.now(), batchSize), concurrency, async (row) => {
      if (expireIfStale(db, row, clock.now())) {
        result.skipped++;
        return;
      }
      try {
        const content = contentOf(row, deps.templates ?? {});
        if (content) await mailer.send({ messageId: `<outbox-${row.id}@${domain}>`, from: config.mailFrom, to: row.toAddress, ...content });
        done.add(row, clock.now(), content ? null : "no longer owed");
        if (content) result.sent++;
        else result.skipped++;
      } catch (error) {
        markAttemptFailed(db, row, clock.now(), error, MAX_ATTEMPTS);
        result.failed++;
      }
    });
  } finally {
    // What the server accepted is marked even when the run stops on an error, so only a dying process repeats sends.
    done.flush();
  }
  return result;
}

/** True when the device's last FAILED_PUSHES_TO_DROP pushes, the one just given up on included, all failed. */
function deviceKeepsFailing(db: Db, device: string): boolean {
  const finished = db.$client
    .query(
      `SELECT status FROM email_outbox WHERE channel = 'push' AND to_address = $device AND status IN ('sent', 'failed')
       ORDER BY id DESC LIMIT ${FAILED_PUSHES_TO_DROP}`,
    )
    .all({ device }) as { status: string }[];
  return finished.length === FAILED_PUSHES_TO_DROP && finished.every((row) => row.status === "failed");
}

/**
 * Sends the pushes that are due, in their own lane. No host or member can take the lane: a host that failed as a
 * service is backed off (its pushes wait, without an attempt), and one host, like one member's devices, holds at most
 * two workers at a time (the other pushes wait for the next batch). Each push has a short time budget
 * (push-sender.ts). A device whose pushes keep failing is dropped, and its member told.
 */
export async function deliverDuePushes(deps: PushLaneDeps, batchSize = 200, concurrency = 10): Promise<DeliveryResult> {
  const { db, clock, push } = deps;
  const result: DeliveryResult = { sent: 0, failed: 0, skipped: 0 };
  const inFlight = new Map<string, number>();
  await inParallel(dueRows(db, "push", clock.now(), batchSize), concurrency, async (row) => {
    if (expireIfStale(db, row, clock.now())) {
      result.skipped++;
      return;
    }
    const render = push.renderers[row.kind];
    const rendered = render ? render(row.payload ?? {}) : null;
    if (!rendered) {
      markDone(db, row, clock.now(), render ? "no longer owed" : `no push renderer for '${row.kind}'`);
      result.skipped++;
      return;
    }
    const host = new URL(rendered.target.endpoint).host;
    const hostWaitsUntil = push.hosts.waitUntil(host, clock.now());
    if (hostWaitsUntil) {
      db.update(emailOutbox).set({ nextAttemptAt: hostWaitsUntil }).where(eq(emailOutbox.id, row.id)).run();
      return;
    }
    const holders = [`host ${host}`, `owner ${rendered.owner}`];
    if (holders.some((holder) => (inFlight.get(holder) ?? 0) >= PUSHES_IN_FLIGHT_EACH)) return;
    for (const holder of holders) inFlight.set(holder, (inFlight.get(holder) ?? 0) + 1);
    try {
      const outcome = await push.sender.send(rendered.target, rendered.payload);
      push.hosts.answered(host);
      if (outcome === "gone") rendered.forget();
      markDone(db, row, clock.now(), outcome === "sent" ? null : "device gone");
      if (outcome === "sent") result.sent++;
      else result.skipped++;
    } catch (error) {
      if (!(error instanceof PushFailure) || error.hostFailed) push.hosts.failed(host, clock.now());
      const gaveUp = markAttemptFailed(db, row, clock.now(), error, MAX_PUSH_ATTEMPTS);
      if (gaveUp && deviceKeepsFailing(db, row.toAddress)) rendered.dropFailing();
      result.failed++;
    } finally {
      for (const holder of holders) inFlight.set(holder, inFlight.get(holder)! - 1);
    }
  });
  return result;
}
