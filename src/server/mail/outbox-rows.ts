/** The outbox's row bookkeeping, shared by both lanes: taking the due rows, and marking each expired, done or failed. */
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { emailOutbox } from "../../../db/schema.ts";
import { messageOf } from "../../domain/error-text.ts";
import { backoffMs } from "./outbox-backoff.ts";

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * What a row keeps once it is done with (sent, skipped or expired): who, what, when and how it went, for the
 * Operations view; never the body, whose links (a password reset, an unsubscribe link) must not outlive delivery.
 */
const CLEARED_CONTENT = "text_body = NULL, html_body = NULL, payload = NULL, headers = '{}'";

export function dueRows(db: Db, channel: "email" | "push", now: Date, batchSize: number): OutboxRow[] {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "queued"), eq(emailOutbox.channel, channel), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(batchSize)
    .all();
}

/** A message whose link expired while it waited is dropped with its body, never sent late. */
export function expireIfStale(db: Db, row: OutboxRow, now: Date): boolean {
  if (!row.expiresAt || row.expiresAt.getTime() > now.getTime()) return false;
  db.$client.query(`UPDATE email_outbox SET status = 'expired', ${CLEARED_CONTENT} WHERE id = $id`).run({ id: row.id });
  return true;
}

const MARK_DONE_SQL = `UPDATE email_outbox SET status = 'sent', sent_at = $sentAt, attempts = $attempts, last_error = $lastError, ${CLEARED_CONTENT} WHERE id = $id`;

/** Done with: sent, or no longer owed (`reason`). */
export function markDone(db: Db, row: OutboxRow, now: Date, reason: string | null): void {
  db.$client.query(MARK_DONE_SQL).run({ sentAt: now.getTime(), attempts: row.attempts + 1, lastError: reason, id: row.id });
}

/**
 * The emails a batch has sent, marked done DONE_MARKS_PER_COMMIT at a time in one transaction: a commit per message
 * cost more than rendering it (decision 132). A crash before a commit repeats those sends (with the same Message-ID),
 * never loses one.
 */
const DONE_MARKS_PER_COMMIT = 50;
export class DoneMarks {
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
export function markAttemptFailed(db: Db, row: OutboxRow, now: Date, error: unknown, maxAttempts: number): boolean {
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
