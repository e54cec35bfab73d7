import { t } from "elysia";
import { badRequest } from "./errors.ts";

/** Decimal digits only: no sign, fraction, exponent, hex or spaces, which a plain number parse would let in. */
export const WHOLE_NUMBER_PATTERN = "^[0-9]{1,9}$";

/**
 * A query parameter that is a whole number from `minimum` to `maximum`, read as a number. Any other text
 * (1.5, 1e3, 0x10, -1, a 20-digit number) answers 400, as does a whole number out of range.
 */
export function wholeNumberQuery(minimum: number, maximum: number) {
  return t
    .Transform(t.String({ pattern: WHOLE_NUMBER_PATTERN }))
    .Decode((text) => {
      const value = Number(text);
      if (value < minimum || value > maximum) throw badRequest(`Invalid request: a number from ${minimum} to ${maximum} is expected`);
      return value;
    })
    .Encode((value) => String(value));
}
