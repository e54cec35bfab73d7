/**
 * Shared deals: a member makes a public link /deals/<random id> to a deal in their list, sees their links, and
 * revokes them (the row goes, so the page, its image and any cached copy stop at once: every answer reads the row).
 */
import type { Db } from "../../../db/client.ts";
import type { DealShare, SharedDeal } from "../../domain/api/trips.ts";
import { localDay } from "../../domain/alert-timing.ts";
import { HOUR_MS, rduToday } from "../../domain/calendar.ts";
import { CABIN_LABEL, TRIP_TYPE_LABEL } from "../../domain/deal-labels.ts";
import { formatTravelDates } from "../../domain/travel-dates.ts";
import { formatZonedTime } from "../../domain/zoned-time-text.ts";
import type { User } from "../auth/users.ts";
import { newToken } from "../auth/tokens.ts";
import { LaggingDatabaseStamp } from "../deals/deal-list-cache.ts";
import { bookingLinksOf, type DealRow } from "../deals/deal-row.ts";
import { dealInList, parseDealId } from "../deals/deals.service.ts";
import type { Deps } from "../deps.ts";
import { notFound } from "../http/errors.ts";
import type { ShareImageDeal } from "./share-image.ts";

export const SHARE_PAGE_PREFIX = "/deals/";
/** 16 random bytes: 128 bits, above the 120 docs/hardening.md asks for, in a 26-character link. */
const SHARE_ID_BYTES = 16;
const SHARE_ID_PATTERN = /^[a-z2-7]{26}$/;

const shareNotFound = () => notFound("This link is no longer shared");

export const sharePageUrl = (appUrl: string, id: string) => `${appUrl}${SHARE_PAGE_PREFIX}${id}`;
export const shareImagePath = (id: string) => `${SHARE_PAGE_PREFIX}${id}/image.png`;

/** The member's link to a deal in their list: the one they made before, or a new one. */
export function createShare(deps: Pick<Deps, "db" | "clock" | "config">, user: User, dealId: number): DealShare {
  const now = deps.clock.now();
  dealInList(deps.db, user, parseDealId(String(dealId)), now);
  deps.db.$client
    .query("INSERT INTO deal_shares (id, user_id, deal_id, created_at) VALUES ($id, $userId, $dealId, $now) ON CONFLICT (user_id, deal_id) DO NOTHING")
    .run({ id: newToken(SHARE_ID_BYTES), userId: user.id, dealId, now: now.getTime() });
  const share = listShares(deps, user).find((item) => item.dealId === dealId);
  if (!share) throw shareNotFound();
  return share;
}

/** A share (its id, deal and time) with its deal's columns. */
type ShareListRow = Pick<DealRow, "destination" | "destination_city" | "price" | "is_active" | "depart_date" | "return_date"> & {
  id: string;
  deal_id: number;
  created_at: number;
};

