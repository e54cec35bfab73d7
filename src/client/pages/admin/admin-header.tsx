import { Link } from "react-router";
import { LogoLink } from "../../components/logo.tsx";

export function AdminHeader() {
  return (
    <header className="admin-header">
      <div className="container admin-header-inner">
        <div>
          <LogoLink />
          <h1>Admin Dashboard</h1>
          <p className="admin-subtitle">Manage users and subscriptions</p>
        </div>
        <Link to="/dashboard" role="button" className="secondary outline">
          Back to Dashboard
        </Link>
      </div>
    </header>
  );
}
