/** When an admin's Retry may send an outbox row now (the Operations tab's Retry button, POST /api/admin/outbox/:id/retry). */

export interface OutboxRowState {
  /** queued, sent, failed, expired (or skipped). */
  status: string;
  attempts: number;
  /** When the row is next due: its scheduled time, or the next try after a failed one. */
  dueAt: Date;
}

/**
 * A failed email, or one still owed that is overdue or waiting after a failed try: sending it now is what the admin
 * means. Not one scheduled for later and never tried (a trip's 24-hour reminder, a digest, an alert held through quiet
 * hours): its words are written for its time ("about two hours from now"), so it goes then. Sent and expired rows are
 * done with.
 */
export function canRetryNow(row: OutboxRowState, now: Date): boolean {
  if (row.status === "failed") return true;
  if (row.status !== "queued") return false;
  return row.attempts > 0 || row.dueAt.getTime() <= now.getTime();
}
