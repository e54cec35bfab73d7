import { addDays, format } from "date-fns";
import type { PlanType } from "../../../domain/api/common.ts";
import { formatPlanPrice, PLANS, TRIAL_DAYS } from "../../../domain/plans.ts";
import { PaymentForm } from "../../billing/payment-form.tsx";
import { setupReturnUrl } from "../../billing/setup-return.ts";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";
import type { FinishSignup } from "./use-finish-signup.ts";

interface PaymentStepProps {
  planType: PlanType;
  email: string;
  clientSecret: string;
  /** False when this address had its trial: joining is paid today, which this step says before the card. */
  freeTrial: boolean;
  onBack: () => void;
  finishSignup: FinishSignup;
}

/** Step 3: the card. */
export function PaymentStep({ planType, email, clientSecret, freeTrial, onBack, finishSignup }: PaymentStepProps) {
  const toast = useToast();
  const plan = PLANS[planType];
  const firstCharge = format(addDays(new Date(), TRIAL_DAYS), "MMMM d, yyyy");
  const paidPlan = !freeTrial;

  return (
    <article>
      <header>
        <p className="step">Step 3 of 3</p>
        <h2>Payment</h2>
        <p className="muted">
          Signing up as <strong>{email}</strong>.{" "}
          <Button type="button" className="link-button" onClick={onBack}>
            Change
          </Button>
        </p>
      </header>
      {freeTrial ? (
        <p>
          Nothing is charged today. After your free trial, {formatPlanPrice(plan)} from {firstCharge} unless you cancel before then.
        </p>
      ) : (
        <p>
          This email address has already had a GoRDU free trial, so your membership starts today: {formatPlanPrice(plan)} is charged when you confirm your card.
        </p>
      )}
      <PaymentForm
        clientSecret={clientSecret}
        submitLabel={freeTrial ? "Start 7-Day Free Trial" : `Join now: ${formatPlanPrice(plan)}`}
        onConfirmed={async () => {
          await finishSignup(email, paidPlan);
        }}
        returnUrl={() => setupReturnUrl(window.location.href, email, paidPlan)}
        onFailed={(message) => toast({ title: "Payment Failed", description: message, variant: "destructive" })}
      />
    </article>
  );
}
