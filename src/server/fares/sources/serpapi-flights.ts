/**
 * Reading one answer of SerpApi's Google Flights engine (docs/deal-rules.md "SerpApi") as the quote for the search that
 * asked it. The search, not the answer, says what was asked: an answer may come without `search_parameters`
 * (trimmed), so origin, destination and dates are the request's, and an answer whose flights go elsewhere, or
 * that is a follow-up (a departure_token answer lists the return flights, a booking_token answer has no flight
 * list), is refused rather than misread.
 */
import { findAirline } from "../../../domain/airlines.ts";
import { DAY_MS } from "../../../domain/calendar.ts";
import { FareSourceError, HOME_AIRPORT, type Cabin, type FareQuote, type FareSearch, type ProviderPricePoint } from "./fare-source.ts";
import { isRecord, numberOr, stringOr } from "./http-json.ts";
import { checkedAnswer, PROVIDER } from "./serpapi-answers.ts";

export const SERPAPI_SOURCE = "serpapi";

function cabinOf(travelClass: unknown): Cabin | null {
  const text = stringOr(travelClass).toLowerCase();
  if (text.startsWith("premium")) return "premium_economy";
  if (text.startsWith("business")) return "business";
  if (text.startsWith("first")) return "first";
  if (text.startsWith("economy")) return "economy";
  return null;
}

const nonEmpty = (value: unknown): unknown[] | null => (Array.isArray(value) && value.length > 0 ? value : null);

const airportOf = (place: unknown): string => (isRecord(place) ? stringOr(place.id).toUpperCase() : "");

/** Throws when the answer is a follow-up to a first search, which GoRDU never asks for. */
function refuseFollowUp(answer: Record<string, unknown>, provider: string): void {
  const parameters = isRecord(answer.search_parameters) ? answer.search_parameters : {};
  if (parameters.departure_token)
    throw new FareSourceError(`${provider}: a follow-up answer (departure_token) lists return flights, which GoRDU never asks for`);
  if (parameters.booking_token || answer.booking_options !== undefined || answer.selected_flights !== undefined) {
    throw new FareSourceError(`${provider}: a follow-up answer (booking_token) lists booking options, not flights`);
  }
}

/** Throws when the answer's own search_parameters name another route or other dates than the search. */
function refuseOtherSearch(answer: Record<string, unknown>, search: FareSearch, origins: readonly string[], provider: string): void {
  if (!isRecord(answer.search_parameters)) return;
  const asked: Record<string, string | null> = {
    departure_id: origins.join(","),
    arrival_id: search.destination,
    outbound_date: search.departDate,
    return_date: search.returnDate,
  };
  for (const [name, expected] of Object.entries(asked)) {
    const stated = answer.search_parameters[name];
    if (typeof stated === "string" && stated !== "" && stated.toUpperCase() !== (expected ?? "").toUpperCase()) {
      throw new FareSourceError(`${provider}: the answer is for ${name} ${stated.slice(0, 40)}, not ${expected ?? "none"}`);
    }
  }
}

/**
 * Google's daily prices for this search. Each point is stamped at midnight at the origin (05:00 UTC from New York,
 * 16:00 UTC the day before from Singapore), so its day is the UTC date whose midnight is nearest.
 */
function priceHistoryOf(insights: Record<string, unknown> | null): ProviderPricePoint[] | null {
  if (!insights || !Array.isArray(insights.price_history)) return null;
  const points: ProviderPricePoint[] = [];
  for (const point of insights.price_history) {
    const seconds = Array.isArray(point) ? numberOr(point[0]) : null;
    const price = Array.isArray(point) ? numberOr(point[1]) : null;
    const day = seconds === null ? null : new Date(Math.round((seconds * 1000) / DAY_MS) * DAY_MS);
    // A stamp past the year 9999 has no YYYY-MM-DD day.
    if (!day || Number.isNaN(day.getTime()) || day.getUTCFullYear() > 9999 || price === null) continue;
    points.push({ day: day.toISOString().slice(0, 10), price });
  }
  return points.length > 0 ? points : null;
}

