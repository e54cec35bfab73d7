/** Where prices come from: one interface; simulated, SerpApi, Travelpayouts, or Travelpayouts confirmed by SerpApi. */

import type { DiscoveryArea } from "../../../domain/discovery-areas.ts";

export const HOME_AIRPORT = "RDU";

export type TripType = "round_trip" | "one_way";
export type Cabin = "economy" | "premium_economy" | "business" | "first";

/** One route and dates the scanner wants priced. The origin is always RDU. */
export interface FareSearch {
  destination: string;
  /** YYYY-MM-DD */
  departDate: string;
  /** YYYY-MM-DD; null for one way. */
  returnDate: string | null;
  cabin: Cabin;
  /** "recheck" looks again at the exact dates of a live deal; "discover" is the regular sweep. */
  purpose: "discover" | "recheck";
}

/** The cheapest fare a source found for one route and dates. Prices are USD, round-trip totals for round trips. */
export interface FareQuote {
  origin: string;
  destination: string;
  tripType: TripType;
  cabin: Cabin;
  nonstop: boolean;
  departDate: string;
  returnDate: string | null;
  price: number;
  /** Airline name as in src/domain/airlines.ts when known. */
  airline: string;
  durationMinutes: number | null;
  /** The provider's own idea of a typical price (Google's typical_price_range), when it gives one. */
  providerTypicalLow: number | null;
  providerTypicalHigh: number | null;
  /** The provider's own daily prices for this same search (Google's price_history, about 60 days, oldest first); absent or null when it gives none. */
  providerPriceHistory?: ProviderPricePoint[] | null;
  source: string;
  /** Taken from a cache of other people's searches: it needs one fresh look before anyone is alerted. */
  cached: boolean;
}

export interface ProviderPricePoint {
  /** YYYY-MM-DD */
  day: string;
  price: number;
}

export interface SearchRequest {
  now: Date;
  /** In priority order: a source with a budget answers the first ones it can afford. */
  searches: readonly FareSearch[];
}

export interface SearchResult {
  quotes: FareQuote[];
  /** Searches actually made (calls to the provider, or simulated look-ups). */
  searched: number;
  /** Failures of single searches; the others still count. */
  errors: string[];
  /** Provider quota left after this scan, when the provider has one. */
  quotaLeft: number | null;
}

export type TripKind = "weekend" | "week";

/** One wide look: the cheapest round trip to every destination of an area, over a month or the next six months. */
export interface DiscoveryRequest {
  now: Date;
  tripKind: TripKind;
  /** 1–12 for that month, or null for the next six months. */
  month: number | null;
  area: DiscoveryArea;
  /** One airport of the area instead of the whole area (Explore's `arrival_id`): a route no searchable area covers. */
  destination?: string | null;
  /**
   * Exact dates instead of a window: each place priced for this one trip (SerpApi's `outbound_date`/`return_date`,
   * SearchApi's `time_period` range). Sent only to a source whose `exactDateExplore` says it answers them.
   */
  dates?: { departDate: string; returnDate: string } | null;
  nonstopOnly: boolean;
}

/** The cheapest round trip a discovery found to one airport. A candidate, not proof: it is confirmed by a fresh search before anyone is alerted. */
export interface DiscoveryRow {
  destination: string;
  departDate: string;
  returnDate: string;
  /** USD, round-trip total. */
  price: number;
  /** Airline name as in src/domain/airlines.ts when known; several carriers read "American and Frontier". */
  airline: string;
  /** IATA code; null when several carriers fly the trip. */
  airlineCode: string | null;
  stops: number | null;
  durationMinutes: number | null;
}

export interface DiscoveryResult {
  /** One row per airport, the cheapest. */
  rows: DiscoveryRow[];
  /** Rows in the provider's answer, before any was skipped or merged. */
  rawRows: number;
  /** Rows left out, by the first thing they lacked. */
  skipped: { noPrice: number; noAirport: number; noDates: number };
  searched: number;
  quotaLeft: number | null;
}

export interface PastObservation {
  quote: FareQuote;
  observedAt: Date;
}

/** A paid source's share of the month's searches for one scan, and what of it is spent. */
export interface SearchAllowance {
  /** Searches left this month (within FARE_BUDGET) when the scan began. */
  left: number;
  /** What this scan may spend. */
  share: number;
  spent: number;
  /** Set when the provider refused more searches in this scan (SerpApi's 429): nothing more is sent. */
  refusal?: string | null;
}

/** A paid source's month as its account states it. */
export interface AccountState {
  /** The plan's monthly searches, when stated. */
  searchesPerMonth: number | null;
  /** Plan searches and extra credits left. */
  searchesLeft: number;
  thisMonthUsage: number | null;
}

export interface FareSource {
  readonly name: string;
  /**
   * How the scanner sweeps this source: "grid" asks search() about every route and date pair of the scan plan
   * (free sources); "discovery" looks wide with discover() over the areas below and confirms each candidate with
   * one fresh confirm(), out of the scan's allowance (a paid source, docs/decisions/080). Default "grid".
   */
  readonly sweep?: "grid" | "discovery";
  /** Whether discover() answers a request's exact `dates`: the sweep then makes its completeness pass (completeness-pass.ts). */
  readonly exactDateExplore?: boolean;
  /** The areas discover() can search (SerpApi: North America and each area with an arrival_area_id). */
  readonly discoveryAreas?: readonly DiscoveryArea[];
  /** This scan's share of the month's searches (the scan is its `now`); the same object for every call of one scan. */
  allowance?(now: Date): Promise<SearchAllowance>;
  /** Asks the provider for its account now (a paid source). */
  account?(): Promise<AccountState>;
  /** The account as last seen by a scan or account(), without asking; null before the first. */
  lastAccount?(): AccountState | null;
  /** Whose observations make the typical ranges, when not this source's own name (a combined source). */
  readonly historySource?: string;
  /** Throws FareSourceError when the source cannot be used at all (bad key, quota check failed, network down). */
  search(request: SearchRequest): Promise<SearchResult>;
  /**
   * One fresh (uncached) search of exactly this quote's route and dates; null when the fare is gone. A cached
   * quote becomes a deal only through it. Throws FareSourceError when no fresh search can be made now.
   */
  confirm?(quote: FareQuote, now: Date): Promise<FareQuote | null>;
  /** One wide look at an area, as SerpApi's Travel Explore gives it. Throws FareSourceError when it cannot be made now. */
  discover?(request: DiscoveryRequest): Promise<DiscoveryResult>;
  /** Observations of the past year, for a source that can tell them (the simulated market), so ranges exist at once. */
  pastObservations?(now: Date): Iterable<PastObservation>;
}

/** A failure of the provider, with a message safe to log and store (never containing a key). */
export class FareSourceError extends Error {}

export function tripTypeOf(returnDate: string | null): TripType {
  return returnDate ? "round_trip" : "one_way";
}
