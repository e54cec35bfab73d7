/**
 * SearchApi's account endpoint (`GET /api/v1/me`, no search spent): `account.remaining_credits` is what is left to
 * spend (a trial key states only that: its `monthly_allowance` is 0), `current_month_usage` this month's use,
 * `monthly_allowance` the plan's searches a month; `api_usage` the hourly limit (searchapi/account-me-*.json).
 */
import { FareSourceError } from "./fare-source.ts";
import { isRecord, numberOr } from "./http-json.ts";
import { serpApiError } from "./serpapi-answers.ts";
import { SEARCHAPI_PROVIDER } from "./searchapi-answers.ts";

export interface SearchApiAccount {
  searchesLeft: number;
  /** The plan's monthly searches; null on a key with no plan (a trial's one-off credits). */
  searchesPerMonth: number | null;
  thisMonthUsage: number | null;
  hourlyRateLimit: number | null;
  searchesThisHour: number | null;
}

const whole = (value: unknown): number | null => {
  const number = numberOr(value);
  return number === null ? null : Math.max(0, Math.floor(number));
};

export function parseSearchApiAccount(body: unknown, status = 200): SearchApiAccount {
  const error = serpApiError(body);
  if (error || status !== 200) throw new FareSourceError(`${SEARCHAPI_PROVIDER} account check failed: ${error ?? `status ${status}`}`);
  const answer = body as Record<string, unknown>;
  const account = isRecord(answer.account) ? answer.account : {};
  const usage = isRecord(answer.api_usage) ? answer.api_usage : {};
  const searchesLeft = whole(account.remaining_credits);
  if (searchesLeft === null) throw new FareSourceError(`${SEARCHAPI_PROVIDER} account check failed: no account.remaining_credits`);
  return {
    searchesLeft,
    searchesPerMonth: whole(account.monthly_allowance) || null,
    thisMonthUsage: whole(account.current_month_usage),
    hourlyRateLimit: whole(usage.hourly_rate_limit),
    searchesThisHour: whole(usage.searches_this_hour),
  };
}
