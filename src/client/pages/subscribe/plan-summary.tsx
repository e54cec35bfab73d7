import { Link, useSearchParams } from "react-router";
import type { PlanType } from "../../../domain/api/common.ts";
import { formatPlanPrice, PLANS, TRIAL_DAYS } from "../../../domain/plans.ts";

export function PlanSummary({ planType, freeTrial }: { planType: PlanType; freeTrial: boolean }) {
  const plan = PLANS[planType];
  const other = PLANS[planType === "monthly" ? "annual" : "monthly"];
  const referralCode = useSearchParams()[0].get("ref");
  const monthly = plan.interval === "year" ? ` · just $${plan.monthlyEquivalent}/month` : "";
  return (
    <article className="plan-summary" aria-label="Chosen plan">
      <div>
        <h1>
          {plan.name} plan · {formatPlanPrice(plan)}
          {plan.badge && <span className="plan-badge">{plan.badge}</span>}
        </h1>
        <p>{freeTrial ? `${TRIAL_DAYS}-day free trial${monthly}.` : `Starts today${monthly}.`} Cancel anytime from your dashboard.</p>
      </div>
      <Link to={`/subscribe?plan=${other.type}${referralCode ? `&ref=${encodeURIComponent(referralCode)}` : ""}`} className="secondary">
        Switch to {other.name.toLowerCase()} ({formatPlanPrice(other)})
      </Link>
    </article>
  );
}
