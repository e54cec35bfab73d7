/**
 * A subscriber's deal list (docs/product-rules.md §7 "flight-deals" calls): the deals fanned out to them, plus live deals that
 * fit their preferences but were published before they had access (so a new subscriber sees today's deals
 * at once), minus the ones they removed; deals that ended stay visible, dimmed, for two weeks.
 */
import { tripKindOf } from "../../domain/deal-rules.ts";
import { median } from "../../domain/statistics.ts";
import type { Db } from "../../../db/client.ts";
import type { FlightDeal, PricePoint } from "../../domain/api/deals.ts";
import { localDay } from "../../domain/alert-timing.ts";
import { formatTravelDates } from "../../domain/travel-dates.ts";
import type { User } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { DAY_MS, HOUR_MS } from "../../domain/calendar.ts";
import { CABIN_LABEL, TRIP_TYPE_LABEL } from "../../domain/deal-labels.ts";
import { FITS_PREFERENCES_SQL, FITTING_WINDOW_NAME_SQL, PREFERENCE_COLUMNS_SQL } from "./matching-sql.ts";
import { fitsPreferences } from "../../domain/matching.ts";
import { notFound } from "../http/errors.ts";
import { idFromPath } from "../http/path-id.ts";
import { databaseStamp, type DealListCache } from "./deal-list-cache.ts";

export const ENDED_DEALS_SHOWN_DAYS = 14;
export const PRICE_HISTORY_DAYS = 90;

const DEAL_NOT_FOUND = "Deal not found";
const dealNotFound = () => notFound(DEAL_NOT_FOUND);

export const parseDealId = (raw: string) => idFromPath(raw, DEAL_NOT_FOUND);

/** A stored code's label in SQL, from the one table of labels. */
const labelOf = (column: string, labels: Record<string, string>, otherwise: string) =>
  `CASE ${column} ${Object.entries(labels)
    .map(([code, label]) => `WHEN '${code}' THEN '${label}'`)
    .join(" ")} ELSE '${otherwise}' END`;

/** REAL columns holding whole dollars print as 412, not 412.0. */
const whole = (column: string) => `iif(${column} = CAST(${column} AS INTEGER), CAST(${column} AS INTEGER), ${column})`;

/**
 * Each field of a listed deal (FlightDeal, the API's model) as the SQL that reads it. Typed by the model, so a field
 * added to or dropped from FlightDeal fails the type check until the list reads it too; `travelDates` is formatted after
 * the query, for the member's today.
 */
const FLIGHT_DEAL_FIELDS: Record<Exclude<keyof FlightDeal, "travelDates">, string> = {
  id: "d.id",
  airline: "d.airline",
  destination: "d.destination",
  destinationCity: "d.destination_city",
  departDate: "d.depart_date",
  returnDate: "nullif(d.return_date, '')",
  startingPrice: whole("d.price"),
  tripType: labelOf("d.trip_type", TRIP_TYPE_LABEL, TRIP_TYPE_LABEL.round_trip),
  seatClass: labelOf("d.cabin", CABIN_LABEL, CABIN_LABEL.economy),
  duration: "CASE WHEN d.duration_minutes IS NULL THEN '' ELSE (d.duration_minutes / 60) || 'h ' || (d.duration_minutes % 60) || 'm' END",
  nonstop: "CASE WHEN d.nonstop = 1 THEN 'Yes' ELSE 'No' END",
  priceRange1: whole("d.typical_low"),
  priceRange2: whole("d.typical_high"),
  typicalPrice: whole("d.typical_median"),
  percentBelowTypical: whole("d.percent_below_typical"),
  tripKind: "d.trip_kind",
  historyDays: "d.history_days",
  robustZ: "d.robust_z",
  tier: "d.tier",
  fitsWindow: FITTING_WINDOW_NAME_SQL,
  isNewForUser: "json(CASE WHEN v.is_new = 1 THEN 'true' ELSE 'false' END)",
  isActive: "json(CASE WHEN d.is_active = 1 THEN 'true' ELSE 'false' END)",
  source: "d.source",
  foundAt: "strftime('%Y-%m-%dT%H:%M:%fZ', d.first_found_at / 1000.0, 'unixepoch')",
  lastCheckedAt: "strftime('%Y-%m-%dT%H:%M:%fZ', d.last_checked_at / 1000.0, 'unixepoch')",
};

