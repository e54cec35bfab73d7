import { useState } from "react";
import type { OperationsOverview } from "../../../domain/api/admin.ts";
import { api } from "../../api.ts";
import { useToast } from "../../components/toast.tsx";
import { errorMessage } from "../../error-message.ts";
import { formatTime } from "./format.ts";
import { StatusBadge } from "./status-badge.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { Button } from "../../components/button.tsx";

type Outbox = OperationsOverview["outbox"];

/** A long address wraps before its domain first, and anywhere only if that is not enough (admin.css). */
function withBreakBeforeAt(address: string) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/**
 * Email outbox: counts by state, and the recent emails (failed first) with Retry on failed and overdue ones; one
 * scheduled for later says when it goes instead (its words are written for that time).
 */
export function OutboxPanel({ outbox, onRetried }: { outbox: Outbox; onRetried: () => Promise<void> }) {
  const toast = useToast();
  const [retrying, setRetrying] = useState<number | null>(null);

  const retry = async (id: number, to: string) => {
    if (retrying !== null) return;
    setRetrying(id);
    try {
      await api.retryEmail(id);
      toast({ title: "Email Queued", description: `The email to ${to} will be sent again within a few seconds.` });
      await onRetried();
    } catch (error) {
      toast({ title: "Retry Failed", description: errorMessage(error, "Failed to queue the email again"), variant: "destructive" });
    } finally {
      setRetrying(null);
    }
  };

  return (
    <section aria-labelledby="ops-outbox" className="ops-section">
      <h3 id="ops-outbox">Email outbox</h3>
      <dl className="stat-grid stat-grid-small">
        <div className="stat">
          <dt>Queued</dt>
          <dd>{outbox.counts.queued}</dd>
        </div>
        <div className="stat">
          <dt>Sent</dt>
          <dd>{outbox.counts.sent}</dd>
        </div>
        <div className={outbox.counts.failed > 0 ? "stat stat-alert" : "stat"}>
          <dt>Failed</dt>
          <dd>{outbox.counts.failed}</dd>
        </div>
        <div className="stat">
          <dt>Expired</dt>
          <dd>{outbox.counts.expired}</dd>
        </div>
      </dl>
      {outbox.recent.length === 0 ? (
        <p className="empty-state muted">No emails yet.</p>
      ) : (
        <TableScroll label="Recent emails">
          <table className="ops-table outbox-table" aria-label="Recent emails">
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Kind</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col" className="numeric">
                  Attempts
                </th>
                <th scope="col">Last error</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {outbox.recent.map((email) => (
                <tr key={email.id}>
                  <td className="nowrap">
                    {formatTime(email.createdAt)}
                    {email.sentAt && <small className="cell-note">sent {formatTime(email.sentAt)}</small>}
                  </td>
                  <td className="nowrap">{email.kind}</td>
                  <td className="cell-address">{withBreakBeforeAt(email.to)}</td>
                  <td>
                    <StatusBadge status={email.status} />
                  </td>
                  <td className="numeric">{email.attempts}</td>
                  <td className="error-text">{email.lastError ?? <span className="muted">—</span>}</td>
                  <td className="cell-retry">
                    {email.canRetry ? (
                      <Button
                        type="button"
                        className="secondary outline small"
                        onClick={() => void retry(email.id, email.to)}
                        disabled={retrying !== null}
                        aria-busy={retrying === email.id}
                        aria-label={`Retry the ${email.kind} email to ${email.to}`}
                      >
                        Retry
                      </Button>
                    ) : (
                      email.status === "queued" && <small className="muted">Due {formatTime(email.dueAt)}</small>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
