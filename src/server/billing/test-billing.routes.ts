import { Elysia, t } from "elysia";
import { HttpError } from "../http/errors.ts";
import type { TestBilling } from "./test-billing.ts";

const ConfirmSetupBody = t.Object(
  {
    clientSecret: t.String({ minLength: 1, maxLength: 300 }),
    cardNumber: t.String({ maxLength: 40 }),
    expMonth: t.Integer(),
    expYear: t.Integer(),
    cvc: t.String({ maxLength: 8 }),
  },
  { additionalProperties: false },
);

/** What Stripe.js does in the browser, for the built-in test billing only; absent when Stripe is configured. */
export function testBillingRoutes(billing: TestBilling) {
  return new Elysia().post(
    "/api/test-billing/confirm-setup",
    ({ body }) => {
      const outcome = billing.confirmSetup(body.clientSecret, body);
      if ("declined" in outcome) throw new HttpError(402, outcome.declined);
      return outcome;
    },
    { body: ConfirmSetupBody },
  );
}
