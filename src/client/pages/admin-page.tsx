// client/pages/: one file per route (landing, subscribe, login, reset password, dashboard, admin, not found), its parts in a folder of the same name.
// A page imports components, the API and domain rules, never another page's parts.
import { data, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import type { AdminUserList } from "../../domain/api/admin.ts";
import type { CurrentUser } from "../../domain/api/users.ts";
import { apiFromContext } from "../root-data.ts";
import { AccessDenied } from "./admin/access-denied.tsx";
import { AdminHeader } from "./admin/admin-header.tsx";
import { AdminTabs } from "./admin/admin-tabs.tsx";
import { useHydrated } from "../components/use-hydrated.ts";

export type AdminData = { state: "denied" } | { state: "ready"; me: CurrentUser; users: AdminUserList };

/**
 * docs/product-rules.md §6: a visitor goes to /login; a signed-in non-admin gets 'Access Denied' (403) and the user list is
 * never requested; an admin gets the first page of users with the page.
 */
export async function adminLoader({ context }: LoaderFunctionArgs) {
  const api = apiFromContext(context);
  const me = await api.me();
  if (!me) throw redirect("/login");
  if (!me.isAdmin) return data<AdminData>({ state: "denied" }, { status: 403 });
  return { state: "ready", me, users: await api.adminUsers() } satisfies AdminData;
}

export function AdminPage() {
  const page = useLoaderData() as AdminData;
  /** `data-hydrated` tells browser tests the buttons work now (the HTML arrives before the script). */
  const hydrated = useHydrated();
  if (page.state === "denied") return <AccessDenied />;
  return (
    <>
      <title>Admin Dashboard · GoRDU</title>
      <AdminHeader />
      <main className="container admin-page" data-hydrated={hydrated ? "" : undefined}>
        <AdminTabs me={page.me} initialUsers={page.users} />
      </main>
    </>
  );
}
