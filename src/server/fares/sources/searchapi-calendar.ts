/**
 * SearchApi's date grid (`engine=google_flights_calendar`): one search prices every outbound × return pair of two
 * date ranges, at most 200 pairs a call (as third parties who hit the limit state; README of
 * ../shared/provider-payloads/searchapi). A row is only `departure`, `return` and `price` (the total for the party,
 * in the currency asked): no airline, no stops, no airport. So a cell is a candidate for a fresh Google Flights
 * search, never a quote; a cell with `has_no_flights`, or a price of 0 (what such cells sometimes carry), has no fare.
 */
import { daysBetween } from "../../../domain/calendar.ts";
import { FareSourceError, HOME_AIRPORT } from "./fare-source.ts";
import { isRecord, numberOr, stringOr } from "./http-json.ts";
import { checkedSearchApiAnswer, SEARCHAPI_PROVIDER } from "./searchapi-answers.ts";

export const MAX_GRID_CELLS = 200;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface DateGridRequest {
  destination: string;
  /** YYYY-MM-DD, inclusive. */
  departFrom: string;
  departTo: string;
  returnFrom: string;
  returnTo: string;
  nonstopOnly: boolean;
}

export interface DateGridCell {
  departDate: string;
  returnDate: string;
  /** USD, round-trip total. */
  price: number;
  lowest: boolean;
}

export interface DateGrid {
  destination: string;
  cells: DateGridCell[];
  /** Rows in the answer. */
  rawRows: number;
  /** Rows with no fare (has_no_flights or price 0) or unreadable. */
  skipped: number;
}

/** How many cells a grid request asks for. */
export function gridCells(request: DateGridRequest): number {
  return (daysBetween(request.departFrom, request.departTo) + 1) * (daysBetween(request.returnFrom, request.returnTo) + 1);
}

/** The query of one grid search (without the key); a grid of more than 200 cells is refused before it is sent. */
export function dateGridParams(request: DateGridRequest, origin = HOME_AIRPORT): Record<string, string> {
  for (const date of [request.departFrom, request.departTo, request.returnFrom, request.returnTo]) {
    if (!ISO_DATE.test(date)) throw new FareSourceError(`${SEARCHAPI_PROVIDER}: '${date}' is not a YYYY-MM-DD date`);
  }
  const cells = gridCells(request);
  if (cells < 1 || cells > MAX_GRID_CELLS) {
    throw new FareSourceError(`${SEARCHAPI_PROVIDER}: a date grid holds 1 to ${MAX_GRID_CELLS} cells, this one ${cells}`);
  }
  return {
    engine: "google_flights_calendar",
    flight_type: "round_trip",
    departure_id: origin,
    arrival_id: request.destination,
    outbound_date: request.departFrom,
    return_date: request.returnFrom,
    outbound_date_start: request.departFrom,
    outbound_date_end: request.departTo,
    return_date_start: request.returnFrom,
    return_date_end: request.returnTo,
    stops: request.nonstopOnly ? "nonstop" : "any",
    currency: "USD",
    gl: "us",
  };
}

/**
 * The priced cells of a grid answer. Throws FareSourceError on an error (including Google's "didn't return any
 * results", which SearchApi sends with status 200), prices not in USD, or an answer with no `calendar` list.
 */
export function parseDateGrid(body: unknown, destination: string, status = 200): DateGrid {
  const answer = checkedSearchApiAnswer(body, status);
  if (!Array.isArray(answer.calendar)) throw new FareSourceError(`${SEARCHAPI_PROVIDER}: the date grid answer has no calendar list`);
  const cells: DateGridCell[] = [];
  for (const row of answer.calendar) {
    const departDate = isRecord(row) ? stringOr(row.departure) : "";
    const returnDate = isRecord(row) ? stringOr(row.return) : "";
    const price = isRecord(row) ? numberOr(row.price) : null;
    if (!isRecord(row) || row.has_no_flights === true || price === null || price <= 0) continue;
    if (!ISO_DATE.test(departDate) || !ISO_DATE.test(returnDate)) continue;
    cells.push({ departDate, returnDate, price, lowest: row.is_lowest_price === true });
  }
  return { destination: destination.toUpperCase(), cells, rawRows: answer.calendar.length, skipped: answer.calendar.length - cells.length };
}
