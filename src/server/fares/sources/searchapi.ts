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
import { getJson, type FetchFunction } from "./http-json.ts";
import { createPacedSearches, type ScanAllowance } from "../sweep/paced-searches.ts";
import { parseSearchApiAccount, type SearchApiAccount } from "./searchapi-account.ts";
import { SEARCHAPI_PROVIDER, SEARCHAPI_SOURCE } from "./searchapi-answers.ts";
import { dateGridParams, parseDateGrid, type DateGrid, type DateGridRequest } from "./searchapi-calendar.ts";
import { parseSearchApiExplore, searchApiExploreParams, type ExploreDates } from "./searchapi-explore.ts";
import { readGoogleFlights } from "./serpapi-flights.ts";

export interface SearchApiOptions {
  apiKey: string;
  /** SCAN_SCHEDULE: how many scans are left this month decides how many searches this one may use. */
  schedule: string;
  baseUrl?: string;
  fetch?: FetchFunction;
  /** A calendar window takes 5–30 s, and SearchApi answers 503 after 90 s: the default waits for that. */
  timeoutMs?: number;
  concurrency?: number;
  /** A ceiling per scan whatever the quota allows. */
  maxSearchesPerScan?: number;
  /** FARE_BUDGET: credits a month this install may spend, counted by the account's current_month_usage. */
  monthlyBudget?: number | null;
}

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
  const params: Record<string, string> = {
    engine: "google_flights",
    departure_id: origin,
    arrival_id: search.destination,
    outbound_date: search.departDate,
    flight_type: search.returnDate ? "round_trip" : "one_way",
    travel_class: TRAVEL_CLASS[search.cabin],
    stops: "any",
    currency: "USD",
    gl: "us",
    hl: "en",
  };
  if (search.returnDate) params.return_date = search.returnDate;
  return params;
}

const accountState = (account: SearchApiAccount): AccountState => ({
  searchesPerMonth: account.searchesPerMonth,
  searchesLeft: account.searchesLeft,
  thisMonthUsage: account.thisMonthUsage,
});

export function createSearchApiFareSource(options: SearchApiOptions): SearchApiFareSource {
  const baseUrl = (options.baseUrl ?? "https://www.searchapi.io").replace(/\/+$/, "");
  const fetchFunction = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 95_000;
  const concurrency = options.concurrency ?? 4;
  const headers = { authorization: `Bearer ${options.apiKey}` };

  let latestAccount: SearchApiAccount | null = null;
  const accountNow = async (): Promise<SearchApiAccount> => {
    const { status, body } = await getJson(fetchFunction, SEARCHAPI_PROVIDER, `${baseUrl}/api/v1/me`, { headers, timeoutMs });
    latestAccount = parseSearchApiAccount(body, status);
    return latestAccount;
  };
  const paced = createPacedSearches({
    provider: SEARCHAPI_PROVIDER,
    schedule: options.schedule,
    maxPerScan: options.maxSearchesPerScan ?? 300,
    monthlyBudget: options.monthlyBudget ?? null,
    monthLeft: accountNow,
  });

  /** GET /api/v1/search; a 429 refuses every later search of the scan. */
  const searchJson = async (scan: ScanAllowance, params: Record<string, string>) => {
    const answer = await getJson(fetchFunction, SEARCHAPI_PROVIDER, `${baseUrl}/api/v1/search?${new URLSearchParams(params)}`, { headers, timeoutMs });
    paced.refuse(scan, answer.status);
    return answer;
  };

  const searchOnce = async (scan: ScanAllowance, search: FareSearch): Promise<FareQuote | null> => {
    const { status, body } = await searchJson(scan, searchApiFlightsParams(search));
    return readGoogleFlights(body, search, { provider: SEARCHAPI_PROVIDER, source: SEARCHAPI_SOURCE, origin: HOME_AIRPORT, status });
  };

  const explore = async (request: DiscoveryRequest, dates?: ExploreDates): Promise<DiscoveryResult> => {
    const params = searchApiExploreParams(request, dates);
    const scan = await paced.spendOne(request.now);
    const { status, body } = await searchJson(scan, params);
    return { ...parseSearchApiExplore(body, status), searched: 1, quotaLeft: scan.left - scan.spent };
  };

  return {
    name: SEARCHAPI_SOURCE,
    sweep: "discovery",
    // Explore takes exact dates: the sweep makes its completeness pass (completeness-pass.ts, decision 139).
    exactDateExplore: true,
    // Every area: Explore takes any box, so no area waits for an operator's setting.
    discoveryAreas: DISCOVERY_AREAS,
    allowance: paced.allowance,
    account: async () => accountState(await accountNow()),
    lastAccount: () => (latestAccount ? accountState(latestAccount) : null),

    search: (request: SearchRequest): Promise<SearchResult> => paced.searchEach(request, concurrency, searchOnce),

    async confirm(quote: FareQuote, now: Date): Promise<FareQuote | null> {
      const scan = await paced.spendOne(now);
      const { destination, departDate, returnDate, cabin } = quote;
      return searchOnce(scan, { destination, departDate, returnDate, cabin, purpose: "recheck" });
    },

    discover: (request: DiscoveryRequest) => explore(request, request.dates ?? undefined),
    discoverOn: (request: DiscoveryRequest, dates: ExploreDates) => explore(request, dates),

    async dateGrid(request: DateGridRequest, now: Date): Promise<DateGrid> {
      const params = dateGridParams(request);
      const scan = await paced.spendOne(now);
      const { status, body } = await searchJson(scan, params);
      return parseDateGrid(body, request.destination, status);
    },
  };
}
