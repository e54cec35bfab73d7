// client/billing/: the card forms (Stripe's PaymentElement or the built-in test card form) and the return from card checks.
// Imports client and domain code only.
import { useRootData } from "../root-data.ts";

/** Where subscriptions live, for admin texts: "at Stripe", or "in test billing" when Stripe is not configured. */
export function useBillingPlace(): string {
  return useRootData().config.billing.mode === "stripe" ? "at Stripe" : "in test billing";
}
