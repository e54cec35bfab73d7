import type { AuditEntry } from "../../../domain/api/admin.ts";
import { actionLabel, auditChanges, deletedSummary } from "./audit-summary.ts";
import { formatTime } from "./format.ts";
import { TableScroll } from "../../components/table-scroll.tsx";

/** Who did what to whom and when, with what changed (newest first). */
export function AuditLog({ entries }: { entries: AuditEntry[] }) {
  return (
    <section aria-labelledby="ops-audit" className="ops-section">
      <h3 id="ops-audit">Audit log</h3>
      {entries.length === 0 ? (
        <p className="empty-state muted">No admin actions yet.</p>
      ) : (
        <TableScroll label="Audit log entries">
          <table className="ops-table audit-table" aria-labelledby="ops-audit">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  const deleted = deletedSummary(entry);
  return (
    <tr>
      <td className="nowrap">{formatTime(entry.createdAt)}</td>
      <td className="break-anywhere">{entry.actorEmail}</td>
      <td className="nowrap">{actionLabel(entry.action)}</td>
      <td className="break-anywhere">{entry.targetEmail ?? <span className="muted">—</span>}</td>
      <td>
        {changes.length > 0 && (
          <ul className="changes">
            {changes.map((change) => (
              <li key={change.field}>
                <span className="change-field">{change.field}:</span> <del>{change.before}</del> <span aria-hidden="true">→</span>
                <span className="visually-hidden">changed to</span> <ins>{change.after}</ins>
              </li>
            ))}
          </ul>
        )}
        {deleted && <span>{deleted}</span>}
        {entry.note && <small className="cell-note">{entry.note}</small>}
        {changes.length === 0 && !deleted && !entry.note && <span className="muted">No field changes</span>}
      </td>
    </tr>
  );
}
