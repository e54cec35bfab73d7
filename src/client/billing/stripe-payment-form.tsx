import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { usePendingAction } from "../components/use-pending-action.ts";
import type { PaymentFormProps } from "./payment-form-props.ts";
import { CARD_NOT_CONFIRMED } from "./setup-return.ts";
import { Button } from "../components/button.tsx";
import { Form } from "../components/form.tsx";

const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  if (!stripeByKey.has(publishableKey)) stripeByKey.set(publishableKey, loadStripe(publishableKey));
  return stripeByKey.get(publishableKey)!;
};

/** Stripe's PaymentElement. A 'seti_' secret is a free-trial setup (confirmSetup); any other is a payment. */
export default function StripePaymentForm({ publishableKey, clientSecret, ...props }: PaymentFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: "stripe" } }}>
      <StripeFields clientSecret={clientSecret} {...props} />
    </Elements>
  );
}

function StripeFields({ clientSecret, submitLabel, onConfirmed, onFailed, actions, returnUrl }: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, run] = usePendingAction();

  const submit = () => {
    if (!stripe || !elements) return;
    void run(async () => {
      const confirmParams = { return_url: returnUrl?.() ?? window.location.href };
      const { error } = clientSecret.startsWith("seti_")
        ? await stripe.confirmSetup({ elements, confirmParams, redirect: "if_required" })
        : await stripe.confirmPayment({ elements, confirmParams, redirect: "if_required" });
      if (error) {
        onFailed(error.message ?? CARD_NOT_CONFIRMED);
        return;
      }
      await onConfirmed();
    });
  };

  return (
    <Form onSubmit={submit} className="card-form" aria-label="Card details">
      <PaymentElement />
      <div className="dialog-actions">
        {actions}
        <Button type="submit" disabled={!stripe || pending} aria-busy={pending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
