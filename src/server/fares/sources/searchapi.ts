/**
 * SearchApi.io as a fare source (FARE_SOURCE=searchapi): the same Google pages as SerpApi (serpapi.ts) through one
 * endpoint, `GET /api/v1/search?engine=…`, the key in an `Authorization: Bearer` header so it is never in a URL.
 * It sweeps by discovery like SerpApi (discovery-sweep.ts): discover() is one Travel Explore search of an area's box
 * (searchapi-explore.ts), confirm() one Google Flights search (serpapi-flights.ts reads both providers' answers). Beyond
 * the FareSource, discoverOn() asks Explore for exact dates and dateGrid() prices up to 200 date pairs of one route
 * in one search (searchapi-calendar.ts). Every search, of any kind, comes out of the same per-scan share of the
 * month's credits (paced-searches.ts, checked against `/api/v1/me` once per scan), so FARE_BUDGET and the plan are
 * never exceeded; a 429 (credits used up, or the hourly 20 %) stops the scan's remaining searches.
 */
import { DISCOVERY_AREAS } from "../../../domain/discovery-areas.ts";
import {
  HOME_AIRPORT,
  type AccountState,
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
import { parseSearchApiAccount, type SearchApiAccount } from "./searchapi-account.ts";
import { SEARCHAPI_PROVIDER, SEARCHAPI_SOURCE } from "./searchapi-answers.ts";
import { dateGridParams, parseDateGrid, type DateGrid, type DateGridRequest } from "./searchapi-calendar.ts";
import { parseSearchApiExplore, searchApiExploreParams, type ExploreDates } from "./searchapi-explore.ts";
import { readGoogleFlights } from "./serpapi-flights.ts";

/** `timeoutMs` waits 95 s by default: a calendar window takes 5–30 s, and SearchApi answers 503 after 90 s. */
export type SearchApiOptions = MonthlySourceOptions;

export interface SearchApiFareSource extends FareSource {
  allowance(now: Date): Promise<ScanAllowance>;
  confirm(quote: FareQuote, now: Date): Promise<FareQuote | null>;
  discover(request: DiscoveryRequest): Promise<DiscoveryResult>;
  /** One Explore search for exactly these dates, out of this scan's share. */
  discoverOn(request: DiscoveryRequest, dates: ExploreDates): Promise<DiscoveryResult>;
  /** One date grid search of a route (at most 200 date pairs), out of this scan's share. */
  dateGrid(request: DateGridRequest, now: Date): Promise<DateGrid>;
}

const TRAVEL_CLASS: Record<Cabin, string> = { economy: "economy", premium_economy: "premium_economy", business: "business", first: "first_class" };

export function searchApiFlightsParams(search: FareSearch, origin = HOME_AIRPORT): Record<string, string> {
  return {
    ...googleFlightsParams(search, origin),
    flight_type: search.returnDate ? "round_trip" : "one_way",
    travel_class: TRAVEL_CLASS[search.cabin],
    stops: "any",
  };
}

const accountState = (account: SearchApiAccount): AccountState => ({
  searchesPerMonth: account.searchesPerMonth,
  searchesLeft: account.searchesLeft,
  thisMonthUsage: account.thisMonthUsage,
});

export function createSearchApiFareSource(options: SearchApiOptions): SearchApiFareSource {
  const baseUrl = (options.baseUrl ?? "https://www.searchapi.io").replace(/\/+$/, "");
  const concurrency = options.concurrency ?? 4;
  const api = createMonthlySearchApi({
    provider: SEARCHAPI_PROVIDER,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 95_000,
    headers: { authorization: `Bearer ${options.apiKey}` },
    accountUrl: `${baseUrl}/api/v1/me`,
    parseAccount: parseSearchApiAccount,
    searchUrl: (params) => `${baseUrl}/api/v1/search?${new URLSearchParams(params)}`,
    schedule: options.schedule,
    maxSearchesPerScan: options.maxSearchesPerScan,
    monthlyBudget: options.monthlyBudget,
  });

  const searchOnce = async (scan: ScanAllowance, search: FareSearch): Promise<FareQuote | null> => {
    const { status, body } = await api.searchJson(scan, searchApiFlightsParams(search));
    return readGoogleFlights(body, search, { provider: SEARCHAPI_PROVIDER, source: SEARCHAPI_SOURCE, origin: HOME_AIRPORT, status });
  };

  const explore = async (request: DiscoveryRequest, dates?: ExploreDates): Promise<DiscoveryResult> => {
    const { scan, status, body } = await api.spendOne(request.now, searchApiExploreParams(request, dates));
    return { ...parseSearchApiExplore(body, status), searched: 1, quotaLeft: scan.left - scan.spent };
  };

  return {
    name: SEARCHAPI_SOURCE,
    sweep: "discovery",
    // Explore takes exact dates: the sweep makes its completeness pass (completeness-pass.ts, decision 139).
    exactDateExplore: true,
    // Every area: Explore takes any box, so no area waits for an operator's setting.
    discoveryAreas: DISCOVERY_AREAS,
    allowance: api.paced.allowance,
    account: async () => accountState(await api.accountNow()),
    lastAccount: () => {
      const account = api.latestAccount();
      return account ? accountState(account) : null;
    },

    search: (request: SearchRequest): Promise<SearchResult> => api.paced.searchEach(request, concurrency, searchOnce),

    async confirm(quote: FareQuote, now: Date): Promise<FareQuote | null> {
      return searchOnce(await api.paced.spendOne(now), recheckOf(quote));
    },

    discover: (request: DiscoveryRequest) => explore(request, request.dates ?? undefined),
    discoverOn: (request: DiscoveryRequest, dates: ExploreDates) => explore(request, dates),

    async dateGrid(request: DateGridRequest, now: Date): Promise<DateGrid> {
      const { status, body } = await api.spendOne(now, dateGridParams(request));
      return parseDateGrid(body, request.destination, status);
    },
  };
}
