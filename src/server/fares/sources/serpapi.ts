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
import { getJson, type FetchFunction } from "./http-json.ts";
import { createPacedSearches, type ScanAllowance } from "../sweep/paced-searches.ts";
import { parseAccount, type SerpApiAccount } from "./serpapi-account.ts";
import { PROVIDER } from "./serpapi-answers.ts";
import { exploreParams, parseTravelExplore } from "./serpapi-explore.ts";
import { parseGoogleFlights, SERPAPI_SOURCE } from "./serpapi-flights.ts";

export const QUOTA_USED_UP = `${PROVIDER}: monthly search quota used up (0 searches left)`;

export interface SerpApiOptions {
  apiKey: string;
  /** SCAN_SCHEDULE: how many scans are left this month decides how many searches this one may use. */
  schedule: string;
  baseUrl?: string;
  fetch?: FetchFunction;
  timeoutMs?: number;
  concurrency?: number;
  /** A ceiling per scan whatever the quota allows. */
  maxSearchesPerScan?: number;
  /** FARE_BUDGET: searches a month this install may spend, counted by the account's this_month_usage; the plan's quota when unset. */
  monthlyBudget?: number | null;
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
  const fetchFunction = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const concurrency = options.concurrency ?? 4;
  const areaIds = { ...KNOWN_AREA_IDS, ...options.exploreAreaIds };

  let latestAccount: SerpApiAccount | null = null;
  const accountNow = async (): Promise<SerpApiAccount> => {
    const { status, body } = await getJson(fetchFunction, PROVIDER, `${baseUrl}/account?api_key=${encodeURIComponent(options.apiKey)}`, { timeoutMs });
    latestAccount = parseAccount(body, status);
    return latestAccount;
  };
  const paced = createPacedSearches({
    provider: PROVIDER,
    schedule: options.schedule,
    maxPerScan: options.maxSearchesPerScan ?? 300,
    monthlyBudget: options.monthlyBudget ?? null,
    monthLeft: accountNow,
  });

  /** GET /search.json; a 429 refuses every later search of the scan. */
  const searchJson = async (scan: ScanAllowance, params: Record<string, string>) => {
    const answer = await getJson(fetchFunction, PROVIDER, `${baseUrl}/search.json?${new URLSearchParams({ ...params, api_key: options.apiKey })}`, {
      timeoutMs,
    });
    paced.refuse(scan, answer.status);
    return answer;
  };

  const flightsParams = (search: FareSearch): Record<string, string> => {
    const params: Record<string, string> = {
      engine: "google_flights",
      departure_id: HOME_AIRPORT,
      arrival_id: search.destination,
      outbound_date: search.departDate,
      type: search.returnDate ? "1" : "2",
      travel_class: TRAVEL_CLASS[search.cabin],
      stops: "0",
      currency: "USD",
      gl: "us",
      hl: "en",
    };
    if (search.returnDate) params.return_date = search.returnDate;
    return params;
  };

  const searchOnce = async (scan: ScanAllowance, search: FareSearch, fresh = false): Promise<FareQuote | null> => {
    // no_cache only where a live price must be proven: a cached repeat would be free but proves nothing.
    const { status, body } = await searchJson(scan, fresh ? { ...flightsParams(search), no_cache: "true" } : flightsParams(search));
    return parseGoogleFlights(body, search, HOME_AIRPORT, status);
  };

  return {
    name: SERPAPI_SOURCE,
    sweep: "discovery",
    // Explore takes exact dates: the sweep makes its completeness pass (completeness-pass.ts, decision 139).
    exactDateExplore: true,
    discoveryAreas: DISCOVERY_AREAS.filter((area) => area === "north-america" || areaIds[area] !== undefined),
    allowance: paced.allowance,
    account: accountNow,
    lastAccount: () => latestAccount,

    search: (request: SearchRequest): Promise<SearchResult> => paced.searchEach(request, concurrency, searchOnce),

    async confirm(quote: FareQuote, now: Date): Promise<FareQuote | null> {
      const scan = await paced.spendOne(now);
      const { destination, departDate, returnDate, cabin } = quote;
      return searchOnce(scan, { destination, departDate, returnDate, cabin, purpose: "recheck" }, true);
    },

    async discover(request: DiscoveryRequest): Promise<DiscoveryResult> {
      const params = exploreParams(request, areaIds);
      const scan = await paced.spendOne(request.now);
      const { status, body } = await searchJson(scan, params);
      return { ...parseTravelExplore(body, status), searched: 1, quotaLeft: scan.left - scan.spent };
    },
  };
}
