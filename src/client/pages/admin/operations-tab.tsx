import { FareBudgetPanel } from "./fare-budget-panel.tsx";
import { AuditLog } from "./audit-log.tsx";
import { ContactMessages } from "./contact-messages.tsx";
import { formatClock } from "./format.ts";
import { OutboxPanel } from "./outbox-panel.tsx";
import { ScansTable } from "./scans-table.tsx";
import { SubscriberStats } from "./subscriber-stats.tsx";
import { useOperations } from "./use-operations.ts";
import { Button } from "../../components/button.tsx";

/** What a solo operator checks: subscribers and revenue, fare scans, email, messages, and who changed what. */
export function OperationsTab({ active }: { active: boolean }) {
  const { data, loading, error, refresh, patch } = useOperations(active);

  return (
    <div className="operations">
      <header className="section-bar">
        <h2>Operations</h2>
        <div className="refresh">
          <small className="muted" aria-live="polite">
            {loading ? "Loading…" : data ? `Updated ${formatClock(data.loadedAt)} ET` : ""}
          </small>
          <Button type="button" className="secondary outline small" onClick={() => void refresh()} disabled={loading}>
            Refresh
          </Button>
        </div>
      </header>

      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}

      {!data ? (
        loading && (
          <div className="empty-state">
            <p aria-busy="true">Loading the operations overview…</p>
          </div>
        )
      ) : (
        <>
          <SubscriberStats overview={data.overview} />
          <FareBudgetPanel fares={data.overview.fares} />
          <ScansTable scans={data.overview.scans} />
          <OutboxPanel outbox={data.overview.outbox} onRetried={refresh} />
          <ContactMessages messages={data.overview.contactMessages} onChange={patch} />
          <AuditLog entries={data.audit} />
        </>
      )}
    </div>
  );
}
