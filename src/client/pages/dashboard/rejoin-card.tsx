import { format } from "date-fns";
import { useEffect, useId, useState } from "react";
import type { SubscriptionInfo } from "../../../domain/api/billing.ts";
import type { PlanType } from "../../../domain/api/common.ts";
import { formatPlanPrice, PLAN_LIST, PLANS, TRIAL_DAYS } from "../../../domain/plans.ts";
import { api } from "../../api.ts";
import { PaymentForm } from "../../billing/payment-form.tsx";
import { useToast } from "../../components/toast.tsx";
import { errorMessage } from "../../error-message.ts";
import { usePendingAction } from "../../components/use-pending-action.ts";
import { Button } from "../../components/button.tsx";

interface RejoinCardProps {
  subscription: SubscriptionInfo;
  /** The plan to start from, e.g. /subscribe?plan=annual; the member's last plan otherwise. */
  initialPlan?: PlanType;
  /** After the server answered: refresh the dashboard, or go to it. */
  onRejoined: () => Promise<void>;
}

const day = (iso: string | null) => (iso ? format(new Date(iso), "MMMM d, yyyy") : null);
const cardName = (card: SubscriptionInfo["card"]) => (card ? `${card.brand.toUpperCase()} •••• ${card.last4}` : null);

/**
 * 'Rejoin GoRDU' for a member whose subscription was cancelled, ended or paused (the server's `rejoin` says
 * which way). Shown on the dashboard and on /subscribe for a signed-in former member.
 */
export function RejoinCard({ subscription, initialPlan, onRejoined }: RejoinCardProps) {
  const titleId = useId();
  if (!subscription.rejoin) return null;
  return (
    <article className="rejoin-card" aria-labelledby={titleId} data-testid="rejoin-card">
      <h2 id={titleId}>Rejoin GoRDU</h2>
      {subscription.rejoin === "new-subscription" ? (
        <NewMembership subscription={subscription} initialPlan={initialPlan} onRejoined={onRejoined} />
      ) : (
        <KeptMembership subscription={subscription} onRejoined={onRejoined} />
      )}
    </article>
  );
}

function useRejoin(onRejoined: () => Promise<void>) {
  const toast = useToast();
  /** True when the server started or restored the membership. */
  return async (planType: PlanType, clientSecret?: string): Promise<boolean> => {
    try {
      const answer = await api.rejoin({ planType, ...(clientSecret ? { clientSecret } : {}) });
      toast({ title: "Welcome back!", description: answer.message });
    } catch (error) {
      toast({ title: "Rejoin Failed", description: errorMessage(error, "We couldn't restart your membership. Please try again."), variant: "destructive" });
      return false;
    }
    await onRejoined();
    return true;
  };
}

