import { lazy, Suspense, type ReactNode } from "react";
import { useRootData } from "../root-data.ts";
import { TestCardForm } from "./test-card-form.tsx";

export interface PaymentFormProps {
  clientSecret: string;
  submitLabel: string;
  /** Called once the provider confirmed the card; may throw, which re-enables the form. */
  onConfirmed: () => Promise<void>;
  /** The provider refused the card (its message) or could not be reached. */
  onFailed: (message: string) => void;
  /** Extra buttons shown beside the submit button (Cancel, ...). */
  actions?: ReactNode;
  /** Where the provider sends the browser back if card authentication leaves the page; this page by default. */
  returnUrl?: () => string;
}

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
