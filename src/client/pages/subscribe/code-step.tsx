import { useState } from "react";
import type { PlanType } from "../../../domain/api/common.ts";
import { formatPlanPrice, PLANS } from "../../../domain/plans.ts";
import { api } from "../../api.ts";
import { Button } from "../../components/button.tsx";
import { Form } from "../../components/form.tsx";
import { useToast } from "../../components/toast.tsx";
import { usePendingAction } from "../../components/use-pending-action.ts";
import { errorMessage } from "../../error-message.ts";
import { type Details, sendCode } from "./send-code.ts";

/**
 * Step 2: the code emailed in step 1 (decision 097). Every address gets this step, with an account or not; a member
 * is emailed how to sign in instead of a code. With the code, the card step starts, told whether a free trial applies.
 */
export function CodeStep({
  planType,
  details,
  onBack,
  onReady,
}: {
  planType: PlanType;
  details: Details;
  onBack: () => void;
  onReady: (clientSecret: string, freeTrial: boolean) => void;
}) {
  const toast = useToast();
  const [code, setCode] = useState("");
  /** Hosted checkout for an address that had its trial: the page says it is paid today before going to Stripe. */
  const [paidCheckoutUrl, setPaidCheckoutUrl] = useState<string | null>(null);
  const [pending, run] = usePendingAction();
  const email = details.email.trim();

  const submit = () => {
    void run(async () => {
      try {
        const answer = await api.createSubscription(code);
        if ("sessionUrl" in answer) {
          if (answer.freeTrial) window.location.href = answer.sessionUrl;
          else setPaidCheckoutUrl(answer.sessionUrl);
        } else {
          onReady(answer.clientSecret, answer.freeTrial);
        }
      } catch (error) {
        toast({ title: "Code Not Accepted", description: errorMessage(error, "We couldn't check your code. Please try again."), variant: "destructive" });
      }
    });
  };

  const resend = () =>
    void run(async () => {
      try {
        await sendCode(details, planType);
        setCode("");
        toast({ title: "New Code Sent", description: `We've emailed a new code to ${email}. Earlier codes no longer work.` });
      } catch (error) {
        toast({ title: "Code Not Sent", description: errorMessage(error, "We couldn't send a new code. Please try again."), variant: "destructive" });
      }
    });

  if (paidCheckoutUrl) {
    return (
      <article aria-labelledby="paid-checkout-title">
        <h2 id="paid-checkout-title">No free trial for this address</h2>
        <p>
          {email} has already had a GoRDU free trial, so your membership starts today: {formatPlanPrice(PLANS[planType])}, charged on the next page.
        </p>
        <a href={paidCheckoutUrl} role="button">
          Continue to Payment
        </a>
      </article>
    );
  }

  return (
    <article>
      <header>
        <p className="step">Step 2 of 3</p>
        <h2>Check your email</h2>
        <p className="muted">
          We've sent a 6-digit code to <strong>{email}</strong>. If you already have an account with this address, the email tells you how to sign in instead.{" "}
          <Button type="button" className="link-button" onClick={onBack}>
            Change email
          </Button>
        </p>
      </header>
      <Form onSubmit={submit} noValidate>
        <label>
          Code
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={20}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </label>
        <Button type="submit" disabled={pending || !code.trim()} aria-busy={pending}>
          Continue to Payment
        </Button>
        <Button type="button" className="secondary" disabled={pending} onClick={resend}>
          Send a new code
        </Button>
      </Form>
    </article>
  );
}