/**
 * The cheapest option of a Google Flights answer (best_flights, else other_flights) that flies from the origin to
 * the search's destination, as a quote; null when the answer lists no priced flight. `origin` is the departure_id
 * that was sent (RDU; SerpApi also takes a comma-separated list). Throws FareSourceError when SerpApi reports an
 * error, prices are not in USD, the answer is a follow-up, or its flights answer another question.
 */
export function parseGoogleFlights(body: unknown, search: FareSearch, origin = HOME_AIRPORT, status = 200): FareQuote | null {
  return readGoogleFlights(body, search, { provider: PROVIDER, source: SERPAPI_SOURCE, origin, status });
}

export interface GoogleFlightsReading {
  /** The provider's name, as its errors begin. */
  provider: string;
  /** The quote's source. */
  source: string;
  origin: string;
  status: number;
}

/** Google's typical range: SerpApi's `[low, high]`, or SearchApi's `{low_price, high_price}`. */
function typicalRangeOf(insights: Record<string, unknown> | null): [number | null, number | null] {
  const range = insights?.typical_price_range;
  if (Array.isArray(range)) return [numberOr(range[0]), numberOr(range[1])];
  if (isRecord(range)) return [numberOr(range.low_price), numberOr(range.high_price)];
  return [null, null];
}

/** parseGoogleFlights for any provider of Google's Flights page. */
export function readGoogleFlights(body: unknown, search: FareSearch, { provider, source, origin, status }: GoogleFlightsReading): FareQuote | null {
  const answer = checkedAnswer(body, status, provider);
  refuseFollowUp(answer, provider);
  const origins = origin.toUpperCase().split(",");
  refuseOtherSearch(answer, search, origins, provider);

  const priced = (nonEmpty(answer.best_flights) ?? nonEmpty(answer.other_flights) ?? []).filter(
    (option): option is Record<string, unknown> => isRecord(option) && numberOr(option.price) !== null && nonEmpty(option.flights) !== null,
  );
  const legsOf = (option: Record<string, unknown>) => (option.flights as unknown[]).filter(isRecord);
  const fliesTheRoute = (option: Record<string, unknown>) => {
    const legs = legsOf(option);
    return origins.includes(airportOf(legs[0]?.departure_airport)) && airportOf(legs.at(-1)?.arrival_airport) === search.destination.toUpperCase();
  };
  const options = priced.filter(fliesTheRoute);
  if (options.length === 0 && priced.length > 0) {
    const legs = legsOf(priced[0]!);
    const route = `${airportOf(legs[0]?.departure_airport).slice(0, 10)}→${airportOf(legs.at(-1)?.arrival_airport).slice(0, 10)}`;
    throw new FareSourceError(`${provider}: the flights listed go ${route}, not ${origins.join("/")}→${search.destination}`);
  }
  if (options.length === 0) return null;

  const cheapest = options.reduce((best, option) => (numberOr(option.price)! < numberOr(best.price)! ? option : best));
  const flights = legsOf(cheapest);
  const first = flights[0]!;
  const airlineName = stringOr(first.airline);
  const airlineCode = stringOr(first.flight_number).trim().split(/\s+/)[0] ?? "";
  const airline = findAirline(airlineName)?.name ?? findAirline(airlineCode)?.name ?? (airlineName || airlineCode || "Unknown airline");
  const layovers = Array.isArray(cheapest.layovers) ? cheapest.layovers.length : 0;
  const tripText = stringOr(cheapest.type).toLowerCase();
  const insights = isRecord(answer.price_insights) ? answer.price_insights : null;
  const [typicalLow, typicalHigh] = typicalRangeOf(insights);

  return {
    origin: airportOf(first.departure_airport),
    destination: search.destination.toUpperCase(),
    tripType: tripText === "one way" ? "one_way" : tripText === "round trip" ? "round_trip" : search.returnDate ? "round_trip" : "one_way",
    cabin: cabinOf(first.travel_class) ?? search.cabin,
    nonstop: flights.length === 1 && layovers === 0,
    departDate: search.departDate,
    returnDate: search.returnDate,
    price: numberOr(cheapest.price)!,
    airline,
    durationMinutes: numberOr(cheapest.total_duration),
    providerTypicalLow: typicalLow,
    providerTypicalHigh: typicalHigh,
    providerPriceHistory: priceHistoryOf(insights),
    source,
    cached: false,
  };
}
