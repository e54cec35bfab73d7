/**
 * What every SerpApi answer is checked for before it is read: an error SerpApi reports, and the currency its
 * prices are in. GoRDU asks for USD; an answer in any other currency is refused, never read as dollars. SearchApi's
 * answers carry the same `error`, `search_metadata` and `search_parameters` (searchapi-answers.ts names it).
 */
import { FareSourceError } from "./fare-source.ts";
import { isRecord, stringOr } from "./http-json.ts";

export const PROVIDER = "SerpApi";

/** The error SerpApi reports in a response, if any. */
export function serpApiError(body: unknown): string | null {
  if (!isRecord(body)) return "answer is not a JSON object";
  if (typeof body.error === "string" && body.error.trim() !== "") return body.error.trim();
  const metadata = body.search_metadata;
  if (isRecord(metadata) && metadata.status === "Error") return "search failed";
  return null;
}

/**
 * The currency an answer says its prices are in: `search_parameters.currency`, else the `curr` of the Google URL
 * in `search_metadata`; null when it says neither (a trimmed answer), which is read as the USD that was asked for.
 */
function currencyOf(answer: Record<string, unknown>): string | null {
  const parameters = isRecord(answer.search_parameters) ? answer.search_parameters : {};
  const stated = stringOr(parameters.currency);
  if (stated) return stated.toUpperCase();
  const metadata = isRecord(answer.search_metadata) ? answer.search_metadata : {};
  for (const key of ["google_flights_url", "google_travel_explore_url", "request_url"]) {
    const url = stringOr(metadata[key]);
    const curr = url ? URL.parse(url)?.searchParams.get("curr") : null;
    if (curr) return curr.toUpperCase();
  }
  return null;
}

/**
 * The answer as a record, once it reports no error and its prices are in USD; throws FareSourceError otherwise,
 * its message beginning with the provider's name.
 */
export function checkedAnswer(body: unknown, status = 200, provider = PROVIDER): Record<string, unknown> {
  const error = serpApiError(body);
  if (error) throw new FareSourceError(`${provider}: ${error}${status !== 200 ? ` (${status})` : ""}`);
  if (status !== 200) throw new FareSourceError(`${provider}: status ${status}`);
  const answer = body as Record<string, unknown>;
  const currency = currencyOf(answer);
  if (currency !== null && currency !== "USD") throw new FareSourceError(`${provider}: prices came in ${currency}, not USD`);
  return answer;
}
