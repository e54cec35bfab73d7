/** A subscriber's deal list and a deal's price history. */
import { type Static, Type as t } from "@sinclair/typebox";
import { Nullable } from "./common.ts";

export const DealTier = t.Union([t.Literal("good"), t.Literal("great"), t.Literal("exceptional")]);
export type DealTier = Static<typeof DealTier>;

/**
 * A deal in a subscriber's list, plus why it is a deal. GET /api/flight-deals builds this JSON in SQLite for speed,
 * so no runtime check sees it: tests/api/flight-deals.test.ts checks the answer against this model.
 */
export const FlightDeal = t.Object({
  id: t.Number(),
  airline: t.String(),
  destination: t.String(),
  destinationCity: t.String(),
  /** e.g. 'Mon, Mar 3 - Fri, Mar 7' */
  travelDates: t.String(),
  departDate: t.String(),
  returnDate: Nullable(t.String()),
  startingPrice: t.Number(),
  tripType: t.String(),
  seatClass: t.String(),
  duration: t.String(),
  nonstop: t.Union([t.Literal("Yes"), t.Literal("No")]),
  /** Typical low and high for this route and month. */
  priceRange1: t.Number(),
  priceRange2: t.Number(),
  typicalPrice: t.Number(),
  percentBelowTypical: t.Number(),
  /** What the decision compared with: the kind of trip, our own days of history behind the typical price (0 = the provider's figures), and the fare's robust z. Null on deals found before these were kept. */
  tripKind: Nullable(t.Union([t.Literal("weekend"), t.Literal("week_long"), t.Literal("other"), t.Literal("one_way")])),
  historyDays: Nullable(t.Number()),
  robustZ: Nullable(t.Number()),
  tier: DealTier,
  /** The name of the subscriber's first travel window the deal's dates fit ("Fits: Thanksgiving week"), or null. */
  fitsWindow: Nullable(t.String()),
  isNewForUser: t.Boolean(),
  isActive: t.Boolean(),
  source: t.String(),
  foundAt: t.String(),
  lastCheckedAt: t.String(),
});
export type FlightDeal = Static<typeof FlightDeal>;

export const FlightDealList = t.Array(FlightDeal);

/** The typical fare on one day for trips like the deal's (same route, kind of trip and departure month): the median of that day's lowest fares. */
export const PricePoint = t.Object({ date: t.String(), price: t.Number() });
export type PricePoint = Static<typeof PricePoint>;

export const PriceHistory = t.Array(PricePoint);

/** GET /api/flight-deals/scan-status: whether a fresh install's first fare scan is still running (the list fills when it ends). */
export const ScanStatus = t.Object({ firstScanRunning: t.Boolean() });
export type ScanStatus = Static<typeof ScanStatus>;

/**
 * The public method page's example (decision 109): one real deal's route, drawn as the rule sees it: the fares of
 * trips like it each day, the typical range, and the fare we alerted. Null when no deal has enough history yet.
 */
export const DealRuleExample = t.Object({
  destination: t.String(),
  destinationCity: t.String(),
  /** What the fare was compared with, e.g. 'weekend trips to Boston in March'. */
  comparedWith: t.String(),
  travelDates: t.String(),
  typicalLow: t.Number(),
  typicalHigh: t.Number(),
  typicalPrice: t.Number(),
  /** The fare we alerted, and the day (YYYY-MM-DD, RDU time) we alerted it. */
  price: t.Number(),
  alertedOn: t.String(),
  percentBelowTypical: t.Number(),
  /** The fare has gone back up since. */
  ended: t.Boolean(),
  /** The typical fare each day over the last 90 days for trips like this one. */
  points: t.Array(PricePoint),
});
export type DealRuleExample = Static<typeof DealRuleExample>;
export const DealRuleExampleAnswer = t.Object({ example: Nullable(DealRuleExample) });
export type DealRuleExampleAnswer = Static<typeof DealRuleExampleAnswer>;

/**
 * GET /api/recent-deals: deals found in the last 30 days, shown to anyone once they are a set time old (decision 134).
 * A deal's own facts only: nothing about who was alerted.
 */
export const RecentDeal = t.Object({
  id: t.Number(),
  destination: t.String(),
  destinationCity: t.String(),
  /** Worded for today at RDU. */
  travelDates: t.String(),
  tripType: t.String(),
  price: t.Number(),
  percentBelowTypical: t.Number(),
  /** The day it was found, YYYY-MM-DD at RDU. */
  foundOn: t.String(),
  /** The fare has ended (back up, or the trip has begun). */
  ended: t.Boolean(),
});
export type RecentDeal = Static<typeof RecentDeal>;
export const RecentDealList = t.Object({
  deals: t.Array(RecentDeal),
  /** How old a deal is before visitors see it, in hours. */
  delayHours: t.Number(),
});
export type RecentDealList = Static<typeof RecentDealList>;

/** GET /api/recent-deals/:id: one recent deal, drawn as the rule saw it when its route has the days (else `example` is null). */
export const RecentDealDetail = t.Object({ deal: RecentDeal, example: Nullable(DealRuleExample) });
export type RecentDealDetail = Static<typeof RecentDealDetail>;
