/**
 * Travelpayouts (Aviasales) Data API (docs/deal-rules.md "Travelpayouts"): the cheapest cached ticket per destination
 * for a departure month, one call per month. City codes (NYC, LON, PAR, YTO, YMQ) are mapped through
 * destination_airport. Prices come from a 2–7 day cache of other people's searches, so every quote is marked
 * cached. Asking the same cache again proves nothing, so this source offers no confirm(): its prices find
 * cheap dates and build typical ranges, and a candidate becomes a deal only through one fresh search from
 * another source (cached-with-fresh-confirmation.ts, with SerpApi). Re-checks of live deals ask for their
 * exact dates, and those answers are cached too.
 */
import { findAirline } from "../../../domain/airlines.ts";
import { FareSourceError, HOME_AIRPORT, type FareQuote, type FareSearch, type FareSource, type SearchRequest, type SearchResult } from "./fare-source.ts";
import { getJson, isRecord, numberOr, stringOr, type FetchFunction } from "./http-json.ts";
import { messageOf } from "../../../domain/error-text.ts";

export const TRAVELPAYOUTS_SOURCE = "travelpayouts";
const PROVIDER = "Travelpayouts";

export interface TravelpayoutsOptions {
  token: string;
  baseUrl?: string;
  fetch?: FetchFunction;
  timeoutMs?: number;
}

/** The tickets of a prices_for_dates answer whose airport is one we watch, cheapest per destination and dates. */
export function parsePricesForDates(body: unknown, watched: ReadonlySet<string>): FareQuote[] {
  if (!isRecord(body)) throw new FareSourceError(`${PROVIDER}: answer is not a JSON object`);
  if (body.success === false || (typeof body.error === "string" && body.error !== "")) {
    throw new FareSourceError(`${PROVIDER}: ${stringOr(body.error) || "request failed"}`);
  }
  // The API's default currency is roubles: an answer that does not say USD is not read as dollars.
  if (typeof body.currency !== "string") throw new FareSourceError(`${PROVIDER}: the answer does not say its currency`);
  if (body.currency.toLowerCase() !== "usd") throw new FareSourceError(`${PROVIDER}: prices came in ${body.currency}, not USD`);
  if (!Array.isArray(body.data)) throw new FareSourceError(`${PROVIDER}: data is not a list of tickets`);
  const cheapest = new Map<string, FareQuote>();
  for (const item of body.data) {
    if (!isRecord(item)) continue;
    const destination = (stringOr(item.destination_airport) || stringOr(item.destination)).toUpperCase();
    const price = numberOr(item.price);
    const departDate = stringOr(item.departure_at).slice(0, 10);
    if (!watched.has(destination) || price === null || !/^\d{4}-\d{2}-\d{2}$/.test(departDate)) continue;
    const returnDate = stringOr(item.return_at).slice(0, 10) || null;
    const airlineCode = stringOr(item.airline);
    const quote: FareQuote = {
      origin: (stringOr(item.origin_airport) || HOME_AIRPORT).toUpperCase(),
      destination,
      tripType: returnDate ? "round_trip" : "one_way",
      cabin: "economy",
      nonstop: item.transfers === 0 && (returnDate === null || item.return_transfers === 0),
      departDate,
      returnDate,
      price,
      airline: findAirline(airlineCode)?.name ?? (airlineCode || "Unknown airline"),
      durationMinutes: numberOr(item.duration_to) ?? numberOr(item.duration),
      providerTypicalLow: null,
      providerTypicalHigh: null,
      source: TRAVELPAYOUTS_SOURCE,
      cached: true,
    };
    const key = `${destination}|${departDate}|${returnDate ?? ""}`;
    const current = cheapest.get(key);
    if (!current || quote.price < current.price) cheapest.set(key, quote);
  }
  return [...cheapest.values()];
}

export function createTravelpayoutsFareSource(options: TravelpayoutsOptions): FareSource {
  const baseUrl = (options.baseUrl ?? "https://api.travelpayouts.com").replace(/\/+$/, "");
  const fetchFunction = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 20_000;

  const pricesForDates = async (params: Record<string, string>, watched: ReadonlySet<string>): Promise<FareQuote[]> => {
    const query = new URLSearchParams({ origin: HOME_AIRPORT, ...params, sorting: "price", currency: "usd", market: "us" });
    const { status, body } = await getJson(fetchFunction, PROVIDER, `${baseUrl}/aviasales/v3/prices_for_dates?${query}`, {
      headers: { "X-Access-Token": options.token },
      timeoutMs,
    });
    if (status === 429) throw new FareSourceError(`${PROVIDER}: rate limit reached (429)`);
    if (status !== 200 && isRecord(body) && body.success !== false) throw new FareSourceError(`${PROVIDER}: status ${status}`);
    return parsePricesForDates(body, watched);
  };

  const exactDates = async (search: Pick<FareSearch, "destination" | "departDate" | "returnDate">): Promise<FareQuote | null> => {
    const params: Record<string, string> = { destination: search.destination, departure_at: search.departDate, limit: "5" };
    if (search.returnDate) params.return_at = search.returnDate;
    params.one_way = search.returnDate ? "false" : "true";
    const quotes = await pricesForDates(params, new Set([search.destination]));
    const matching = quotes.filter((q) => q.departDate === search.departDate && q.returnDate === search.returnDate);
    return matching.sort((a, b) => a.price - b.price)[0] ?? null;
  };

  return {
    name: TRAVELPAYOUTS_SOURCE,

    async search(request: SearchRequest): Promise<SearchResult> {
      const watched = new Set(request.searches.map((s) => s.destination));
      const months = [...new Set(request.searches.filter((s) => s.purpose === "discover").map((s) => s.departDate.slice(0, 7)))].sort();
      const rechecks = request.searches.filter((s) => s.purpose === "recheck");
      const quotes: FareQuote[] = [];
      const errors: string[] = [];
      let searched = 0;
      for (const month of months) {
        searched++;
        try {
          quotes.push(...(await pricesForDates({ departure_at: month, unique: "true", one_way: "false", limit: "1000" }, watched)));
        } catch (error) {
          errors.push(`${month}: ${messageOf(error)}`);
        }
      }
      for (const search of rechecks) {
        searched++;
        try {
          const quote = await exactDates(search);
          if (quote) quotes.push(quote);
        } catch (error) {
          errors.push(`${search.destination} ${search.departDate}: ${messageOf(error)}`);
        }
      }
      if (quotes.length === 0 && errors.length > 0 && errors.length === searched) throw new FareSourceError(errors[0]!);
      return { quotes, searched, errors, quotaLeft: null };
    },
  };
}
