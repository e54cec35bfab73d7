/**
 * What SerpApi (serpapi.ts) and SearchApi (searchapi.ts) share: a search API sold by the month. Its account is read
 * once per scan, the month's searches left are spread over the scans left (paced-searches.ts), and a 429 (searches
 * used up, or the hourly limit) refuses every later search of the scan. Each provider adds its own URLs, key and
 * parameters.
 */
import { createPacedSearches, type MonthLeft, type PacedSearches, type ScanAllowance } from "../sweep/paced-searches.ts";
import type { FareQuote, FareSearch } from "./fare-source.ts";
import { getJson, type FetchFunction, type JsonAnswer } from "./http-json.ts";

/** What an operator sets for either provider (config.ts reads them). */
export interface MonthlySourceOptions {
  apiKey: string;
  /** SCAN_SCHEDULE: how many scans are left this month decides how many searches this one may use. */
  schedule: string;
  baseUrl?: string;
  fetch?: FetchFunction;
  timeoutMs?: number;
  /** Searches of one scan in flight at once. */
  concurrency?: number;
  /** A ceiling per scan whatever the quota allows. */
  maxSearchesPerScan?: number;
  /** FARE_BUDGET: searches a month this install may spend, counted by the account's use this month; the plan's when unset. */
  monthlyBudget?: number | null;
}

export interface MonthlySearchApiOptions<Account extends MonthLeft> {
  provider: string;
  fetch?: FetchFunction;
  timeoutMs: number;
  /** Sent with every request (a key in a header never lands in a log of URLs). */
  headers?: Record<string, string>;
  accountUrl: string;
  parseAccount: (body: unknown, status: number) => Account;
  searchUrl: (params: Record<string, string>) => string;
  schedule: string;
  maxSearchesPerScan?: number;
  monthlyBudget?: number | null;
}

export interface MonthlySearchApi<Account> {
  paced: PacedSearches;
  accountNow: () => Promise<Account>;
  latestAccount: () => Account | null;
  /** One search out of the scan's share it was counted in. */
  searchJson: (scan: ScanAllowance, params: Record<string, string>) => Promise<JsonAnswer>;
  /** Counts one search in the share of the scan running at `now`, then makes it. */
  spendOne: (now: Date, params: Record<string, string>) => Promise<JsonAnswer & { scan: ScanAllowance }>;
}

export function createMonthlySearchApi<Account extends MonthLeft>(options: MonthlySearchApiOptions<Account>): MonthlySearchApi<Account> {
  const fetchFunction = options.fetch ?? ((url, init) => fetch(url, init));
  const init = { headers: options.headers, timeoutMs: options.timeoutMs };
  let latest: Account | null = null;
  const accountNow = async (): Promise<Account> => {
    const { status, body } = await getJson(fetchFunction, options.provider, options.accountUrl, init);
    latest = options.parseAccount(body, status);
    return latest;
  };
  const paced = createPacedSearches({
    provider: options.provider,
    schedule: options.schedule,
    maxPerScan: options.maxSearchesPerScan ?? 300,
    monthlyBudget: options.monthlyBudget ?? null,
    monthLeft: accountNow,
  });
  const searchJson = async (scan: ScanAllowance, params: Record<string, string>) => {
    const answer = await getJson(fetchFunction, options.provider, options.searchUrl(params), init);
    paced.refuse(scan, answer.status);
    return answer;
  };
  return {
    paced,
    accountNow,
    latestAccount: () => latest,
    searchJson,
    async spendOne(now, params) {
      const scan = await paced.spendOne(now);
      return { scan, ...(await searchJson(scan, params)) };
    },
  };
}

/** The fresh search that confirms a quote: exactly its route, dates and cabin. */
export function recheckOf({ destination, departDate, returnDate, cabin }: FareQuote): FareSearch {
  return { destination, departDate, returnDate, cabin, purpose: "recheck" };
}

/** The Google Flights parameters both providers name alike; each adds its own trip type, cabin and stops. */
export function googleFlightsParams(search: FareSearch, origin: string): Record<string, string> {
  const params: Record<string, string> = {
    engine: "google_flights",
    departure_id: origin,
    arrival_id: search.destination,
    outbound_date: search.departDate,
    currency: "USD",
    gl: "us",
    hl: "en",
  };
  if (search.returnDate) params.return_date = search.returnDate;
  return params;
}
