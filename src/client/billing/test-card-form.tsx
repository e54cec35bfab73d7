import { useState } from "react";
import { api } from "../api.ts";
import { errorMessage } from "../error-message.ts";
import { usePendingAction } from "../components/use-pending-action.ts";
import type { PaymentFormProps } from "./payment-form-props.ts";
import { Button } from "../components/button.tsx";
import { Form } from "../components/form.tsx";

/** "MM / YY" or "MM/YYYY" → month and year; null when it can't be read. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = value.replace(/\s/g, "").match(/^(\d{1,2})\/(\d{2}|\d{4})$/);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");

/** Test billing's card form: Stripe's documented test cards, no network beyond our own server. */
export function TestCardForm({ clientSecret, submitLabel, onConfirmed, onFailed, actions }: PaymentFormProps) {
  const [pending, run] = usePendingAction();
  const [cardNumber, setCardNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");

  const submit = () => {
    const parsed = parseExpiry(expiry);
    if (!parsed) {
      onFailed("Your card's expiration date is incomplete.");
      return;
    }
    void run(async () => {
      try {
        await api.confirmTestSetup({ clientSecret, cardNumber, expMonth: parsed.month, expYear: parsed.year, cvc });
      } catch (error) {
        onFailed(errorMessage(error, "We couldn't reach the payment service. Please try again."));
        return;
      }
      await onConfirmed();
    });
  };

  return (
    <Form onSubmit={submit} className="card-form" aria-label="Card details">
      <p className="test-mode-note">
        <strong>Test mode:</strong> no real charge. Use card <code>4242 4242 4242 4242</code>, any future expiry and any CVC (each card gets one free trial: for
        another, try <code>5555 5555 5555 4444</code>).
      </p>
      <label>
        Card number
        <input
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          required
          value={cardNumber}
          onChange={(event) => setCardNumber(formatCardNumber(event.target.value))}
        />
      </label>
      <div className="grid">
        <label>
          Expiry
          <input name="expiry" autoComplete="cc-exp" placeholder="MM / YY" required value={expiry} onChange={(event) => setExpiry(event.target.value)} />
        </label>
        <label>
          CVC
          <input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required
            maxLength={4}
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, ""))}
          />
        </label>
      </div>
      <div className="dialog-actions">
        {actions}
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
