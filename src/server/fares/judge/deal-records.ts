/** Turns one scan's judged quotes into deal records: new deals, re-checks, re-alerts and expiry (docs/deal-rules.md, rules 3–6). */
import { and, eq, gte, lt, or } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../db/client.ts";
import { deals, dropSightings } from "../../../../db/schema.ts";
import { cityForCode } from "../../../domain/airports.ts";
import { percentBelowTypical } from "../../../domain/deals.ts";
import { formatTravelDates } from "../../../domain/travel-dates.ts";
import { dayNumber, HOUR_MS, rduToday } from "../../../domain/calendar.ts";
import { alertsOnFirstSighting, belowOwnDates, DEAL_RULES, type NewEpisodeRule } from "../../../domain/deal-rules.ts";
import {
  dealKey,
  deservesNewAlert,
  dropHasHeld,
  heldItsFare,
  expiryReason,
  isNewEpisode,
  recheckExpiryReason,
  tierFor,
  usualDailyLow,
  type FareJudgement,
} from "./detect.ts";
import type { FareQuote } from "../sources/fare-source.ts";
import type { DailyLow, PriceRange } from "./typical-range.ts";

/**
 * Decision 141: a fare judged a deal on dates with no deal yet must also be below its own dates' recent prices, when its
 * answer lists them. The one place this is decided, for recording deals and for the sweep's tally of confirmations.
 */
export function refusedByOwnDates(quote: FareQuote, datesHaveDeal: boolean, today: string): boolean {
  return !datesHaveDeal && belowOwnDates(quote.price, quote.providerPriceHistory ?? [], today) === false;
}

export type DealRow = typeof deals.$inferSelect;

export interface JudgedQuote {
  quote: FareQuote;
  range: PriceRange | null;
  /** This date pair's daily lows of the recent days: a new episode must be its source's step below their usual (usualDailyLow). */
  pairRecentLows: readonly DailyLow[];
  /** null when no typical range exists yet. */
  judgement: FareJudgement | null;
  /** A fresh search that confirms a cached quote judged a deal: proof enough for a new deal (not for a new episode or a further fall, decisions 058 and 059). */
  confirmsCachedDeal?: boolean;
}

export interface DealChanges {
  /** Quotes of this scan that qualify as deals. */
  found: number;
  created: number;
  realerted: number;
  expired: number;
  /** Drops seen that have not held yet (dropHasHeld), waiting for another look. */
  dropsAwaitingLook: number;
}

/** Only the cheapest quote per deal key counts. */
export function cheapestPerKey(judged: readonly JudgedQuote[]): JudgedQuote[] {
  const best = new Map<string, JudgedQuote>();
  for (const item of judged) {
    const key = dealKey(item.quote);
    const current = best.get(key);
    if (!current || item.quote.price < current.quote.price) best.set(key, item);
  }
  return [...best.values()];
}

/** The RDU day number on which a deal ended (null: it has not). */
export function endedDay(expiredAt: Date | null): number | null {
  return expiredAt ? dayNumber(rduToday(expiredAt)) : null;
}

/** The typical price is stored in whole dollars, and the percentage below it is worked out from that same figure (Go Savings). */
function fareColumns(quote: FareQuote, range: PriceRange) {
  const typicalMedian = Math.round(range.median);
  return {
    tripKind: range.tripKind,
    historyDays: range.observations,
    robustZ: range.spread > 0 ? Math.log(quote.price / range.median) / range.spread : null,
    airline: quote.airline,
    price: quote.price,
    durationMinutes: quote.durationMinutes,
    nonstop: quote.nonstop,
    source: quote.source,
    typicalLow: Math.round(range.low),
    typicalHigh: Math.round(range.high),
    typicalMedian,
    percentBelowTypical: percentBelowTypical(quote.price, typicalMedian),
  };
}

