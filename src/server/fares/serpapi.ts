/**
 * SerpApi's Google Flights engine (docs/deal-rules.md "SerpApi"): one search per route and dates, fresh prices, and
 * Google's typical range. The monthly plan quota is spent evenly over the scan schedule (quota-pacing.ts),
 * checked against the account once per scan so it is never exceeded. A plan with no searches left is a
 * failure of the scan, not an empty success. confirm() is the one fresh search a cached candidate needs
 * (cached-with-fresh-confirmation.ts); it spends the same per-scan share as search().
 */
import { findAirline } from "../../domain/airlines.ts";
import {
  FareSourceError,
  HOME_AIRPORT,
  type Cabin,
  type FareQuote,
  type FareSearch,
  type FareSource,
  type SearchRequest,
  type SearchResult,
} from "./fare-source.ts";
import { getJson, isRecord, numberOr, stringOr, type FetchFunction } from "./http-json.ts";
import { searchesThisTick, ticksLeftInMonth } from "./quota-pacing.ts";

export const SERPAPI_SOURCE = "serpapi";
const PROVIDER = "SerpApi";
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
}

const TRAVEL_CLASS: Record<Cabin, string> = { economy: "1", premium_economy: "2", business: "3", first: "4" };

function cabinOf(travelClass: unknown): Cabin | null {
  const text = stringOr(travelClass).toLowerCase();
  if (text.startsWith("premium")) return "premium_economy";
  if (text.startsWith("business")) return "business";
  if (text.startsWith("first")) return "first";
  if (text.startsWith("economy")) return "economy";
  return null;
}

const nonEmpty = (value: unknown): unknown[] | null => (Array.isArray(value) && value.length > 0 ? value : null);

/** The error SerpApi reports in a response, if any. */
export function serpApiError(body: unknown): string | null {
  if (!isRecord(body)) return "answer is not a JSON object";
  if (typeof body.error === "string" && body.error.trim() !== "") return body.error.trim();
  const metadata = body.search_metadata;
  if (isRecord(metadata) && metadata.status === "Error") return "search failed";
  return null;
}

/**
 * The cheapest option of a Google Flights answer (best_flights, else other_flights) as a quote; null when the
 * answer lists no priced flight. Throws FareSourceError when SerpApi reports an error.
 */
export function parseGoogleFlights(body: unknown, search: FareSearch): FareQuote | null {
  const error = serpApiError(body);
  if (error) throw new FareSourceError(`${PROVIDER}: ${error}`);
  const answer = body as Record<string, unknown>;
  const options = (nonEmpty(answer.best_flights) ?? nonEmpty(answer.other_flights) ?? []).filter(
    (option): option is Record<string, unknown> => isRecord(option) && numberOr(option.price) !== null && nonEmpty(option.flights) !== null,
  );
  if (options.length === 0) return null;
  const cheapest = options.reduce((best, option) => (numberOr(option.price)! < numberOr(best.price)! ? option : best));
  const flights = (cheapest.flights as unknown[]).filter(isRecord);
  const first = flights[0] ?? {};
  const airlineName = stringOr(first.airline);
  const airlineCode = stringOr(first.flight_number).trim().split(/\s+/)[0] ?? "";
  const airline = findAirline(airlineName)?.name ?? findAirline(airlineCode)?.name ?? (airlineName || airlineCode || "Unknown airline");
  const layovers = Array.isArray(cheapest.layovers) ? cheapest.layovers.length : 0;
  const parameters = isRecord(answer.search_parameters) ? answer.search_parameters : {};
  const returnDate = stringOr(parameters.return_date, search.returnDate ?? "") || null;
  const tripText = stringOr(cheapest.type).toLowerCase();
  const insights = isRecord(answer.price_insights) ? answer.price_insights : null;
  const typical = insights && Array.isArray(insights.typical_price_range) ? insights.typical_price_range : [];

  return {
    origin: stringOr(parameters.departure_id, HOME_AIRPORT).toUpperCase(),
    destination: stringOr(parameters.arrival_id, search.destination).toUpperCase(),
    tripType: tripText === "one way" ? "one_way" : tripText === "round trip" ? "round_trip" : returnDate ? "round_trip" : "one_way",
    cabin: cabinOf(first.travel_class) ?? search.cabin,
    nonstop: flights.length === 1 && layovers === 0,
    departDate: stringOr(parameters.outbound_date, search.departDate),
    returnDate,
    price: numberOr(cheapest.price)!,
    airline,
    durationMinutes: numberOr(cheapest.total_duration),
    providerTypicalLow: numberOr(typical[0]),
    providerTypicalHigh: numberOr(typical[1]),
    source: SERPAPI_SOURCE,
    cached: false,
  };
}

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

