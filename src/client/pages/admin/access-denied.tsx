// pages/admin/: the admin dashboard's parts: the users table and its actions, the operations tab.
// Imports components, the API and domain rules; no other page's parts.
import { Link } from "react-router";
import { useHydrated } from "../../components/use-hydrated.ts";

/** What a signed-in non-admin sees at /admin (docs/product-rules.md §2). */
export function AccessDenied() {
  const hydrated = useHydrated();
  return (
    <main className="container centered-card" data-hydrated={hydrated ? "" : undefined}>
      <title>Access Denied · GoRDU</title>
      <article className="access-denied">
        <h1>Access Denied</h1>
        <p>You do not have permission to access the admin dashboard.</p>
        <Link to="/" role="button">
          Go to Home
        </Link>
      </article>
    </main>
  );
}
