import { Elysia } from "elysia";
import { ConfirmTestSetupRequest, ConfirmTestSetupResult } from "../../domain/api/billing.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { clientIp } from "../http/client-ip.ts";
import { HttpError } from "../http/errors.ts";
import { TOO_MANY_CARD_ATTEMPTS, TOO_MANY_CARDS_FOR_SIGNUP, type SignupLimits } from "./signup-limits.ts";
import type { TestBilling } from "./test-billing.ts";

/**
 * What Stripe.js does in the browser, for the built-in test billing only; absent when Stripe is configured.
 * Each card tried counts against the address and against the signup (its SetupIntent) before it is checked.
 */
export function testBillingRoutes(deps: BillingDeps, billing: TestBilling, limits: SignupLimits) {
  return new Elysia().post(
    "/api/test-billing/confirm-setup",
    ({ body, request, server }) => {
      const now = deps.clock.now();
      limits.cardAttemptsByIp.attempt(clientIp(request, server, deps.config.trustProxy), now, TOO_MANY_CARD_ATTEMPTS);
      limits.cardAttemptsBySignup.attempt(body.clientSecret.split("_secret_")[0] ?? "", now, TOO_MANY_CARDS_FOR_SIGNUP);
      const outcome = billing.confirmSetup(body.clientSecret, body);
      if ("declined" in outcome) throw new HttpError(402, outcome.declined);
      return outcome;
    },
    { body: ConfirmTestSetupRequest, response: ConfirmTestSetupResult },
  );
}
