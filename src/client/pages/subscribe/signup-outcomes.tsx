/** How a signup can end other than on the dashboard: a paid plan offered instead of a trial, or signed out after paying. */
import { Link } from "react-router";
import type { PlanType } from "../../../domain/api/common.ts";
import { formatPlanPrice, PLANS } from "../../../domain/plans.ts";
import { Button } from "../../components/button.tsx";
import { usePendingAction } from "../../components/use-pending-action.ts";

/** This card or address already had its free trial: nothing was charged; joining now is paid today with the card just entered. */
export function PaidPlanOffer({ planType, message, onJoin }: { planType: PlanType; message: string; onJoin: () => Promise<boolean> }) {
  const [pending, run] = usePendingAction();
  return (
    <article aria-labelledby="paid-plan-title">
      <h2 id="paid-plan-title">No free trial this time</h2>
      <p>{message}</p>
      <p>
        You can join on the {PLANS[planType].name.toLowerCase()} plan now: {formatPlanPrice(PLANS[planType])}, charged today to the card you entered.
      </p>
      <div className="grid">
        <Button type="button" disabled={pending} aria-busy={pending} onClick={() => void run(async () => void (await onJoin()))}>
          Join now: {formatPlanPrice(PLANS[planType])}
        </Button>
        <Link to="/" role="button" className="secondary">
          Not now
        </Link>
      </div>
    </article>
  );
}

export function CheckYourEmail({ email }: { email: string }) {
  return (
    <article aria-labelledby="check-email-title">
      <h2 id="check-email-title">Check your email</h2>
      <p>
        Your free trial has started, but we couldn't sign you in automatically in this browser. We've just emailed <strong>{email}</strong> a fresh link to set
        your password (it replaces the one in your welcome email). Open it, choose a password, and you're in.
      </p>
      <Link to="/login" role="button" className="secondary">
        I've set my password: log in
      </Link>
    </article>
  );
}
