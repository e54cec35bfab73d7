/**
 * SerpApi's Account API (`GET /account`): what is left to spend this month. Searches left are
 * `total_searches_left`, which counts the plan's searches and any extra credits; an older or trimmed answer
 * without it counts `plan_searches_left` plus `extra_credits`. When the total is stated it wins, even where it
 * looks low: SerpApi's own free-plan example states 0 beside 100 extra credits, and a search it would refuse
 * is a search we must not plan on.
 */
import { FareSourceError } from "./fare-source.ts";
import { numberOr } from "./http-json.ts";
import { PROVIDER, serpApiError } from "./serpapi-answers.ts";

export interface SerpApiAccount {
  /** What pacing spends: the plan's searches and extra credits together. */
  searchesLeft: number;
  planSearchesLeft: number;
  extraCredits: number;
  /** The plan's monthly quota, when stated. */
  searchesPerMonth: number | null;
  thisMonthUsage: number | null;
  /** SerpApi's hourly throughput limit, when stated. */
  ratePerHour: number | null;
}

const whole = (value: unknown): number | null => {
  const number = numberOr(value);
  return number === null ? null : Math.max(0, Math.floor(number));
};

export function parseAccount(body: unknown, status = 200): SerpApiAccount {
  const error = serpApiError(body);
  if (error || status !== 200) throw new FareSourceError(`${PROVIDER} account check failed: ${error ?? `status ${status}`}`);
  const answer = body as Record<string, unknown>;
  const planSearchesLeft = whole(answer.plan_searches_left);
  const totalSearchesLeft = whole(answer.total_searches_left);
  if (planSearchesLeft === null && totalSearchesLeft === null) {
    throw new FareSourceError(`${PROVIDER} account check failed: neither total_searches_left nor plan_searches_left`);
  }
  const extraCredits = whole(answer.extra_credits) ?? 0;
  return {
    searchesLeft: totalSearchesLeft ?? (planSearchesLeft ?? 0) + extraCredits,
    planSearchesLeft: planSearchesLeft ?? 0,
    extraCredits,
    searchesPerMonth: whole(answer.searches_per_month),
    thisMonthUsage: whole(answer.this_month_usage),
    ratePerHour: whole(answer.account_rate_limit_per_hour),
  };
}
