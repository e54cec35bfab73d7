/**
 * The deals anyone may see (decision 134): found in the last 30 days and at least the visitors' delay ago
 * (PUBLIC_DEALS_DELAY_HOURS, 48 by default), so members keep their head start. A deal's own facts only: the deals
 * table holds nothing about who was alerted, and nothing here reads another table but the fares drawn.
 */
import type { Db } from "../../../db/client.ts";
import type { RecentDeal, RecentDealDetail } from "../../domain/api/deals.ts";
import { DAY_MS, HOUR_MS, rduToday } from "../../domain/calendar.ts";
import { TRIP_TYPE_LABEL } from "../../domain/deal-labels.ts";
import { formatTravelDates } from "../../domain/travel-dates.ts";
import type { Deps } from "../deps.ts";
import { notFound } from "../http/errors.ts";
import type { DealRow } from "./deal-row.ts";
import { LaggingDatabaseStamp } from "./deal-list-cache.ts";
import { parseDealId } from "./deals.service.ts";
import { EXAMPLE_COLUMNS, exampleOf, type ExampleRow } from "./rule-example.ts";

export const RECENT_DEALS_DAYS = 30;
/** The most a list shows: the landing page shows the first few. */
export const RECENT_DEALS_LIMIT = 24;

type RecentRow = Pick<
  DealRow,
  "id" | "destination" | "destination_city" | "depart_date" | "return_date" | "trip_type" | "price" | "percent_below_typical" | "is_active"
> & {
  first_found_at: number;
};

const RECENT_COLUMNS = "id, destination, destination_city, depart_date, return_date, trip_type, price, percent_below_typical, is_active, first_found_at";
const WINDOW = "first_found_at >= $since AND first_found_at <= $until";

function windowOf(deps: Pick<Deps, "clock" | "config">): { since: number; until: number; now: Date } {
  const now = deps.clock.now();
  return { since: now.getTime() - RECENT_DEALS_DAYS * DAY_MS, until: now.getTime() - deps.config.publicDealsDelayHours * HOUR_MS, now };
}

function recentDealOf(row: RecentRow, now: Date): RecentDeal {
  const today = rduToday(now);
  return {
    id: row.id,
    destination: row.destination,
    destinationCity: row.destination_city || row.destination,
    travelDates: formatTravelDates(row.depart_date, row.return_date, today),
    tripType: TRIP_TYPE_LABEL[row.trip_type] ?? TRIP_TYPE_LABEL.round_trip,
    price: Math.round(row.price),
    percentBelowTypical: Math.round(row.percent_below_typical),
    foundOn: rduToday(new Date(row.first_found_at)),
    ended: row.is_active !== 1 || row.depart_date < today,
  };
}

/** The newest first, at most `limit`. */
export function recentDeals(deps: Pick<Deps, "db" | "clock" | "config">, limit = RECENT_DEALS_LIMIT): RecentDeal[] {
  const { since, until, now } = windowOf(deps);
  const rows = deps.db.$client
    .query(`SELECT ${RECENT_COLUMNS} FROM deals WHERE ${WINDOW} ORDER BY first_found_at DESC, id DESC LIMIT $limit`)
    .all({ since, until, limit: Math.min(Math.max(1, limit), RECENT_DEALS_LIMIT) }) as RecentRow[];
  return rows.map((row) => recentDealOf(row, now));
}

/** One of them with its fares drawn; 404 for any deal outside the window (too new for visitors, too old, or none). */
export function recentDeal(deps: Pick<Deps, "db" | "clock" | "config">, rawId: string): RecentDealDetail {
  const { since, until, now } = windowOf(deps);
  const row = deps.db.$client
    .query(`SELECT ${RECENT_COLUMNS}, ${EXAMPLE_COLUMNS} FROM deals WHERE id = $id AND ${WINDOW}`)
    .get({ id: parseDealId(rawId), since, until }) as (RecentRow & ExampleRow) | null;
  if (!row) throw notFound("Deal not found");
  return { deal: recentDealOf(row, now), example: exampleOf(deps.db, row, now) };
}

/**
 * What the public pages show, as one string: the landing page, /deals and a deal's page are kept for visitors per
 * version (ssr/render.tsx). Read again when the database changed, and each hour (deals come of age by the clock).
 */
export class RecentDealsVersion {
  private kept: { stamp: string; version: string } | null = null;
  private readonly databaseStamp: LaggingDatabaseStamp;

  constructor(
    private readonly deps: Pick<Deps, "db" | "clock" | "config">,
    monotonicMs?: () => number,
  ) {
    this.databaseStamp = new LaggingDatabaseStamp(deps.db, monotonicMs);
  }

  get(): string {
    const stamp = `${this.databaseStamp.read()}:${Math.floor(this.deps.clock.now().getTime() / HOUR_MS)}`;
    if (this.kept?.stamp === stamp) return this.kept.version;
    const version = versionOf(this.deps.db, windowOf(this.deps));
    this.kept = { stamp, version };
    return version;
  }
}

function versionOf(db: Db, window: { since: number; until: number; now: Date }): string {
  const row = db.$client
    .query(`SELECT group_concat(id || ':' || price || ':' || is_active, ',') AS deals FROM deals WHERE ${WINDOW}`)
    .get({ since: window.since, until: window.until }) as { deals: string | null };
  return `${rduToday(window.now)}|${row.deals ?? ""}`;
}

/** The public pages that show recent deals: the landing page, /deals, and a recent deal's page. */
export function isRecentDealsPagePath(pathname: string): boolean {
  return pathname === "/" || pathname === "/deals" || /^\/deals\/found\/[1-9]\d{0,15}$/.test(pathname);
}
