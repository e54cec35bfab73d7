/**
 * Rendered deal lists kept per subscriber while the database is unchanged. Building a 500-deal list costs
 * SQLite a few milliseconds, while the dashboard asks every 30 s and mostly nothing changed. The stamp is
 * SQLite's own count of rows this connection changed plus its data_version (bumped by commits from other
 * connections), so any write anywhere invalidates every entry: never stale, sometimes rebuilt needlessly.
 */
import type { Db } from "../../../db/client.ts";

export function databaseStamp(db: Db): string {
  const [changes, version] = db.$client.query("SELECT total_changes(), data_version FROM pragma_data_version()").values()[0] as [number, number];
  return `${changes}:${version}`;
}

/** How long a commit by another process (the admin CLI) may go unseen by a LaggingDatabaseStamp. */
export const OTHER_PROCESS_LAG_MS = 1000;

/**
 * databaseStamp for the hottest anonymous page (a shared deal's): this process's own writes count at once
 * (total_changes(), ~0.1 µs), another process's commits within OTHER_PROCESS_LAG_MS. Reading data_version costs
 * 2–4 µs: under load it was a quarter of the cached page's CPU.
 */
export class LaggingDatabaseStamp {
  private readonly thisProcessQuery;
  private readonly otherProcessesQuery;
  private otherProcesses = 0;
  private otherProcessesReadAt = Number.NEGATIVE_INFINITY;

  constructor(
    db: Db,
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {
    this.thisProcessQuery = db.$client.prepare<{ changes: number }, []>("SELECT total_changes() AS changes");
    this.otherProcessesQuery = db.$client.prepare<{ data_version: number }, []>("PRAGMA data_version");
  }

  read(): string {
    const now = this.monotonicMs();
    if (now - this.otherProcessesReadAt >= OTHER_PROCESS_LAG_MS) {
      this.otherProcesses = this.otherProcessesQuery.get()!.data_version;
      this.otherProcessesReadAt = now;
    }
    return `${this.thisProcessQuery.get()!.changes}:${this.otherProcesses}`;
  }
}

export class DealListCache {
  private readonly entries = new Map<number, { stamp: string; body: Uint8Array<ArrayBuffer> }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(userId: number, stamp: string): Uint8Array<ArrayBuffer> | undefined {
    const entry = this.entries.get(userId);
    return entry?.stamp === stamp ? entry.body : undefined;
  }

  set(userId: number, stamp: string, body: Uint8Array<ArrayBuffer>): void {
    this.delete(userId);
    if (body.byteLength > this.maxBytes) return;
    while (this.bytes + body.byteLength > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.entries.set(userId, { stamp, body });
    this.bytes += body.byteLength;
  }

  private delete(userId: number): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    this.bytes -= entry.body.byteLength;
    this.entries.delete(userId);
  }
}
