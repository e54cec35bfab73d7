import { lazy, Suspense } from "react";
import { useRootData } from "../root-data.ts";
import type { PaymentFormProps } from "./payment-form-props.ts";
import { TestCardForm } from "./test-card-form.tsx";

/** Stripe.js and its React bindings load only when a Stripe form is shown, never on the landing page. */
const StripePaymentForm = lazy(() => import("./stripe-payment-form.tsx"));

/** The card form: Stripe's PaymentElement when Stripe is configured, the built-in test card form otherwise. */
export function PaymentForm(props: PaymentFormProps) {
  const { billing } = useRootData().config;
  if (billing.mode === "stripe" && billing.publishableKey) {
    return (
      <Suspense fallback={<p aria-busy="true">Loading the secure payment form…</p>}>
        <StripePaymentForm publishableKey={billing.publishableKey} {...props} />
      </Suspense>
    );
  }
  return <TestCardForm {...props} />;
}
