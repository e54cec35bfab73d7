import { useEffect, useState } from "react";
import { Link, redirect, useLoaderData, useNavigate, useRevalidator, useSearchParams, type LoaderFunctionArgs } from "react-router";
import type { AlertsOverview } from "../../domain/api/alerts.ts";
import type { SubscriptionInfo } from "../../domain/api/billing.ts";
import type { ReferralSummary } from "../../domain/api/referrals.ts";
import type { CurrentUser } from "../../domain/api/users.ts";
import { api, type Api } from "../api.ts";
import { usePendingAction } from "../components/use-pending-action.ts";
import { apiFromContext, useRootData } from "../root-data.ts";
import { BillingDialog } from "./dashboard/billing-dialog.tsx";
import { CancelDialog } from "./dashboard/cancel-dialog.tsx";
import { DashboardHeader } from "./dashboard/dashboard-header.tsx";
import { DealsWorkspace } from "./dashboard/deals/deals-workspace.tsx";
import { dealsErrorOf, type DealsState } from "./dashboard/deals/use-flight-deals.ts";
import { EmailAlertsSwitch } from "./dashboard/email-alerts-switch.tsx";
import { ReferralPanel } from "./dashboard/referral-panel.tsx";
import { PasswordSetupCard } from "./dashboard/password-setup-card.tsx";
import { PauseCard } from "./dashboard/pause-card.tsx";
import { PauseDialog } from "./dashboard/pause-dialog.tsx";
import { ProfileDialog, type ProfileMode } from "./dashboard/profile-dialog.tsx";
import { RejoinCard } from "./dashboard/rejoin-card.tsx";
import { SubscriptionCard } from "./dashboard/subscription-card.tsx";
import { TripsSection } from "./dashboard/trips/trips-section.tsx";
import { Button } from "../components/button.tsx";

export type DashboardData =
  /** `deals` is null when the subscription gives no access to deals. */
  | {
      state: "ready";
      user: CurrentUser;
      subscription: SubscriptionInfo;
      deals: DealsState | null;
      alerts: AlertsOverview | null;
      /** The referral panel (decision 135); null when it could not load (the rest of the page still shows). */
      referrals: ReferralSummary | null;
    }
  /** Back from Stripe Checkout, not signed in yet: the page finishes the checkout in the browser. */
  | { state: "completing-checkout"; sessionId: string };

/** Visitors go to /login (docs/product-rules.md §6), except a browser coming back from Stripe Checkout. */
export async function dashboardLoader({ context, request }: LoaderFunctionArgs): Promise<DashboardData> {
  const api = apiFromContext(context);
  const user = await api.me();
  if (!user) {
    const sessionId = new URL(request.url).searchParams.get("session_id");
    if (sessionId) return { state: "completing-checkout", sessionId };
    throw redirect("/login");
  }
  const [subscription, referrals] = await Promise.all([api.subscription(), api.referrals().catch(() => null)]);
  if (!subscription.hasAccess) return { state: "ready", user, subscription, deals: null, alerts: null, referrals };
  const [deals, alerts] = await Promise.all([loadDeals(api), api.alerts().catch(() => null)]);
  return { state: "ready", user, subscription, deals, alerts, referrals };
}

/**
 * The first list of deals comes with the page, so it is server-rendered; a failure is shown, then retried. An empty
 * list on a fresh install is asked why: its first fare scan may still be running.
 */
async function loadDeals(api: Api): Promise<DealsState> {
  try {
    const deals = await api.flightDeals();
    const firstScanRunning = deals.length === 0 && (await api.scanStatus().catch(() => null))?.firstScanRunning === true;
    return { deals, error: null, firstScanRunning };
  } catch (error) {
    return { deals: null, error: dealsErrorOf(error), firstScanRunning: false };
  }
}

export function DashboardPage() {
  const data = useLoaderData() as DashboardData;
  const paidPlanOffer = useCheckoutReturn();
  if (data.state === "completing-checkout") {
    return (
      <main className="container spinner-page">
        <title>Finishing your signup · GoRDU</title>
        {paidPlanOffer ? <CheckoutPaidPlanOffer sessionId={data.sessionId} message={paidPlanOffer} /> : <p aria-busy="true">Finishing your signup…</p>}
      </main>
    );
  }
  return <Dashboard user={data.user} subscription={data.subscription} deals={data.deals} alerts={data.alerts} referrals={data.referrals} />;
}

/**
 * docs/product-rules.md §4 "Checkout return": with ?session_id= the page completes the checkout (which signs the new
 * subscriber in), then rewrites the URL to /dashboard, which loads user and subscription again. Failures are only logged.
 * When the card had its free trial already (decision 098), nothing was charged: the answer is the paid plan's offer.
 */
function useCheckoutReturn(): string | null {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const [offer, setOffer] = useState<string | null>(null);
  useEffect(() => {
    if (!sessionId) return;
    api
      .completeCheckout(sessionId)
      .then(async (outcome) => {
        if ("offer" in outcome) setOffer(outcome.message);
        else await navigate("/dashboard", { replace: true });
      })
      .catch(async (error) => {
        console.error("Failed to complete checkout", error);
        await navigate("/dashboard", { replace: true });
      });
  }, [sessionId, navigate]);
  return offer;
}

