/**
 * SerpApi (docs/deal-rules.md "SerpApi"): Google Flights, one search per route and dates with fresh prices, Google's typical
 * range and price history (serpapi-flights.ts); Travel Explore, one search per area for the cheapest trip to each of
 * its destinations (serpapi-explore.ts). The month's searches left (plan and extra credits, serpapi-account.ts) are
 * spent evenly over the scan schedule (quota-pacing.ts), checked against the account once per scan so they are never
 * exceeded, nor FARE_BUDGET (monthlyBudget, against the account's this_month_usage). A plan with no searches left is a
 * failure of the scan, not an empty success. The scanner sweeps this source by discovery (discovery-sweep.ts):
 * discover() is one Explore search, confirm() the one fresh search (`no_cache`) a candidate needs; they and search()
 * spend the same per-scan share. A 429 (searches run out, or the hourly limit) stops the scan's remaining searches.
 */
import { DISCOVERY_AREAS, KNOWN_AREA_IDS, type DiscoveryArea } from "../../../domain/discovery-areas.ts";
import {
  HOME_AIRPORT,
  type Cabin,
  type DiscoveryRequest,
  type DiscoveryResult,
  type FareQuote,
  type FareSearch,
  type FareSource,
  type SearchRequest,
  type SearchResult,
} from "./fare-source.ts";
import { createMonthlySearchApi, googleFlightsParams, type MonthlySourceOptions, recheckOf } from "./monthly-search-api.ts";
import type { ScanAllowance } from "../sweep/paced-searches.ts";
import { parseAccount } from "./serpapi-account.ts";
import { PROVIDER } from "./serpapi-answers.ts";
import { exploreParams, parseTravelExplore } from "./serpapi-explore.ts";
import { parseGoogleFlights, SERPAPI_SOURCE } from "./serpapi-flights.ts";

export const QUOTA_USED_UP = `${PROVIDER}: monthly search quota used up (0 searches left)`;

export interface SerpApiOptions extends MonthlySourceOptions {
  /** Travel Explore's arrival_area_id per area, added to the ones SerpApi's reference names (discovery-areas.ts). */
  exploreAreaIds?: Readonly<Partial<Record<DiscoveryArea, string>>>;
}

const TRAVEL_CLASS: Record<Cabin, string> = { economy: "1", premium_economy: "2", business: "3", first: "4" };

export type { ScanAllowance };

export interface SerpApiFareSource extends FareSource {
  /** Checks the account once per scan (`now`); later calls in the same scan get the same allowance. */
  allowance(now: Date): Promise<ScanAllowance>;
  /** One fresh search of exactly this quote's route, dates and cabin, out of this scan's share. */
  confirm(quote: FareQuote, now: Date): Promise<FareQuote | null>;
  /** One Travel Explore search, out of this scan's share. */
  discover(request: DiscoveryRequest): Promise<DiscoveryResult>;
}

export function createSerpApiFareSource(options: SerpApiOptions): SerpApiFareSource {
  const baseUrl = (options.baseUrl ?? "https://serpapi.com").replace(/\/+$/, "");
  const concurrency = options.concurrency ?? 4;
  const areaIds = { ...KNOWN_AREA_IDS, ...options.exploreAreaIds };
  const api = createMonthlySearchApi({
    provider: PROVIDER,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 30_000,
    accountUrl: `${baseUrl}/account?api_key=${encodeURIComponent(options.apiKey)}`,
    parseAccount,
    searchUrl: (params) => `${baseUrl}/search.json?${new URLSearchParams({ ...params, api_key: options.apiKey })}`,
    schedule: options.schedule,
    maxSearchesPerScan: options.maxSearchesPerScan,
    monthlyBudget: options.monthlyBudget,
  });

  const flightsParams = (search: FareSearch): Record<string, string> => ({
    ...googleFlightsParams(search, HOME_AIRPORT),
    type: search.returnDate ? "1" : "2",
    travel_class: TRAVEL_CLASS[search.cabin],
    stops: "0",
  });

  const searchOnce = async (scan: ScanAllowance, search: FareSearch, fresh = false): Promise<FareQuote | null> => {
    // no_cache only where a live price must be proven: a cached repeat would be free but proves nothing.
    const { status, body } = await api.searchJson(scan, fresh ? { ...flightsParams(search), no_cache: "true" } : flightsParams(search));
    return parseGoogleFlights(body, search, HOME_AIRPORT, status);
  };

  return {
    name: SERPAPI_SOURCE,
    sweep: "discovery",
    // Explore takes exact dates: the sweep makes its completeness pass (completeness-pass.ts, decision 139).
    exactDateExplore: true,
    discoveryAreas: DISCOVERY_AREAS.filter((area) => area === "north-america" || areaIds[area] !== undefined),
    allowance: api.paced.allowance,
    account: api.accountNow,
    lastAccount: api.latestAccount,

    search: (request: SearchRequest): Promise<SearchResult> => api.paced.searchEach(request, concurrency, searchOnce),

    async confirm(quote: FareQuote, now: Date): Promise<FareQuote | null> {
      return searchOnce(await api.paced.spendOne(now), recheckOf(quote), true);
    },

    async discover(request: DiscoveryRequest): Promise<DiscoveryResult> {
      const { scan, status, body } = await api.spendOne(request.now, exploreParams(request, areaIds));
      return { ...parseTravelExplore(body, status), searched: 1, quotaLeft: scan.left - scan.spent };
    },
  };
}
