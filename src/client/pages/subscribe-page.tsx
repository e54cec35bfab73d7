import { addDays, format } from "date-fns";
import { useEffect, useRef, useState } from "react";
import { Link, useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { LogoLink } from "../components/logo.tsx";
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
import { Button } from "../components/button.tsx";
import { Form } from "../components/form.tsx";

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

function PlanSummary({ planType, freeTrial }: { planType: PlanType; freeTrial: boolean }) {
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

/**
 * Step 1 and "Send a new code": the details go to the server, which emails the address (the same answer for everyone).
 * A referral link's `?ref=` goes along (decision 135); the server keeps it only if it is a member's code.
 */
function sendCode(details: Details, planType: PlanType) {
  const referralCode = new URLSearchParams(window.location.search).get("ref")?.slice(0, 64);
  return api.startSignup({
    email: details.email.trim(),
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    planType,
    ...(referralCode ? { referralCode } : {}),
    preferences: { destinations: [], maxPrice: 500, nonstopOnly: false },
  });
}

function DetailsStep({
  planType,
  details,
  onChange,
  onCodeSent,
}: {
  planType: PlanType;
  details: Details;
  onChange: (details: Details) => void;
  onCodeSent: () => void;
}) {
  const toast = useToast();
  const { config } = useRootData();
  const [termsOpen, setTermsOpen] = useState(false);
  const [pending, run] = usePendingAction();
  const set = (name: keyof Details) => (event: { target: { value: string } }) => onChange({ ...details, [name]: event.target.value });

  const submit = () => {
    const email = details.email.trim();
    if (!email || !details.firstName.trim() || !details.lastName.trim()) {
      toast({ title: "Required Fields Missing", description: "Please enter your email, first name, and last name.", variant: "destructive" });
      return;
    }
    void run(async () => {
      try {
        await sendCode(details, planType);
        onCodeSent();
      } catch (error) {
        toast({ title: "Subscription Error", description: errorMessage(error, "Failed to start your signup. Please try again."), variant: "destructive" });
      }
    });
  };

  return (
    <article>
      <header>
        <p className="step">Step 1 of 3</p>
        <h2>Your details</h2>
      </header>
      <Form onSubmit={submit} noValidate>
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
        <Button type="submit" disabled={pending} aria-busy={pending}>
          Continue
        </Button>
        <small className="muted">
          By continuing you confirm you are 18 or older and accept our{" "}
          <Button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
            Terms of Service
          </Button>
          .
        </small>
      </Form>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} supportEmail={config.supportEmail} />
    </article>
  );
}

type FinishSignup = (email: string, paidPlan?: boolean) => Promise<boolean>;

/**
 * Once the card is confirmed (docs/product-rules.md §4 Subscribe): complete the signup, which signs in, then the dashboard.
 * False if it failed. When this card or address already had its free trial, nothing was charged and the server
 * offers the paid plan instead (decision 098): the page shows that offer. If this browser still is not signed in (its
 * cookie refused), the person has no password to log in with, so a fresh set-password link is emailed and the page
 * says so instead of sending them to /login.
 */
function useFinishSignup(onSignedOut: (email: string) => void, onPaidPlanOffer: (message: string) => void): FinishSignup {
  const toast = useToast();
  return async (email: string, paidPlan = false): Promise<boolean> => {
    try {
      const outcome = await api.completeSubscription(email, paidPlan);
      if ("offer" in outcome) {
        onPaidPlanOffer(outcome.message);
        return true;
      }
    } catch (error) {
      console.error("Failed to complete subscription setup", error);
      toast({
        title: "Setup Error",
        description: errorMessage(error, "There was an issue completing your subscription. Please contact support."),
        variant: "destructive",
      });
      return false;
    }
    if (await api.me().catch(() => null)) {
      toast({
        title: "Welcome to GoRDU!",
        description: paidPlan ? "Your membership has started. Taking you to your deals…" : "Your 7-day free trial has started. Taking you to your deals…",
      });
      setTimeout(() => window.location.replace("/dashboard"), 1500);
    } else {
      await api.forgotPassword(email).catch((error) => console.error("Failed to send a set-password link", error));
      toast({ title: "Payment Successful", description: `We couldn't sign you in here, so we've emailed ${email} a link to set your password.` });
      onSignedOut(email);
    }
    return true;
  };
}

/**
 * Step 2: the code emailed in step 1 (decision 097). Every address gets this step, with an account or not; a member
 * is emailed how to sign in instead of a code. With the code, the card step starts, told whether a free trial applies.
 */
function CodeStep({
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

/** This card or address already had its free trial: nothing was charged; joining now is paid today with the card just entered. */
function PaidPlanOffer({ planType, message, onJoin }: { planType: PlanType; message: string; onJoin: () => Promise<boolean> }) {
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
        if (await finishSignup(setupReturn.email, setupReturn.paidPlan)) return;
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
  /** False when this address had its trial: joining is paid today, which this step says before the card. */
  freeTrial: boolean;
  onBack: () => void;
  finishSignup: FinishSignup;
}

function PaymentStep({ planType, email, clientSecret, freeTrial, onBack, finishSignup }: PaymentStepProps) {
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
