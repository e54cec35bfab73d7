import type { AdminUser } from "../../../domain/api/admin.ts";
import { formatDay, formatShortDay } from "./format.ts";
import { StatusBadge } from "./status-badge.tsx";
import { SubscriptionMenu, type SubscriptionAction } from "./subscription-menu.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { Button } from "../../components/button.tsx";

interface UserTableProps {
  users: AdminUser[];
  meId: number;
  busyUserId: number | null;
  searching: boolean;
  onEdit: (user: AdminUser) => void;
  onSubscriptionAction: (action: SubscriptionAction, user: AdminUser) => void;
}

const COLUMNS = ["Email", "First Name", "Last Name", "Phone", "Signup Date", "Type", "Status", "Actions"] as const;

const PLAN_NAMES = { monthly: "Monthly", annual: "Annual" } as const;

function Missing() {
  return (
    <>
      <span className="muted" aria-hidden="true">
        —
      </span>
      <span className="visually-hidden">Not provided</span>
    </>
  );
}

/** Below 768 px each row becomes a card, its cells labelled by their column (admin.css). */
export function UserTable({ users, meId, busyUserId, searching, onEdit, onSubscriptionAction }: UserTableProps) {
  return (
    <TableScroll label="Users">
      <table className="user-table striped">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={searching ? "stale" : undefined}>
          {users.map((user) => (
            <tr key={user.id}>
              <td data-label="Email" className="cell-email">
                <span className="email-text">
                  <EmailText email={user.email} />
                </span>
                {user.id === meId && <span className="you-badge">You</span>}
                {user.isAdmin && user.id !== meId && <span className="you-badge">Admin</span>}
              </td>
              <td data-label="First Name">{user.firstName || <Missing />}</td>
              <td data-label="Last Name">{user.lastName || <Missing />}</td>
              <td data-label="Phone" className="nowrap">
                {user.phone || <Missing />}
              </td>
              <td data-label="Signup Date" className="nowrap">
                {formatDay(user.createdAt)}
              </td>
              <td data-label="Type">
                <span className={`type-label type-${user.subscriptionType.toLowerCase()}`}>{user.subscriptionType}</span>
                {user.planType && <small className="cell-note">{PLAN_NAMES[user.planType]}</small>}
              </td>
              <td data-label="Status">
                <StatusBadge status={user.subscriptionStatus} />
                <StatusNote user={user} />
              </td>
              <td data-label="Actions" className="cell-actions">
                <div className="row-actions">
                  <Button type="button" className="secondary small" onClick={() => onEdit(user)} aria-label={`Edit ${user.email}`}>
                    Edit
                  </Button>
                  {user.stripeSubscriptionId && <SubscriptionMenu user={user} busy={busyUserId === user.id} onAction={onSubscriptionAction} />}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The address with a line-break opportunity before its @, so a long one wraps as 'name' / '@domain'. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** When a subscription is about to change on its own: a trial, a cancellation at period end, a member's pause ending (Re-activate lifts it sooner). */
function StatusNote({ user }: { user: AdminUser }) {
  if (user.subscriptionStatus === "Paused" && user.pausedUntil) return <small className="cell-note">Paused to {formatShortDay(user.pausedUntil)}</small>;
  if (user.subscriptionStatus !== "Active") return null;
  if (user.cancelAtPeriodEnd && user.currentPeriodEnd) return <small className="cell-note">Ends {formatShortDay(user.currentPeriodEnd)}</small>;
  if (user.trialEndsAt) return <small className="cell-note">Trial to {formatShortDay(user.trialEndsAt)}</small>;
  return null;
}
