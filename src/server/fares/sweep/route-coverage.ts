/** When each route was last priced, per source: how much of the catalogue the scans actually see (Operations). */
import type { Db } from "../../../../db/client.ts";
import { DESTINATIONS } from "../../../domain/destinations.ts";

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

/** The catalogue routes this source has not priced since `since`: those it priced before, and those it never priced. */
export interface UnseenRoutes {
  notSince: string[];
  never: string[];
}

/** Which catalogue routes the scans of this source miss, in catalogue order. */
export function unseenRoutes(db: Db, source: string, since: Date): UnseenRoutes {
  const rows = db.$client.query("SELECT destination, last_observed_at FROM route_coverage WHERE source = ?").values(source) as [string, number][];
  const lastSeen = new Map(rows);
  const codes = DESTINATIONS.map((d) => d.code);
  return {
    notSince: codes.filter((code) => (lastSeen.get(code) ?? Number.POSITIVE_INFINITY) < since.getTime()),
    never: codes.filter((code) => !lastSeen.has(code)),
  };
}