export function listShares(deps: Pick<Deps, "db" | "clock" | "config">, user: User): DealShare[] {
  const now = deps.clock.now();
  const today = rduToday(now);
  const membersToday = localDay(now, user.timeZone);
  const rows = deps.db.$client
    .query(
      `SELECT s.id, s.deal_id, d.destination, d.destination_city, d.price, d.is_active, d.depart_date, d.return_date, s.created_at
       FROM deal_shares s JOIN deals d ON d.id = s.deal_id WHERE s.user_id = $userId ORDER BY s.created_at DESC, s.id`,
    )
    .all({ userId: user.id }) as ShareListRow[];
  return rows.map((row) => ({
    id: row.id,
    url: sharePageUrl(deps.config.appUrl, row.id),
    dealId: row.deal_id,
    destination: row.destination,
    destinationCity: row.destination_city || row.destination,
    travelDates: formatTravelDates(row.depart_date, row.return_date, membersToday),
    price: row.price,
    ended: row.is_active !== 1 || row.depart_date < today,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Revokes the member's own link; another member's id, or an unknown one, answers 404. */
export function revokeShare(db: Db, user: User, id: string): void {
  const result = db.$client.query("DELETE FROM deal_shares WHERE id = $id AND user_id = $userId").run({ id, userId: user.id });
  if (result.changes === 0) throw shareNotFound();
}

type SharedDealRow = Pick<
  DealRow,
  | "destination"
  | "destination_city"
  | "airline"
  | "depart_date"
  | "return_date"
  | "trip_type"
  | "cabin"
  | "nonstop"
  | "price"
  | "typical_low"
  | "typical_high"
  | "typical_median"
  | "percent_below_typical"
  | "last_checked_at"
  | "is_active"
>;

const SHARED_DEAL_SQL = `
SELECT d.destination, d.destination_city, d.airline, d.depart_date, d.return_date, d.trip_type, d.cabin, d.nonstop,
       d.price, d.typical_low, d.typical_high, d.typical_median, d.percent_below_typical, d.last_checked_at, d.is_active
FROM deal_shares s JOIN deals d ON d.id = s.deal_id WHERE s.id = $id`;

function sharedDealRow(db: Db, id: string): SharedDealRow | null {
  if (!SHARE_ID_PATTERN.test(id)) return null;
  return db.$client.query(SHARED_DEAL_SQL).get({ id }) as SharedDealRow | null;
}

const isEnded = (row: SharedDealRow, now: Date) => row.is_active !== 1 || row.depart_date < rduToday(now);

/** The public page and its picture are for anyone: their dates read as at RDU. */
const publicTravelDates = (row: SharedDealRow, now: Date) => formatTravelDates(row.depart_date, row.return_date, rduToday(now));

/**
 * The public page's deal, or 404 once revoked (or never shared). Nothing about who shared it. Times are told in
 * `timeZone`: the reader's own when signed in, RDU's for a visitor.
 */
export function sharedDeal(deps: Pick<Deps, "db" | "clock" | "config">, id: string, timeZone: string): SharedDeal {
  const row = sharedDealRow(deps.db, id);
  if (!row) throw shareNotFound();
  const now = deps.clock.now();
  const seatClass = CABIN_LABEL[row.cabin] ?? CABIN_LABEL.economy;
  const links = bookingLinksOf(row);
  return {
    destination: row.destination,
    destinationCity: row.destination_city || row.destination,
    airline: row.airline,
    travelDates: publicTravelDates(row, now),
    departDate: row.depart_date,
    returnDate: row.return_date || null,
    tripType: TRIP_TYPE_LABEL[row.trip_type] ?? TRIP_TYPE_LABEL.round_trip,
    seatClass,
    nonstop: row.nonstop === 1,
    price: row.price,
    typicalLow: row.typical_low,
    typicalHigh: row.typical_high,
    typicalPrice: Math.round(row.typical_median),
    percentBelowTypical: Math.round(row.percent_below_typical),
    lastCheckedAt: new Date(row.last_checked_at).toISOString(),
    lastChecked: formatZonedTime(new Date(row.last_checked_at), timeZone, now),
    ended: isEnded(row, now),
    primaryLink: { label: links.primary.label, url: links.primary.url },
    secondaryLink: links.secondary && { label: links.secondary.label, url: links.secondary.url },
    pageUrl: sharePageUrl(deps.config.appUrl, id),
    imageUrl: `${deps.config.appUrl}${shareImagePath(id)}`,
  };
}

/** What the link's preview image shows, or null once revoked (or never shared): one indexed read, no links built. */
export function sharedDealPicture(deps: Pick<Deps, "db" | "clock">, id: string): ShareImageDeal | null {
  const row = sharedDealRow(deps.db, id);
  if (!row) return null;
  return {
    destination: row.destination,
    destinationCity: row.destination_city || row.destination,
    price: row.price,
    percentBelowTypical: Math.round(row.percent_below_typical),
    travelDates: publicTravelDates(row, deps.clock.now()),
    ended: isEnded(row, deps.clock.now()),
  };
}

/**
 * What a cached copy of the shared page depends on: null when the link is not shared (nothing may be served from a
 * cache then). One indexed read per request. The year at RDU: a date in it loses its year on New Year's Day.
 */
export function sharedDealVersion(deps: Pick<Deps, "db" | "clock">, id: string): string | null {
  const row = sharedDealRow(deps.db, id);
  if (!row) return null;
  const now = deps.clock.now();
  return [id, row.price, row.percent_below_typical, row.last_checked_at, rduToday(now).slice(0, 4), isEnded(row, now) ? "ended" : "live"].join(":");
}

/**
 * sharedDealVersion, remembered while the database is unchanged and within the hour (a deal ends by date at
 * midnight): the shared page answers from its cache at the speed of a static file. This process's writes (a
 * revoke, a scan) are seen at once; another process's within a second (LaggingDatabaseStamp).
 */
export class SharedDealVersions {
  private readonly known = new Map<string, { stamp: string; version: string | null }>();
  private readonly databaseStamp: LaggingDatabaseStamp;

  constructor(
    private readonly deps: Pick<Deps, "db" | "clock">,
    monotonicMs?: () => number,
  ) {
    this.databaseStamp = new LaggingDatabaseStamp(deps.db, monotonicMs);
  }

  get(id: string): string | null {
    const stamp = `${this.databaseStamp.read()}:${Math.floor(this.deps.clock.now().getTime() / HOUR_MS)}`;
    const kept = this.known.get(id);
    if (kept?.stamp === stamp) return kept.version;
    const version = sharedDealVersion(this.deps, id);
    if (this.known.size >= 10_000) this.known.clear();
    this.known.set(id, { stamp, version });
    return version;
  }
}

/** The share id of a public page path ('/deals/<id>'), or null for any other path. */
export function shareIdOfPagePath(pathname: string): string | null {
  if (!pathname.startsWith(SHARE_PAGE_PREFIX)) return null;
  const id = pathname.slice(SHARE_PAGE_PREFIX.length);
  return SHARE_ID_PATTERN.test(id) ? id : null;
}
