import { Link } from "react-router";
import { PLAN_LIST, TRIAL_DAYS, type Plan } from "../../../domain/plans.ts";

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.type}-title`;
  return (
    <article className={plan.badge ? "plan plan-featured" : "plan"} aria-labelledby={titleId} data-plan={plan.type}>
      <header>
        {plan.badge && <span className="badge">{plan.badge}</span>}
        <h3 id={titleId}>{plan.name}</h3>
        <p className="price">
          <strong>${plan.price}</strong>/{plan.interval}
        </p>
        <p className="price-note">{plan.monthlyEquivalent === plan.price ? "Billed monthly" : <>Just ${plan.monthlyEquivalent}/month, billed yearly</>}</p>
      </header>
      <ul className="features">
        <li>{TRIAL_DAYS}-day free trial</li>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Link to={`/subscribe?plan=${plan.type}`} role="button" className={plan.badge ? undefined : "outline"}>
        Choose {plan.name}
      </Link>
    </article>
  );
}

export function Pricing() {
  return (
    <section id="pricing" className="section section-alt" aria-labelledby="pricing-title">
      <div className="container">
        <hgroup className="section-head">
          <h2 id="pricing-title">Pricing</h2>
          <p>Simple plans, both with a {TRIAL_DAYS}-day free trial. Prices in US dollars.</p>
        </hgroup>
        <div className="plans">
          {PLAN_LIST.map((plan) => (
            <PlanCard key={plan.type} plan={plan} />
          ))}
        </div>
      </div>
    </section>
  );
}
