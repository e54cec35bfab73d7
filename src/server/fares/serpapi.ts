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
import { DISCOVERY_AREAS, KNOWN_AREA_IDS, type DiscoveryArea } from "./discovery-areas.ts";
import {
  FareSourceError,
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
import { searchesThisTick, ticksLeftInMonth } from "./quota-pacing.ts";
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

async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** This scan's share of the month's searches, and what of it is spent. */
export interface ScanAllowance {
  /** The scan it belongs to (its `now`). */
  scanAt: number;
  /** Searches left this month (plan and extra credits) when the scan began. */
  left: number;
  share: number;
  spent: number;
  /** Set when SerpApi answered 429: nothing more is sent in this scan. */
  refusal: string | null;
}

export interface SerpApiFareSource extends FareSource {
  /** Checks the account once per scan (`now`); later calls in the same scan get the same allowance. */
  allowance(now: Date): Promise<ScanAllowance>;
  /** One fresh search of exactly this quote's route, dates and cabin, out of this scan's share. */
  confirm(quote: FareQuote, now: Date): Promise<FareQuote | null>;
  /** One Travel Explore search, out of this scan's share. */
  discover(request: DiscoveryRequest): Promise<DiscoveryResult>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createSerpApiFareSource(options: SerpApiOptions): SerpApiFareSource {
  const baseUrl = (options.baseUrl ?? "https://serpapi.com").replace(/\/+$/, "");
  const fetchFunction = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const concurrency = options.concurrency ?? 4;
  const maxPerScan = options.maxSearchesPerScan ?? 300;
  const areaIds = { ...KNOWN_AREA_IDS, ...options.exploreAreaIds };

  let latestAccount: SerpApiAccount | null = null;
  const accountNow = async (): Promise<SerpApiAccount> => {
    const { status, body } = await getJson(fetchFunction, PROVIDER, `${baseUrl}/account?api_key=${encodeURIComponent(options.apiKey)}`, { timeoutMs });
    latestAccount = parseAccount(body, status);
    return latestAccount;
  };

  /** The account's searches left, within FARE_BUDGET when one is set. */
  const searchesLeft = async (): Promise<number> => {
    const account = await accountNow();
    if (options.monthlyBudget == null) return account.searchesLeft;
    return Math.max(0, Math.min(account.searchesLeft, options.monthlyBudget - (account.thisMonthUsage ?? 0)));
  };

  let current: ScanAllowance | null = null;
  const allowance = async (now: Date): Promise<ScanAllowance> => {
    if (current?.scanAt !== now.getTime()) {
      const left = await searchesLeft();
      const share = Math.min(searchesThisTick(left, ticksLeftInMonth(options.schedule, now)), maxPerScan);
      current = { scanAt: now.getTime(), left, share, spent: 0, refusal: null };
    }
    return current;
  };

  /** Takes one search out of this scan's share, or says why there is none. */
  const spendOne = async (now: Date): Promise<ScanAllowance> => {
    const scan = await allowance(now);
    if (scan.left === 0) throw new FareSourceError(QUOTA_USED_UP);
    if (scan.refusal) throw new FareSourceError(scan.refusal);
    if (scan.spent >= scan.share) {
      throw new FareSourceError(`${PROVIDER}: this scan's share of the monthly quota is spent (${scan.left - scan.spent} searches left this month)`);
    }
    scan.spent++;
    return scan;
  };

  /** GET /search.json; a 429 refuses every later search of the scan. */
  const searchJson = async (scan: ScanAllowance, params: Record<string, string>) => {
    const answer = await getJson(fetchFunction, PROVIDER, `${baseUrl}/search.json?${new URLSearchParams({ ...params, api_key: options.apiKey })}`, {
      timeoutMs,
    });
    if (answer.status === 429) scan.refusal ??= `${PROVIDER} refused further searches this scan (429)`;
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
    discoveryAreas: DISCOVERY_AREAS.filter((area) => area === "north-america" || areaIds[area] !== undefined),
    allowance,
    account: accountNow,
    lastAccount: () => latestAccount,

    async search(request: SearchRequest): Promise<SearchResult> {
      const scan = await allowance(request.now);
      // Nothing can be searched: an empty answer here would pass for a scan that found no fares.
      if (scan.left === 0) return { quotes: [], searched: 0, errors: [QUOTA_USED_UP], quotaLeft: 0 };
      if (scan.refusal) return { quotes: [], searched: 0, errors: [scan.refusal], quotaLeft: scan.left - scan.spent };
      const chosen = request.searches.slice(0, Math.max(0, scan.share - scan.spent));
      scan.spent += chosen.length;
      const errors: string[] = [];
      let unsent = 0;
      const answers = await mapWithConcurrency(chosen, concurrency, async (search) => {
        if (scan.refusal) {
          unsent++;
          return null;
        }
        try {
          return await searchOnce(scan, search);
        } catch (error) {
          errors.push(`${search.destination} ${search.departDate}: ${messageOf(error)}`);
          return null;
        }
      });
      scan.spent -= unsent;
      if (unsent > 0) errors.push(`${unsent} searches not sent: ${scan.refusal}`);
      return {
        quotes: answers.filter((quote): quote is FareQuote => quote !== null),
        searched: chosen.length - unsent,
        errors,
        quotaLeft: scan.left - scan.spent,
      };
    },

    async confirm(quote: FareQuote, now: Date): Promise<FareQuote | null> {
      const scan = await spendOne(now);
      const { destination, departDate, returnDate, cabin } = quote;
      return searchOnce(scan, { destination, departDate, returnDate, cabin, purpose: "recheck" }, true);
    },

    async discover(request: DiscoveryRequest): Promise<DiscoveryResult> {
      const params = exploreParams(request, areaIds);
      const scan = await spendOne(request.now);
      const { status, body } = await searchJson(scan, params);
      return { ...parseTravelExplore(body, status), searched: 1, quotaLeft: scan.left - scan.spent };
    },
  };
}
