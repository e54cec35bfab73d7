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
