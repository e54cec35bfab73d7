import { HttpError, serviceUnavailable } from "../http/errors.ts";
import { CardDeclinedError } from "./billing.ts";
import { log } from "../log.ts";

export const PROVIDER_UNAVAILABLE = "Our payment provider is not responding right now. Nothing was charged; please try again in a few minutes.";

/** Calls the payment provider, turning its failures into answers a person can act on. */
export async function withProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof CardDeclinedError) throw new HttpError(402, error.message);
    log.error("[billing] the payment provider failed", { error });
    throw serviceUnavailable(PROVIDER_UNAVAILABLE);
  }
}
