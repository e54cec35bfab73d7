import { addDays, format } from "date-fns";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from "react-router";
import type { SubscriptionInfo } from "../../domain/api/billing.ts";
import type { PlanType } from "../../domain/api/common.ts";
import { formatPlanPrice, PLANS, planFromQuery, TRIAL_DAYS } from "../../domain/plans.ts";
import { LIMITS } from "../../domain/validation.ts";
import { api } from "../api.ts";
import { PaymentForm } from "../billing/payment-form.tsx";
import { CARD_NOT_CONFIRMED, readSetupReturn, setupReturnUrl, withoutSetupReturn, type SetupReturn } from "../billing/setup-return.ts";
import { useToast } from "../components/toast.tsx";
import { errorMessage } from "../error-message.ts";
import { useHydrated } from "../components/use-hydrated.ts";
import { usePendingAction } from "../components/use-pending-action.ts";
import { apiFromContext, useRootData } from "../root-data.ts";
import { RejoinCard } from "./dashboard/rejoin-card.tsx";
import { TermsDialog } from "./landing/legal-dialogs.tsx";

interface Details {
  firstName: string;
  lastName: string;
  email: string;
}

export interface SubscribeData {
  /** The signed-in user's subscription: a former member rejoins here instead of starting a second trial. */
  subscription: SubscriptionInfo | null;
}

export async function subscribeLoader({ context }: LoaderFunctionArgs): Promise<SubscribeData> {
  const api = apiFromContext(context);
  return { subscription: (await api.me()) ? await api.subscription() : null };
}

