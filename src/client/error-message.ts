import { ApiError } from "./api.ts";

/** What a toast says about a failed call: the server's own words when it gave some, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage && error.status < 500) return error.serverMessage;
  if (error instanceof ApiError && error.status === 503 && error.serverMessage) return error.serverMessage;
  return fallback;
}