function newDeal(quote: FareQuote, range: PriceRange, judgement: FareJudgement, now: Date): typeof deals.$inferInsert {
  return {
    dedupeKey: dealKey(quote),
    origin: quote.origin,
    destination: quote.destination,
    tripType: quote.tripType,
    cabin: quote.cabin,
    departDate: quote.departDate,
    returnDate: quote.returnDate ?? "",
    travelDates: formatTravelDates(quote.departDate, quote.returnDate ?? null, rduToday(now)),
    destinationCity: cityForCode(quote.destination) ?? quote.destination,
    ...fareColumns(quote, range),
    tier: judgement.tier ?? "good",
    isActive: true,
    alertVersion: 1,
    fannedOutVersion: 0,
    lastAlertedAt: now,
    lastAlertedPrice: quote.price,
    firstFoundAt: now,
    lastSeenAt: now,
    lastCheckedAt: now,
  };
}

/**
 * Applies a scan to the deals table; synchronous, for the scan's transaction. newEpisode is the scanning source's
 * (DEAL_RULES.newEpisode: a grid source's, or a discovery sweep's).
 */
export function recordDeals(tx: DbOrTx, judged: readonly JudgedQuote[], now: Date, newEpisode: NewEpisodeRule): DealChanges {
  const today = rduToday(now);
  const changes: DealChanges = { found: 0, created: 0, realerted: 0, expired: 0, dropsAwaitingLook: 0 };
  tx.delete(dropSightings)
    .where(lt(dropSightings.seenAt, new Date(now.getTime() - DEAL_RULES.dropSightingWithinHours * HOUR_MS)))
    .run();
  const sightings = new Map(
    tx
      .select()
      .from(dropSightings)
      .all()
      .map((s) => [s.dedupeKey, s]),
  );
  const known = new Map(
    tx
      .select()
      .from(deals)
      .where(or(eq(deals.isActive, true), gte(deals.departDate, today)))
      .all()
      .map((deal) => [deal.dedupeKey, deal]),
  );
  const update = (deal: DealRow, values: Partial<typeof deals.$inferInsert>) => {
    tx.update(deals).set(values).where(eq(deals.id, deal.id)).run();
    Object.assign(deal, values);
  };

  for (const { quote, range, judgement, pairRecentLows, confirmsCachedDeal } of cheapestPerKey(judged)) {
    const key = dealKey(quote);
    const deal = known.get(key);
    const isDeal = judgement?.isDeal === true && range !== null && !refusedByOwnDates(quote, deal !== undefined, today);
    if (isDeal) changes.found++;

    // A drop alerts once it has held (every look for 3 hours found it, 12 or 6 for a new episode, at the fare it was first
    // seen at: decision 146): until then it waits, and a look that finds no drop, or a fresh look at another fare,
    // forgets it. On dates never alerted, a fare clearly a deal (decision 140) or a fresh search confirming a cached price
    // alerts at once; a marginal one, a new episode on dates alerted before, or a live deal's further fall (below), must
    // hold (the same hour's answers share its noise). A new episode is measured against the days before it was first seen.
    const sighting = sightings.get(key);
    const heldSoFar = sighting !== undefined && (quote.cached || heldItsFare(sighting.price, quote.price));
    if (sighting && !heldSoFar) tx.delete(dropSightings).where(eq(dropSightings.dedupeKey, key)).run();
    const firstSeen = heldSoFar ? sighting.seenAt : null;
    const firstSeenDay = firstSeen ? dayNumber(rduToday(firstSeen)) : null;
    const isDrop =
      isDeal && (!deal || (!deal.isActive && isNewEpisode(quote.price, usualDailyLow(pairRecentLows, endedDay(deal.expiredAt), firstSeenDay), newEpisode)));
    const fellFurther =
      isDeal && deal?.isActive === true && deservesNewAlert({ price: deal.lastAlertedPrice, alertedAt: deal.lastAlertedAt }, quote.price, now);
    const atOnce =
      (!deal && confirmsCachedDeal === true) || alertsOnFirstSighting({ datesAlertedBefore: deal !== undefined, shareBelow: judgement?.shareBelow ?? 0 });
    const mustHold = (isDrop && !atOnce) || fellFurther;
    const waiting = mustHold && !dropHasHeld(firstSeen, now, judgement?.shareBelow ?? 0, isDrop && deal !== undefined ? newEpisode : null);
    if (waiting) {
      rememberDropSighting(tx, quote, now);
      changes.dropsAwaitingLook++;
    } else if (firstSeen) {
      tx.delete(dropSightings).where(eq(dropSightings.dedupeKey, key)).run();
    }
    if (waiting && isDrop) continue;

    if (!deal) {
      if (!isDrop) continue;
      const created = tx
        .insert(deals)
        .values(newDeal(quote, range, judgement!, now))
        .returning()
        .get();
      known.set(created.dedupeKey, created);
      changes.created++;
      continue;
    }

    if (!deal.isActive) {
      // A new episode on the same dates: the same row, a new alert version, found anew (members see it as new, one
      // alert each, even those who deleted the earlier episode).
      if (!isDrop) continue;
      update(deal, {
        firstFoundAt: now,
        ...fareColumns(quote, range!),
        tier: judgement!.tier ?? "good",
        isActive: true,
        expiredReason: null,
        expiredAt: null,
        alertVersion: deal.alertVersion + 1,
        lastAlertedAt: now,
        lastAlertedPrice: quote.price,
        lastSeenAt: now,
        lastCheckedAt: now,
      });
      changes.realerted++;
      continue;
    }

    const alertAgain = fellFurther && !waiting;
    const current = range ?? {
      low: deal.typicalLow,
      median: deal.typicalMedian,
      high: deal.typicalHigh,
      observations: 0,
      spread: 0,
      tripKind: "other" as const,
    };
    const ended = recheckExpiryReason(quote.price, current.low);
    // A cached price can be hours old: above the low it may be from before the sale, so only a fresh search ends a deal.
    if (ended && quote.cached) continue;
    if (ended) {
      update(deal, { isActive: false, expiredReason: ended, expiredAt: now, lastSeenAt: now, lastCheckedAt: now });
      changes.expired++;
      continue;
    }
    const columns = fareColumns(quote, current);
    update(deal, {
      ...columns,
      tier: tierFor(columns.percentBelowTypical / 100) ?? deal.tier,
      lastSeenAt: now,
      lastCheckedAt: now,
      ...(alertAgain ? { alertVersion: deal.alertVersion + 1, lastAlertedAt: now, lastAlertedPrice: quote.price } : {}),
    });
    if (alertAgain) changes.realerted++;
  }

  changes.expired += expireStaleDeals(tx, now);
  return changes;
}