function CheckoutPaidPlanOffer({ sessionId, message }: { sessionId: string; message: string }) {
  const navigate = useNavigate();
  const [pending, run] = usePendingAction();
  const join = () =>
    void run(async () => {
      await api.completeCheckout(sessionId, true).catch((error) => console.error("Failed to join on the paid plan", error));
      await navigate("/dashboard", { replace: true });
    });
  return (
    <article aria-labelledby="paid-plan-title">
      <h1 id="paid-plan-title">No free trial this time</h1>
      <p>{message}</p>
      <p>You can join now on the plan you chose, charged today to the card you entered.</p>
      <div className="grid">
        <Button type="button" disabled={pending} aria-busy={pending} onClick={join}>
          Join now
        </Button>
        <Link to="/" role="button" className="secondary">
          Not now
        </Link>
      </div>
    </article>
  );
}

function Dashboard({
  user,
  subscription,
  deals,
  alerts,
  referrals,
}: {
  user: CurrentUser;
  subscription: SubscriptionInfo;
  deals: DealsState | null;
  alerts: AlertsOverview | null;
  referrals: ReferralSummary | null;
}) {
  const { revalidate } = useRevalidator();
  const [profileMode, setProfileMode] = useState<ProfileMode | null>(null);
  const [billingOpen, setBillingOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [pauseOpen, setPauseOpen] = useState(false);
  // A member's own pause has its card with Resume now; the Rejoin card is for the other ways out.
  const memberPaused = subscription.status === "Paused" && subscription.pause.pausedUntil !== null;

  const openBilling = () => {
    setProfileMode(null);
    setBillingOpen(true);
  };

  const notices = (
    <>
      {user.needsPasswordSetup && <PasswordSetupCard onSetPassword={() => setProfileMode("password")} />}
      <SubscriptionCard info={subscription} onOpenBilling={openBilling} onOpenPause={subscription.pause.canPause ? () => setPauseOpen(true) : undefined} />
      <PauseCard subscription={subscription} onResumed={revalidate} />
      {!memberPaused && <RejoinCard subscription={subscription} onRejoined={revalidate} />}
    </>
  );

  return (
    <>
      <title>Your deals · GoRDU</title>
      <DashboardHeader user={user} onOpenProfile={() => setProfileMode("view")} />
      <main className="container dashboard">
        {deals && deals.error !== "no-access" ? (
          <>
            <DealsWorkspace user={user} initial={deals} alerts={alerts} notices={notices} />
            <TripsSection />
            {referrals && <ReferralPanel referrals={referrals} />}
          </>
        ) : (
          <>
            {notices}
            <NoAccessCard subscription={subscription} emailAlerts={user.preferences.emailAlerts} onOpenBilling={openBilling} />
            {referrals && <ReferralPanel referrals={referrals} />}
          </>
        )}
      </main>
      <ProfileDialog user={user} mode={profileMode} onModeChange={setProfileMode} onOpenBilling={subscription.card ? openBilling : undefined} alerts={alerts} />
      <BillingDialog
        open={billingOpen}
        subscription={subscription}
        onClose={() => setBillingOpen(false)}
        onOpenCancel={() => {
          setBillingOpen(false);
          setCancelOpen(true);
        }}
      />
      <CancelDialog open={cancelOpen} subscription={subscription} onClose={() => setCancelOpen(false)} />
      <PauseDialog open={pauseOpen} subscription={subscription} onClose={() => setPauseOpen(false)} onPaused={revalidate} />
    </>
  );
}

/** Without an active subscription there are no deals to show: say why, and what to do about it. */
function NoAccessCard({ subscription, emailAlerts, onOpenBilling }: { subscription: SubscriptionInfo; emailAlerts: boolean; onOpenBilling: () => void }) {
  const { config } = useRootData();
  const needsCard = subscription.status === "Past Due" || subscription.status === "Unpaid";
  const comeBack = subscription.rejoin
    ? " Rejoin whenever you like and they come right back."
    : " They come back as soon as your subscription is active again.";
  const reason =
    subscription.status === "Paused" && subscription.pause.pausedUntil
      ? "You paused your membership, so flight deals are hidden and no alerts are sent until it resumes. Choose Resume now to come back sooner."
      : subscription.status === "Paused"
        ? `Your subscription is paused, so flight deals are hidden and no alerts are sent.${comeBack}`
        : needsCard
          ? "Your last payment didn't go through. Update your card and your flight deals come right back."
          : `Flight deals and alerts are for members with an active subscription.${comeBack}`;
  const alertsOff =
    subscription.status === "Paused"
      ? "No alerts are sent while your subscription is paused."
      : subscription.status === "Cancelled"
        ? "No alerts are sent while your membership has ended."
        : "No alerts are sent until your subscription is active again.";
  return (
    <article className="deals-locked" aria-labelledby="deals-locked-title">
      <header className="card-header">
        <h2 id="deals-locked-title">Your flight deals are on hold</h2>
        <EmailAlertsSwitch enabled={emailAlerts} unavailable={alertsOff} />
      </header>
      <p>{reason}</p>
      <p className="muted">
        Questions? Write to <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> and we'll sort it out.
      </p>
      {needsCard && (
        <Button type="button" onClick={onOpenBilling}>
          Update card
        </Button>
      )}
    </article>
  );
}