const FLIGHT_DEALS_JSON = `
WITH p AS MATERIALIZED (
  SELECT u.id AS user_id, ${PREFERENCE_COLUMNS_SQL} FROM users u WHERE u.id = $userId
),
visible AS (
  SELECT ud.deal_id, ud.is_new FROM user_deals ud WHERE ud.user_id = $userId AND ud.deleted_at IS NULL
  UNION ALL
  SELECT d.id, 1 FROM deals d, p
  WHERE d.is_active = 1 AND ${FITS_PREFERENCES_SQL}
    AND NOT EXISTS (SELECT 1 FROM user_deals x WHERE x.user_id = $userId AND x.deal_id = d.id)
)
SELECT coalesce(json_group_array(json_object(${Object.entries(FLIGHT_DEAL_FIELDS)
  .map(([field, sql]) => `'${field}', ${sql}`)
  .join(", ")}) ORDER BY d.last_alerted_at DESC, d.id DESC), '[]')
FROM visible v JOIN deals d ON d.id = v.deal_id
WHERE d.is_active = 1 OR d.expired_at >= $endedSince`;

/**
 * The subscriber's list as FlightDeal[] JSON text, newest first, built by SQLite in one query; the travel dates' text
 * is the one formatter's, for the member's today (the year shows when it is not this year).
 */
export function flightDealsJson(deps: Pick<Deps, "db" | "clock">, user: User): string {
  const now = deps.clock.now();
  const endedSince = now.getTime() - ENDED_DEALS_SHOWN_DAYS * DAY_MS;
  const row = deps.db.$client.query(FLIGHT_DEALS_JSON).values({ userId: user.id, endedSince })[0];
  const deals = JSON.parse((row?.[0] as string | undefined) ?? "[]") as Omit<FlightDeal, "travelDates">[];
  const today = localDay(now, user.timeZone);
  return JSON.stringify(deals.map((deal) => ({ ...deal, travelDates: formatTravelDates(deal.departDate, deal.returnDate, today) })));
}

const encoder = new TextEncoder();

/** The list as UTF-8 JSON, from the cache while nothing in the database changed (and within the same hour and the member's day). */
export function flightDealsBody(deps: Pick<Deps, "db" | "clock">, cache: DealListCache, user: User): Uint8Array<ArrayBuffer> {
  const now = deps.clock.now();
  const stamp = `${databaseStamp(deps.db)}:${Math.floor(now.getTime() / HOUR_MS)}:${localDay(now, user.timeZone)}`;
  const cached = cache.get(user.id, stamp);
  if (cached) return cached;
  const body = encoder.encode(flightDealsJson(deps, user));
  cache.set(user.id, stamp, body);
  return body;
}

export interface DealInList {
  id: number;
  origin: string;
  destination: string;
  tripType: string;
  cabin: string;
  source: string;
  alertVersion: number;
  departDate: string;
  returnDate: string | null;
}

/** The deal, when it is in this user's list; 404 otherwise (another user's, removed, unknown). */
export function dealInList(db: Db, user: User, dealId: number, now: Date): DealInList {
  const row = db.$client
    .query(
      `SELECT d.id, d.origin, d.destination, d.trip_type, d.cabin, d.source, d.alert_version, d.price, d.nonstop, d.depart_date, d.return_date,
              d.is_active, d.expired_at, ud.id AS pair_id, ud.deleted_at
       FROM deals d LEFT JOIN user_deals ud ON ud.deal_id = d.id AND ud.user_id = $userId
       WHERE d.id = $dealId`,
    )
    .get({ userId: user.id, dealId }) as Record<string, number | string | null> | null;
  if (!row) throw dealNotFound();
  const active = row.is_active === 1;
  const recentlyEnded = typeof row.expired_at === "number" && row.expired_at >= now.getTime() - ENDED_DEALS_SHOWN_DAYS * DAY_MS;
  const inList =
    row.pair_id !== null
      ? row.deleted_at === null && (active || recentlyEnded)
      : active && fitsPreferences(user.preferences, { destination: String(row.destination), price: Number(row.price), nonstop: row.nonstop === 1 });
  if (!inList) throw dealNotFound();
  return {
    id: Number(row.id),
    origin: String(row.origin),
    destination: String(row.destination),
    tripType: String(row.trip_type),
    cabin: String(row.cabin),
    source: String(row.source),
    alertVersion: Number(row.alert_version),
    departDate: String(row.depart_date),
    returnDate: row.return_date ? String(row.return_date) : null,
  };
}

