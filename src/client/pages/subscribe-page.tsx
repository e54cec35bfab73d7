import { useState } from "react";
import { Link, useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from "react-router";
import type { SubscriptionInfo } from "../../domain/api/billing.ts";
import { planFromQuery } from "../../domain/plans.ts";
import { LogoLink } from "../components/logo.tsx";
import { useHydrated } from "../components/use-hydrated.ts";
import { apiFromContext, useRootData } from "../root-data.ts";
import { RejoinCard } from "./dashboard/rejoin-card.tsx";
import { CodeStep } from "./subscribe/code-step.tsx";
import { DetailsStep } from "./subscribe/details-step.tsx";
import { PaymentStep } from "./subscribe/payment-step.tsx";
import { PlanSummary } from "./subscribe/plan-summary.tsx";
import type { Details } from "./subscribe/send-code.ts";
import { CheckYourEmail, PaidPlanOffer } from "./subscribe/signup-outcomes.tsx";
import { useFinishSignup } from "./subscribe/use-finish-signup.ts";
import { useSetupReturn } from "./subscribe/use-setup-return.ts";

export interface SubscribeData {
  /** The signed-in user's subscription: a former member rejoins here instead of starting a second trial. */
  subscription: SubscriptionInfo | null;
}

export async function subscribeLoader({ context }: LoaderFunctionArgs): Promise<SubscribeData> {
  const api = apiFromContext(context);
  return { subscription: (await api.me()) ? await api.subscription() : null };
}

/** Where a visitor's signup stands: the details, the emailed code, the card, or the paid plan offered instead of a trial. */
type SignupStep =
  | { step: "details" }
  | { step: "code" }
  | { step: "card"; clientSecret: string; freeTrial: boolean }
  | { step: "paid-plan-offer"; message: string };

export function SubscribePage() {
  const [params] = useSearchParams();
  const planType = planFromQuery(params.get("plan"));
  const { user } = useRootData();
  const { subscription } = useLoaderData() as SubscribeData;
  const navigate = useNavigate();
  const [details, setDetails] = useState<Details>({ firstName: "", lastName: "", email: "" });
  const [signup, setSignup] = useState<SignupStep>({ step: "details" });
  /** Paid for, but this browser could not be signed in: the address a set-password link went to. */
  const [signedOutEmail, setSignedOutEmail] = useState<string | null>(null);
  const finishSignup = useFinishSignup(setSignedOutEmail, (message) => setSignup({ step: "paid-plan-offer", message }));
  const setupReturn = useSetupReturn(finishSignup);
  /** `data-hydrated` tells browser tests the form is React's now (what is typed before would be reset). */
  const hydrated = useHydrated();
  const freeTrial = signup.step === "card" ? signup.freeTrial : signup.step !== "paid-plan-offer";

  return (
    <main className="container subscribe-page" data-hydrated={hydrated ? "" : undefined}>
      <title>Start your free trial · GoRDU</title>
      <meta name="description" content="Start your 7-day free trial of GoRDU flight-deal alerts from Raleigh-Durham." />
      <LogoLink className="subscribe-logo" />
      {!user ? (
        <>
          <PlanSummary planType={planType} freeTrial={freeTrial} />
          {signedOutEmail ? (
            <CheckYourEmail email={signedOutEmail} />
          ) : setupReturn?.succeeded && signup.step !== "paid-plan-offer" ? (
            <p aria-busy="true">Finishing your signup…</p>
          ) : signup.step === "paid-plan-offer" ? (
            <PaidPlanOffer planType={planType} message={signup.message} onJoin={() => finishSignup(setupReturn?.email ?? details.email.trim(), true)} />
          ) : signup.step === "card" ? (
            <PaymentStep
              planType={planType}
              email={details.email.trim()}
              clientSecret={signup.clientSecret}
              freeTrial={signup.freeTrial}
              onBack={() => setSignup({ step: "details" })}
              finishSignup={finishSignup}
            />
          ) : signup.step === "code" ? (
            <CodeStep
              planType={planType}
              details={details}
              onBack={() => setSignup({ step: "details" })}
              onReady={(clientSecret, freeTrial) => setSignup({ step: "card", clientSecret, freeTrial })}
            />
          ) : (
            <DetailsStep planType={planType} details={details} onChange={setDetails} onCodeSent={() => setSignup({ step: "code" })} />
          )}
        </>
      ) : subscription?.rejoin ? (
        <>
          <h1 className="subscribe-title">Welcome back, {user.firstName || user.email}</h1>
          <RejoinCard subscription={subscription} initialPlan={planType} onRejoined={async () => await navigate("/dashboard")} />
        </>
      ) : (
        <article>
          <h1 className="subscribe-title">You're already a member</h1>
          <p>You're logged in as {user.email}.</p>
          <Link to="/dashboard" role="button">
            Go to your dashboard
          </Link>
        </article>
      )}
    </main>
  );
}
