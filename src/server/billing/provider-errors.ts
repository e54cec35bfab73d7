import { badRequest, HttpError, serviceUnavailable } from "../http/errors.ts";
import { CardDeclinedError, UnknownBillingObjectError } from "./billing.ts";
import { log } from "../log.ts";

export const PROVIDER_UNAVAILABLE = "Our payment provider is not responding right now. Nothing was charged; please try again in a few minutes.";

export const UNKNOWN_PAYMENT_RECORD = "We could not find that payment record. Please start again.";

/**
 * Calls the payment provider, turning its failures into answers a person can act on. An object the provider never
 * made (an id the client sent) is the client's error: 400 with `unknownObject`, and nothing to log.
 */
export async function withProvider<T>(work: () => Promise<T>, unknownObject = UNKNOWN_PAYMENT_RECORD): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof CardDeclinedError) throw new HttpError(402, error.message);
    if (error instanceof UnknownBillingObjectError) throw badRequest(unknownObject);
    log.error("[billing] the payment provider failed", { error });
    throw serviceUnavailable(PROVIDER_UNAVAILABLE);
  }
}
