/** The outbox's retry waits: a row's backoff after a failed attempt, and the push service hosts that are backed off. */

const BASE_BACKOFF_MS = 15_000;
const MAX_BACKOFF_MS = 60 * 60_000;

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