/** Keeps a drop's first sighting and fare: a later look that finds it again leaves the time and fare it was first seen at. */
function rememberDropSighting(tx: DbOrTx, quote: FareQuote, now: Date): void {
  tx.insert(dropSightings)
    .values({
      dedupeKey: dealKey(quote),
      destination: quote.destination,
      departDate: quote.departDate,
      returnDate: quote.returnDate ?? "",
      cabin: quote.cabin,
      seenAt: now,
      price: quote.price,
    })
    .onConflictDoNothing({ target: dropSightings.dedupeKey })
    .run();
}

/** Ends live deals that are unseen for 48 h, depart within 3 days or are 7 days old. */
export function expireStaleDeals(tx: DbOrTx, now: Date): number {
  const today = rduToday(now);
  let expired = 0;
  for (const deal of tx.select().from(deals).where(eq(deals.isActive, true)).all()) {
    const reason = expiryReason(deal, now, today);
    if (!reason) continue;
    tx.update(deals)
      .set({ isActive: false, expiredReason: reason, expiredAt: now })
      .where(and(eq(deals.id, deal.id), eq(deals.isActive, true)))
      .run();
    expired++;
  }
  return expired;
}

export function hasAnyDeal(db: Db): boolean {
  return db.$client.query("SELECT 1 FROM deals LIMIT 1").get() !== null;
}
