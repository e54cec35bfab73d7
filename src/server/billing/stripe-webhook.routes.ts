import { Elysia } from "elysia";
import { WebhookReceived } from "../../domain/api/billing.ts";
import type Stripe from "stripe";
import type { BillingDeps } from "./billing-deps.ts";
import { rawBodyOf } from "../http/body-parsing.ts";
import { badRequest } from "../http/errors.ts";
import { KeyedLock } from "./keyed-lock.ts";
import type { Billing } from "./billing.ts";
import type { StripeBilling } from "./stripe-billing.ts";
import { handleStripeEvent } from "./stripe-webhook.service.ts";

export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

/** By its mode: the class itself is loaded only when Stripe is configured. */
export function isStripeBilling(billing: Billing): billing is StripeBilling {
  return billing.mode === "stripe";
}

/** Stripe's webhook: the raw body's signature authenticates it, which is why it alone skips the CSRF check. */
export function stripeWebhookRoutes(deps: BillingDeps, billing: StripeBilling) {
  const lock = new KeyedLock();
  return new Elysia().post(
    STRIPE_WEBHOOK_PATH,
    async ({ request, body }) => {
      let event: Stripe.Event;
      try {
        if (body === undefined) throw new Error("empty body");
        event = await billing.verifyWebhook(rawBodyOf(request), request.headers.get("stripe-signature"));
      } catch {
        throw badRequest("Invalid webhook signature");
      }
      const outcome = await handleStripeEvent(deps, lock, event);
      return { received: true as const, duplicate: outcome === "duplicate" };
    },
    { response: WebhookReceived },
  );
}
