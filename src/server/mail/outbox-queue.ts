/** The outbox's queue writes: the three ways a message becomes a row of email_outbox, and withdrawing one still queued. */
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { emailOutbox } from "../../../db/schema.ts";
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

/** Withdraws a message still waiting under its dedupe key (one already sent stays, for the Operations view). */
export function unqueue(db: DbOrTx, dedupeKey: string): void {
  db.delete(emailOutbox)
    .where(and(eq(emailOutbox.dedupeKey, dedupeKey), eq(emailOutbox.status, "queued")))
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
