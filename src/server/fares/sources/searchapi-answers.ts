/**
 * SearchApi.io (www.searchapi.io): the same Google Flights, Travel Explore and date-grid pages as SerpApi, sold
 * cheaper (provider-prices.ts). Its answers carry SerpApi's envelope: a flat `{"error": "..."}` on failure,
 * `search_metadata` and the `search_parameters` it was asked (../shared/provider-payloads/searchapi/README.md), so
 * they are checked as SerpApi's are (serpapi-answers.ts), under SearchApi's name.
 */
import { checkedAnswer } from "./serpapi-answers.ts";

export const SEARCHAPI_PROVIDER = "SearchApi";
export const SEARCHAPI_SOURCE = "searchapi";

/** The answer as a record, once it reports no error and its prices are in USD; throws FareSourceError otherwise. */
export const checkedSearchApiAnswer = (body: unknown, status = 200): Record<string, unknown> => checkedAnswer(body, status, SEARCHAPI_PROVIDER);
