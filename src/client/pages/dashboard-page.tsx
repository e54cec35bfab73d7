import { useEffect, useState } from "react";
import { redirect, useLoaderData, useNavigate, useRevalidator, useSearchParams, type LoaderFunctionArgs } from "react-router";
import type { CurrentUser, SubscriptionInfo } from "../../domain/api-types.ts";
import { api } from "../api.ts";
import { apiFromContext } from "../root-data.ts";
import { BillingDialog } from "./dashboard/billing-dialog.tsx";
import { CancelDialog } from "./dashboard/cancel-dialog.tsx";
import { DashboardHeader } from "./dashboard/dashboard-header.tsx";
import { EmailAlertsSwitch } from "./dashboard/email-alerts-switch.tsx";
import { PasswordSetupCard } from "./dashboard/password-setup-card.tsx";
import { ProfileDialog, type ProfileMode } from "./dashboard/profile-dialog.tsx";
import { SubscriptionCard } from "./dashboard/subscription-card.tsx";

export type DashboardData =
  | { state: "ready"; user: CurrentUser; subscription: SubscriptionInfo }
  /** Back from Stripe Checkout, not signed in yet: the page finishes the checkout in the browser. */
  | { state: "completing-checkout"; sessionId: string };

/** Visitors go to /login (SPEC §6), except a browser coming back from Stripe Checkout. */
export async function dashboardLoader({ context, request }: LoaderFunctionArgs): Promise<DashboardData> {
  const api = apiFromContext(context);
  const user = await api.me();
  if (!user) {
    const sessionId = new URL(request.url).searchParams.get("session_id");
    if (sessionId) return { state: "completing-checkout", sessionId };
    throw redirect("/login");
  }
  return { state: "ready", user, subscription: await api.subscription() };
}

export function DashboardPage() {
  const data = useLoaderData() as DashboardData;
  useCheckoutReturn();
  if (data.state === "completing-checkout") {
    return (
      <main className="container spinner-page">
        <title>Finishing your signup · GoRDU</title>
        <p aria-busy="true">Finishing your signup…</p>
      </main>
    );
  }
  return <Dashboard user={data.user} subscription={data.subscription} />;
}

/**
 * SPEC §4 "Checkout return": with ?session_id= the page completes the checkout (which signs the new
 * subscriber in), refreshes user and subscription, and rewrites the URL to /dashboard. Failures are only logged.
 */
function useCheckoutReturn() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  useEffect(() => {
    if (!sessionId) return;
    api
      .completeCheckout(sessionId)
      .catch((error) => console.error("Failed to complete checkout", error))
      .finally(async () => {
        await navigate("/dashboard", { replace: true });
        await revalidate();
      });
  }, [sessionId, navigate, revalidate]);
}

function Dashboard({ user, subscription }: { user: CurrentUser; subscription: SubscriptionInfo }) {
  const [profileMode, setProfileMode] = useState<ProfileMode | null>(null);
  const [billingOpen, setBillingOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);

  const openBilling = () => {
    setProfileMode(null);
    setBillingOpen(true);
  };

  return (
    <>
      <title>Your deals · GoRDU</title>
      <DashboardHeader user={user} onOpenProfile={() => setProfileMode("view")} />
      <main className="container dashboard">
        {user.needsPasswordSetup && <PasswordSetupCard onSetPassword={() => setProfileMode("password")} />}
        <SubscriptionCard info={subscription} onOpenBilling={openBilling} />
        <article className="search-card">
          <header className="card-header">
            <h2>Search Flight Deals</h2>
            <EmailAlertsSwitch enabled={user.preferences.emailAlerts} />
          </header>
        </article>
      </main>
      <ProfileDialog user={user} mode={profileMode} onModeChange={setProfileMode} onOpenBilling={subscription.card ? openBilling : undefined} />
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
    </>
  );
}
