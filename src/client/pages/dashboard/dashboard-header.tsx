import { Link, useNavigate } from "react-router";
import { LogoLink } from "../../components/logo.tsx";
import type { CurrentUser } from "../../../domain/api/users.ts";
import { api } from "../../api.ts";
import { useToast } from "../../components/toast.tsx";
import { usePendingAction } from "../../components/use-pending-action.ts";
import { Button } from "../../components/button.tsx";

/** docs/product-rules.md §2: 'Welcome back' once the user has logged in before, else 'Welcome'; first name, or the email. */
export function greeting(user: CurrentUser): string {
  return `${user.lastLoginAt ? "Welcome back" : "Welcome"}, ${user.firstName || user.email}`;
}

export function DashboardHeader({ user, onOpenProfile }: { user: CurrentUser; onOpenProfile: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [pending, run] = usePendingAction();

  const logout = () =>
    run(async () => {
      try {
        await api.logout();
      } catch {
        toast({ title: "Logout Failed", description: "Please try again.", variant: "destructive" });
        return;
      }
      await navigate("/");
    });

  return (
    <header className="dashboard-header">
      <nav className="container">
        <ul>
          <li>
            <LogoLink />
          </li>
        </ul>
        <ul>
          <li>
            <h1 className="greeting">{greeting(user)}</h1>
          </li>
        </ul>
        <ul className="header-actions">
          {user.isAdmin && (
            <li>
              <Link to="/admin" role="button" className="secondary outline">
                Admin
              </Link>
            </li>
          )}
          <li>
            <Button type="button" className="secondary" onClick={onOpenProfile}>
              Profile
            </Button>
          </li>
          <li>
            <Button type="button" className="outline" onClick={logout} disabled={pending} aria-busy={pending}>
              Logout
            </Button>
          </li>
        </ul>
      </nav>
    </header>
  );
}
