/** When each route was last priced, per source: how much of the catalogue the scans actually see (Operations). */
import type { Db } from "../../../db/client.ts";

/** Marks these destinations as priced now; synchronous, for the scan's transaction. */
export function markRoutesObserved(db: Db, source: string, destinations: Iterable<string>, now: Date): void {
  const statement = db.$client.query(
    `INSERT INTO route_coverage (source, destination, last_observed_at) VALUES (?, ?, ?)
     ON CONFLICT (source, destination) DO UPDATE SET last_observed_at = max(last_observed_at, excluded.last_observed_at)`,
  );
  for (const destination of new Set(destinations)) statement.run(source, destination, now.getTime());
}

/** Destinations of this source priced at or after `since`. */
export function routesObservedSince(db: Db, source: string, since: Date): number {
  const row = db.$client.query("SELECT count(*) AS n FROM route_coverage WHERE source = ? AND last_observed_at >= ?").get(source, since.getTime()) as {
    n: number;
  };
  return row.n;
}