/** The old subscription ended: a plan, a card, and the first payment today (no second free trial). */
function NewMembership({ subscription, initialPlan, onRejoined }: RejoinCardProps) {
  const name = useId();
  const [planType, setPlanType] = useState<PlanType>(initialPlan ?? subscription.planType ?? "monthly");
  const savedCard = cardName(subscription.card);
  const [useSavedCard, setUseSavedCard] = useState(savedCard !== null);
  const [pending, run] = usePendingAction();
  const rejoin = useRejoin(onRejoined);
  const plan = PLANS[planType];
  const payLabel = `Rejoin and pay $${plan.price} today`;

  return (
    <>
      <p>Pick a plan and your deals and email alerts come back right away.</p>
      <fieldset className="rejoin-choices">
        <legend>Plan</legend>
        {PLAN_LIST.map((option) => (
          <label key={option.type} className="rejoin-option">
            <input type="radio" name={`${name}-plan`} value={option.type} checked={planType === option.type} onChange={() => setPlanType(option.type)} />
            <span>
              <strong>{option.name}</strong> · {formatPlanPrice(option)}
              {option.badge && <span className="plan-badge">{option.badge}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="rejoin-terms">
        <strong>No free trial this time:</strong> you've had your {TRIAL_DAYS}-day trial, so {formatPlanPrice(plan)} is charged today and then every{" "}
        {plan.interval} until you cancel.
      </p>
      {savedCard && (
        <fieldset className="rejoin-choices">
          <legend>Card</legend>
          <label className="rejoin-option">
            <input type="radio" name={`${name}-card`} checked={useSavedCard} onChange={() => setUseSavedCard(true)} />
            <span>{savedCard} (on file)</span>
          </label>
          <label className="rejoin-option">
            <input type="radio" name={`${name}-card`} checked={!useSavedCard} onChange={() => setUseSavedCard(false)} />
            <span>A new card</span>
          </label>
        </fieldset>
      )}
      {useSavedCard ? (
        <Button type="button" disabled={pending} aria-busy={pending} onClick={() => void run(async () => void (await rejoin(planType)))}>
          {payLabel}
        </Button>
      ) : (
        <NewCardForm submitLabel={payLabel} onConfirmed={(clientSecret) => rejoin(planType, clientSecret)} />
      )}
    </>
  );
}

/**
 * A card form on a fresh SetupIntent for the member's customer. After a failed rejoin the intent is spent
 * (it already holds the refused card), so the form starts again on a new one.
 */
function NewCardForm({ submitLabel, onConfirmed }: { submitLabel: string; onConfirmed: (clientSecret: string) => Promise<boolean> }) {
  const toast = useToast();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setClientSecret(null);
    api
      .createPaymentUpdateIntent()
      .then((intent) => !cancelled && setClientSecret(intent.clientSecret))
      .catch(() => !cancelled && toast({ title: "Error", description: "Failed to load billing form. Please try again.", variant: "destructive" }));
    return () => {
      cancelled = true;
    };
    // A new intent for each attempt only.
  }, [attempt]);

  if (!clientSecret) return <p aria-busy="true">Loading the card form…</p>;
  return (
    <PaymentForm
      key={clientSecret}
      clientSecret={clientSecret}
      submitLabel={submitLabel}
      onConfirmed={async () => {
        if (!(await onConfirmed(clientSecret))) setAttempt((n) => n + 1);
      }}
      onFailed={(message) => toast({ title: "Payment Failed", description: message, variant: "destructive" })}
    />
  );
}

/** The old subscription is still running (paused, or cancelled until its period ends): it is kept, nothing is charged today. */
function KeptMembership({ subscription, onRejoined }: Omit<RejoinCardProps, "initialPlan">) {
  const [pending, run] = usePendingAction();
  const rejoin = useRejoin(onRejoined);
  const planType = subscription.planType ?? "monthly";
  const plan = PLANS[planType];
  const card = cardName(subscription.card);
  const periodEnd = day(subscription.currentPeriodEnd);
  const trialEnd = day(subscription.trialEndsAt);

  const now =
    subscription.status === "Paused"
      ? `Your ${plan.name.toLowerCase()} plan is paused: no deals, alerts or charges.`
      : `Your ${plan.name.toLowerCase()} plan is cancelled${periodEnd ? `; you have access until ${periodEnd}` : ""}.`;
  const next = trialEnd
    ? `your free trial carries on until ${trialEnd} (it does not start again), then ${formatPlanPrice(plan)}`
    : `your next payment of $${plan.price} is on ${periodEnd ?? "your renewal date"}`;

  return (
    <>
      <p>{now}</p>
      <p className="rejoin-terms">
        Rejoin to keep it: {next}
        {card ? `, on ${card}` : ""}. Nothing is charged today.
      </p>
      <Button type="button" disabled={pending} aria-busy={pending} onClick={() => void run(async () => void (await rejoin(planType)))}>
        Rejoin: keep my {plan.name.toLowerCase()} plan
      </Button>
    </>
  );
}
