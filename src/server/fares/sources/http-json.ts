import { FareSourceError } from "./fare-source.ts";

export type FetchFunction = (url: string, init?: RequestInit) => Promise<Response>;

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/**
 * GET a JSON document with a timeout. Network failures and non-JSON answers become FareSourceErrors whose
 * messages name the provider and never the URL, which carries the API key.
 */
export async function getJson(
  fetchFunction: FetchFunction,
  provider: string,
  url: string,
  init: { headers?: Record<string, string>; timeoutMs: number },
): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetchFunction(url, { headers: { accept: "application/json", ...init.headers }, signal: AbortSignal.timeout(init.timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new FareSourceError(timedOut ? `${provider} did not answer within ${init.timeoutMs / 1000} s` : `${provider} is unreachable`);
  }
  const text = await response.text().catch(() => "");
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new FareSourceError(`${provider} answered ${response.status} without JSON`);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
export const numberOr = (value: unknown, fallback: number | null = null): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;
export const stringOr = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
