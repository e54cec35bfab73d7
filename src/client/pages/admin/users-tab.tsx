import { useState } from "react";
import type { AdminUser, AdminUserList } from "../../../domain/api/admin.ts";
import type { CurrentUser } from "../../../domain/api/users.ts";
import { CancelSubscriptionDialog } from "./cancel-subscription-dialog.tsx";
import { DeleteUserDialog } from "./delete-user-dialog.tsx";
import { EditUserDialog } from "./edit-user-dialog.tsx";
import type { SubscriptionAction } from "./subscription-menu.tsx";
import { useAdminUsers } from "./use-admin-users.ts";
import { useUserActions } from "./use-user-actions.ts";
import { UserSearch } from "./user-search.tsx";
import { UserTable } from "./user-table.tsx";
import { Button } from "../../components/button.tsx";

/** 'User Management (N users)': search, the table, and the edit, delete and cancel dialogs. */
export function UsersTab({ me, initial }: { me: CurrentUser; initial: AdminUserList }) {
  const users = useAdminUsers(initial);
  const actions = useUserActions(users);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [cancelling, setCancelling] = useState<AdminUser | null>(null);
  /** A failed delete leaves the edit dialog open: its reason is shown there too (a toast over a modal is soon gone). */
  const [editError, setEditError] = useState<string | null>(null);
  const openEdit = (user: AdminUser | null) => {
    setEditError(null);
    setEditing(user);
  };
  const { list, search } = users;

  const onSubscriptionAction = (action: SubscriptionAction, user: AdminUser) => {
    if (action === "cancel") setCancelling(user);
    else if (action === "pause") void actions.pause(user);
    else void actions.reactivate(user);
  };

  return (
    <section aria-labelledby="user-management" className="users-tab">
      <header className="section-bar">
        <div className="heading-with-status">
          <h2 id="user-management">User Management ({list.total} users)</h2>
          <small className="search-status" role="status">
            {users.searching ? "Searching…" : ""}
          </small>
        </div>
        <UserSearch value={search} onChange={users.setSearch} />
      </header>

      {users.error && (
        <p className="inline-error" role="alert">
          {users.error}{" "}
          <Button type="button" className="link-button" onClick={users.reload}>
            Try again
          </Button>
        </p>
      )}

      {list.users.length === 0 ? (
        <div className="empty-state">
          {users.searching ? (
            <p aria-busy="true">Searching…</p>
          ) : (
            <>
              <p>
                <strong>{search.trim() ? `No users match “${search.trim()}”` : "No users yet"}</strong>
              </p>
              <p className="muted">
                {search.trim() ? "Try part of an email address, a first name or a last name." : "Subscribers appear here once they sign up."}
              </p>
              {search.trim() && (
                <Button type="button" className="secondary outline small" onClick={() => users.setSearch("")}>
                  Clear search
                </Button>
              )}
            </>
          )}
        </div>
      ) : (
        <>
          <UserTable
            users={list.users}
            meId={me.id}
            busyUserId={actions.busyUserId}
            searching={users.searching}
            onEdit={openEdit}
            onSubscriptionAction={onSubscriptionAction}
          />
          {list.total > list.users.length && (
            <p className="muted table-footnote">
              Showing the newest {list.users.length} of {list.total} users. Search to find the others.
            </p>
          )}
        </>
      )}

      <EditUserDialog
        user={editing}
        error={editError}
        saving={actions.busyUserId !== null && actions.busyUserId === editing?.id}
        onClose={() => openEdit(null)}
        onSave={async (user, update) => {
          const outcome = await actions.save(user, update);
          if (outcome.ok) openEdit(null);
          return outcome;
        }}
        onDelete={
          editing?.id === me.id
            ? undefined
            : (user) => {
                setEditError(null);
                setDeleting(user);
              }
        }
      />
      <DeleteUserDialog
        user={deleting}
        deleting={actions.busyUserId !== null && actions.busyUserId === deleting?.id}
        onClose={() => setDeleting(null)}
        onConfirm={async (user) => {
          const outcome = await actions.remove(user);
          if (outcome.ok) openEdit(null);
          else if (outcome.error) setEditError(outcome.error);
          if (outcome.ok || outcome.error) setDeleting(null);
        }}
      />
      <CancelSubscriptionDialog
        user={cancelling}
        cancelling={actions.busyUserId !== null && actions.busyUserId === cancelling?.id}
        onClose={() => setCancelling(null)}
        onConfirm={async (user) => {
          const outcome = await actions.cancel(user);
          if (outcome.ok || outcome.error) setCancelling(null);
        }}
      />
    </section>
  );
}
