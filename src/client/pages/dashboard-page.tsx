import { useState } from "react";
import { redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { CurrentUser } from "../../domain/api-types.ts";
import { apiFromContext } from "../root-data.ts";
import { DashboardHeader } from "./dashboard/dashboard-header.tsx";
import { EmailAlertsSwitch } from "./dashboard/email-alerts-switch.tsx";
import { PasswordSetupCard } from "./dashboard/password-setup-card.tsx";
import { ProfileDialog, type ProfileMode } from "./dashboard/profile-dialog.tsx";

export interface DashboardData {
  user: CurrentUser;
}

/** Visitors go to /login (SPEC §6). */
export async function dashboardLoader({ context }: LoaderFunctionArgs): Promise<DashboardData> {
  const user = await apiFromContext(context).me();
  if (!user) throw redirect("/login");
  return { user };
}

export function DashboardPage() {
  const { user } = useLoaderData() as DashboardData;
  const [profileMode, setProfileMode] = useState<ProfileMode | null>(null);

  return (
    <>
      <title>Your deals · GoRDU</title>
      <DashboardHeader user={user} onOpenProfile={() => setProfileMode("view")} />
      <main className="container dashboard">
        {user.needsPasswordSetup && <PasswordSetupCard onSetPassword={() => setProfileMode("password")} />}
        <article className="search-card">
          <header className="card-header">
            <h2>Search Flight Deals</h2>
            <EmailAlertsSwitch enabled={user.preferences.emailAlerts} />
          </header>
        </article>
      </main>
      <ProfileDialog user={user} mode={profileMode} onModeChange={setProfileMode} />
    </>
  );
}