/** This scan's share of the plan's searches, and what of it is spent. */
export interface ScanAllowance {
  /** The scan it belongs to (its `now`). */
  scanAt: number;
  /** Searches left on the plan when the scan began. */
  left: number;
  share: number;
  spent: number;
}

export interface SerpApiFareSource extends FareSource {
  /** Checks the account once per scan (`now`); later calls in the same scan get the same allowance. */
  allowance(now: Date): Promise<ScanAllowance>;
  /** One fresh search of exactly this quote's route, dates and cabin, out of this scan's share. */
  confirm(quote: FareQuote, now: Date): Promise<FareQuote | null>;
}

export function createSerpApiFareSource(options: SerpApiOptions): SerpApiFareSource {
  const baseUrl = (options.baseUrl ?? "https://serpapi.com").replace(/\/+$/, "");
  const fetchFunction = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const concurrency = options.concurrency ?? 4;
  const maxPerScan = options.maxSearchesPerScan ?? 300;

  const searchesLeft = async (): Promise<number> => {
    const { status, body } = await getJson(fetchFunction, PROVIDER, `${baseUrl}/account?api_key=${encodeURIComponent(options.apiKey)}`, { timeoutMs });
    const error = serpApiError(body);
    if (error || status !== 200) throw new FareSourceError(`${PROVIDER} account check failed: ${error ?? `status ${status}`}`);
    const left = numberOr((body as Record<string, unknown>).plan_searches_left);
    if (left === null) throw new FareSourceError(`${PROVIDER} account check failed: no plan_searches_left`);
    return Math.max(0, Math.floor(left));
  };

  let current: ScanAllowance | null = null;
  const allowance = async (now: Date): Promise<ScanAllowance> => {
    if (current?.scanAt !== now.getTime()) {
      const left = await searchesLeft();
      const share = Math.min(searchesThisTick(left, ticksLeftInMonth(options.schedule, now)), maxPerScan);
      current = { scanAt: now.getTime(), left, share, spent: 0 };
    }
    return current;
  };

  const searchUrl = (search: FareSearch) => {
    const params = new URLSearchParams({
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
      api_key: options.apiKey,
    });
    if (search.returnDate) params.set("return_date", search.returnDate);
    return `${baseUrl}/search.json?${params}`;
  };

  const searchOnce = async (search: FareSearch): Promise<FareQuote | null> => {
    const { body } = await getJson(fetchFunction, PROVIDER, searchUrl(search), { timeoutMs });
    return parseGoogleFlights(body, search);
  };

  return {
    name: SERPAPI_SOURCE,
    allowance,

    async search(request: SearchRequest): Promise<SearchResult> {
      const scan = await allowance(request.now);
      // Nothing can be searched: an empty answer here would pass for a scan that found no fares.
      if (scan.left === 0) return { quotes: [], searched: 0, errors: [QUOTA_USED_UP], quotaLeft: 0 };
      const chosen = request.searches.slice(0, Math.max(0, scan.share - scan.spent));
      scan.spent += chosen.length;
      const errors: string[] = [];
      const answers = await mapWithConcurrency(chosen, concurrency, async (search) => {
        try {
          return await searchOnce(search);
        } catch (error) {
          errors.push(`${search.destination} ${search.departDate}: ${error instanceof Error ? error.message : String(error)}`);
          return null;
        }
      });
      return {
        quotes: answers.filter((quote): quote is FareQuote => quote !== null),
        searched: chosen.length,
        errors,
        quotaLeft: scan.left - scan.spent,
      };
    },

    async confirm(quote: FareQuote, now: Date): Promise<FareQuote | null> {
      const scan = await allowance(now);
      if (scan.left === 0) throw new FareSourceError(QUOTA_USED_UP);
      if (scan.spent >= scan.share) {
        throw new FareSourceError(`${PROVIDER}: this scan's share of the monthly quota is spent (${scan.left - scan.spent} searches left this month)`);
      }
      scan.spent++;
      const { destination, departDate, returnDate, cabin } = quote;
      return searchOnce({ destination, departDate, returnDate, cabin, purpose: "recheck" });
    },
  };
}