export function SubscribePage() {
  const [params] = useSearchParams();
  const planType = planFromQuery(params.get("plan"));
  const { user } = useRootData();
  const { subscription } = useLoaderData() as SubscribeData;
  const navigate = useNavigate();
  const [details, setDetails] = useState<Details>({ firstName: "", lastName: "", email: "" });
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  /** Paid for, but this browser could not be signed in: the address a set-password link went to. */
  const [signedOutEmail, setSignedOutEmail] = useState<string | null>(null);
  const finishSignup = useFinishSignup(setSignedOutEmail);
  const setupReturn = useSetupReturn(finishSignup);
  /** `data-hydrated` tells browser tests the form is React's now (what is typed before would be reset). */
  const hydrated = useHydrated();

  return (
    <main className="container subscribe-page" data-hydrated={hydrated ? "" : undefined}>
      <title>Start your free trial · GoRDU</title>
      <meta name="description" content="Start your 7-day free trial of GoRDU flight-deal alerts from Raleigh-Durham." />
      <Link to="/" className="brand-link">
        GoRDU
      </Link>
      {!user ? (
        <>
          <PlanSummary planType={planType} />
          {signedOutEmail ? (
            <CheckYourEmail email={signedOutEmail} />
          ) : setupReturn?.succeeded ? (
            <p aria-busy="true">Finishing your signup…</p>
          ) : clientSecret ? (
            <PaymentStep
              planType={planType}
              email={details.email}
              clientSecret={clientSecret}
              onBack={() => setClientSecret(null)}
              finishSignup={finishSignup}
            />
          ) : (
            <DetailsStep planType={planType} details={details} onChange={setDetails} onReady={setClientSecret} />
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

function PlanSummary({ planType }: { planType: PlanType }) {
  const plan = PLANS[planType];
  const other = PLANS[planType === "monthly" ? "annual" : "monthly"];
  return (
    <article className="plan-summary" aria-label="Chosen plan">
      <div>
        <h1>
          {plan.name} plan · {formatPlanPrice(plan)}
          {plan.badge && <span className="plan-badge">{plan.badge}</span>}
        </h1>
        <p>
          {TRIAL_DAYS}-day free trial{plan.interval === "year" ? ` · just $${plan.monthlyEquivalent}/month` : ""}. Cancel anytime from your dashboard.
        </p>
      </div>
      <Link to={`/subscribe?plan=${other.type}`} className="secondary">
        Switch to {other.name.toLowerCase()} ({formatPlanPrice(other)})
      </Link>
    </article>
  );
}

function DetailsStep({
  planType,
  details,
  onChange,
  onReady,
}: {
  planType: PlanType;
  details: Details;
  onChange: (details: Details) => void;
  onReady: (clientSecret: string) => void;
}) {
  const toast = useToast();
  const { config } = useRootData();
  const [termsOpen, setTermsOpen] = useState(false);
  const [pending, run] = usePendingAction();
  const set = (name: keyof Details) => (event: { target: { value: string } }) => onChange({ ...details, [name]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = details.email.trim();
    if (!email || !details.firstName.trim() || !details.lastName.trim()) {
      toast({ title: "Required Fields Missing", description: "Please enter your email, first name, and last name.", variant: "destructive" });
      return;
    }
    void run(async () => {
      try {
        const answer = await api.createSubscription({
          email,
          firstName: details.firstName.trim(),
          lastName: details.lastName.trim(),
          planType,
          preferences: { destinations: [], maxPrice: 500, nonstopOnly: false },
        });
        if ("sessionUrl" in answer && answer.sessionUrl) {
          window.location.href = answer.sessionUrl;
        } else if ("clientSecret" in answer && answer.clientSecret) {
          onReady(answer.clientSecret);
        } else {
          throw new Error("No client secret or session URL received");
        }
      } catch (error) {
        const fallback = error instanceof Error && !("status" in error) ? error.message : "Failed to create subscription. Please try again.";
        toast({ title: "Subscription Error", description: errorMessage(error, fallback), variant: "destructive" });
      }
    });
  };

  return (
    <article>
      <header>
        <p className="step">Step 1 of 2</p>
        <h2>Your details</h2>
      </header>
      <form onSubmit={submit} noValidate>
        <div className="grid">
          <label>
            First name
            <input name="firstName" autoComplete="given-name" required maxLength={LIMITS.name} value={details.firstName} onChange={set("firstName")} />
          </label>
          <label>
            Last name
            <input name="lastName" autoComplete="family-name" required maxLength={LIMITS.name} value={details.lastName} onChange={set("lastName")} />
          </label>
        </div>
        <label>
          Email
          <input name="email" type="email" autoComplete="email" required maxLength={LIMITS.email} value={details.email} onChange={set("email")} />
        </label>
        <button type="submit" disabled={pending} aria-busy={pending}>
          Continue to Payment
        </button>
        <small className="muted">
          By continuing you confirm you are 18 or older and accept our{" "}
          <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
            Terms of Service
          </button>
          .
        </small>
      </form>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} supportEmail={config.supportEmail} />
    </article>
  );
}

type FinishSignup = (email: string) => Promise<boolean>;

/**
 * Once the card is confirmed (docs/product-rules.md §4 Subscribe): complete the signup, which signs in, then the dashboard.
 * False if it failed. If this browser still is not signed in (its cookie refused), the person has no password
 * to log in with, so a fresh set-password link is emailed and the page says so instead of sending them to /login.
 */
function useFinishSignup(onSignedOut: (email: string) => void): FinishSignup {
  const toast = useToast();
  return async (email: string): Promise<boolean> => {
    try {
      await api.completeSubscription(email);
    } catch (error) {
      console.error("Failed to complete subscription setup", error);
      toast({ title: "Setup Error", description: "There was an issue completing your subscription. Please contact support.", variant: "destructive" });
      return false;
    }
    if (await api.me().catch(() => null)) {
      toast({ title: "Welcome to GoRDU!", description: "Your 7-day free trial has started. Taking you to your deals…" });
      setTimeout(() => window.location.replace("/dashboard"), 1500);
    } else {
      await api.forgotPassword(email).catch((error) => console.error("Failed to send a set-password link", error));
      toast({ title: "Payment Successful", description: `We couldn't sign you in here, so we've emailed ${email} a link to set your password.` });
      onSignedOut(email);
    }
    return true;
  };
}

function CheckYourEmail({ email }: { email: string }) {
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

/**
 * Back from card authentication (setup-return.ts): the signup is finished as the in-page form finishes it.
 * If it cannot be, the toast says why and the page shows step 1 again at its own URL.
 */
function useSetupReturn(finishSignup: FinishSignup): SetupReturn | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const setupReturn = readSetupReturn(params);
  const handled = useRef(false);
  useEffect(() => {
    if (!setupReturn || handled.current) return;
    handled.current = true;
    void (async () => {
      if (setupReturn.succeeded) {
        if (await finishSignup(setupReturn.email)) return;
      } else {
        toast({ title: "Payment Failed", description: CARD_NOT_CONFIRMED, variant: "destructive" });
      }
      await navigate({ search: withoutSetupReturn(params) }, { replace: true });
    })();
  });
  return setupReturn;
}

interface PaymentStepProps {
  planType: PlanType;
  email: string;
  clientSecret: string;
  onBack: () => void;
  finishSignup: FinishSignup;
}

function PaymentStep({ planType, email, clientSecret, onBack, finishSignup }: PaymentStepProps) {
  const toast = useToast();
  const plan = PLANS[planType];
  const firstCharge = format(addDays(new Date(), TRIAL_DAYS), "MMMM d, yyyy");

  return (
    <article>
      <header>
        <p className="step">Step 2 of 2</p>
        <h2>Payment</h2>
        <p className="muted">
          Signing up as <strong>{email}</strong>.{" "}
          <button type="button" className="link-button" onClick={onBack}>
            Change
          </button>
        </p>
      </header>
      <p>
        Nothing is charged today. After your free trial, {formatPlanPrice(plan)} from {firstCharge} unless you cancel before then.
      </p>
      <PaymentForm
        clientSecret={clientSecret}
        submitLabel="Start 7-Day Free Trial"
        onConfirmed={async () => {
          await finishSignup(email);
        }}
        returnUrl={() => setupReturnUrl(window.location.href, email)}
        onFailed={(message) => toast({ title: "Payment Failed", description: message, variant: "destructive" })}
      />
    </article>
  );
}