/** Writes the user's row for a deal that was only in their list through their preferences, or updates it. */
function upsertPair(db: Db, userId: number, deal: DealInList, now: Date, change: "viewed" | "deleted"): void {
  const setViewed = change === "viewed";
  db.$client
    .query(
      `INSERT INTO user_deals (user_id, deal_id, is_new, alert_version, created_at, viewed_at, deleted_at)
       VALUES ($userId, $dealId, $isNew, $version, $now, $viewedAt, $deletedAt)
       ON CONFLICT (user_id, deal_id) DO UPDATE SET
         is_new = CASE WHEN $viewed = 1 THEN 0 ELSE is_new END,
         viewed_at = CASE WHEN $viewed = 1 THEN coalesce(viewed_at, $now) ELSE viewed_at END,
         deleted_at = CASE WHEN $viewed = 1 THEN deleted_at ELSE coalesce(deleted_at, $now) END`,
    )
    .run({
      userId,
      dealId: deal.id,
      isNew: setViewed ? 0 : 1,
      version: deal.alertVersion,
      now: now.getTime(),
      viewedAt: setViewed ? now.getTime() : null,
      deletedAt: setViewed ? null : now.getTime(),
      viewed: setViewed ? 1 : 0,
    });
}

/** Opening a deal's details: it is no longer new for this user. */
export function markDealViewed(deps: Pick<Deps, "db" | "clock">, user: User, rawId: string): void {
  const now = deps.clock.now();
  const deal = dealInList(deps.db, user, parseDealId(rawId), now);
  upsertPair(deps.db, user.id, deal, now, "viewed");
}

/** Removes a deal from this user's list for good: the row stays, marked deleted, so a replayed fan-out skips it. */
export function removeDealFromList(deps: Pick<Deps, "db" | "clock">, user: User, rawId: string): void {
  const now = deps.clock.now();
  const deal = dealInList(deps.db, user, parseDealId(rawId), now);
  upsertPair(deps.db, user.id, deal, now, "deleted");
}

/** A member's deal's price history (GET /api/flight-deals/:id/history), for the details chart. */
export function dealPriceHistory(deps: Pick<Deps, "db" | "clock">, user: User, rawId: string): PricePoint[] {
  const now = deps.clock.now();
  return priceHistoryOf(deps.db, dealInList(deps.db, user, parseDealId(rawId), now), now);
}

/** What a price history is drawn for: a deal's route, trip type, cabin, dates and source. */
export type HistoryDeal = Pick<DealInList, "origin" | "destination" | "tripType" | "cabin" | "source" | "departDate" | "returnDate">;

/**
 * The series the decision used: per day over the last 90 days, the median of the daily lowest fares for trips like
 * this deal's (same route, kind of trip and departure month). Real sources (SerpApi, Travelpayouts) make one history;
 * the simulated market's prices never mix with them.
 */
export function priceHistoryOf(db: Db, deal: HistoryDeal, now: Date): PricePoint[] {
  const rows = db.$client
    .query(
      `SELECT observed_day, depart_date, return_date, price FROM fare_observations
       WHERE origin = $origin AND destination = $destination AND trip_type = $tripType AND cabin = $cabin
         AND (source = 'simulated') = $simulated AND observed_at >= $since AND substr(depart_date, 6, 2) = $month
       ORDER BY observed_day`,
    )
    .values({
      origin: deal.origin,
      destination: deal.destination,
      tripType: deal.tripType,
      cabin: deal.cabin,
      simulated: deal.source === "simulated",
      since: now.getTime() - PRICE_HISTORY_DAYS * DAY_MS,
      month: deal.departDate.slice(5, 7),
    }) as [string, string, string, number][];
  const kind = tripKindOf(deal.departDate, deal.returnDate);
  const byDay = new Map<string, number[]>();
  for (const [day, departDate, returnDate, price] of rows) {
    if (tripKindOf(departDate, returnDate || null) !== kind) continue;
    const prices = byDay.get(day);
    if (prices) prices.push(price);
    else byDay.set(day, [price]);
  }
  return [...byDay].map(([date, prices]) => ({ date, price: Math.round(median(prices)) }));
}
