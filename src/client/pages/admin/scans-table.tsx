import type { OperationsOverview } from "../../../domain/api/admin.ts";
import { formatDuration, formatTime } from "./format.ts";
import { StatusBadge } from "./status-badge.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";

type Scan = OperationsOverview["scans"][number];

/** The last fare scans, newest first: what they covered, found and cost in API quota. */
export function ScansTable({ scans }: { scans: Scan[] }) {
  return (
    <section aria-labelledby="ops-scans" className="ops-section">
      <h3 id="ops-scans">Last fare scans</h3>
      {scans.length === 0 ? (
        <p className="empty-state muted">No fare scans yet. The scanner runs on its schedule, and at once on a fresh install.</p>
      ) : (
        <TableScroll label="Fare scans">
          <table className="ops-table" aria-labelledby="ops-scans">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Source</th>
                <th scope="col">Status</th>
                <th scope="col" className="numeric">
                  Routes
                </th>
                <th scope="col" className="numeric">
                  Quotes
                </th>
                <th scope="col" className="numeric">
                  Deals found
                </th>
                <th scope="col" className="numeric">
                  New deals
                </th>
                <th scope="col" className="numeric">
                  Matches
                </th>
                <th scope="col">Errors</th>
                <th scope="col" className="numeric">
                  Quota left
                </th>
              </tr>
            </thead>
            <tbody>
              {scans.map((scan) => (
                <tr key={scan.id} data-scan-id={scan.id}>
                  <td className="nowrap">
                    {formatTime(scan.startedAt)}
                    {scan.finishedAt && <small className="cell-note">took {formatDuration(scan.startedAt, scan.finishedAt)}</small>}
                  </td>
                  <td>{scan.source}</td>
                  <td>
                    <StatusBadge status={scan.status} />
                  </td>
                  <td className="numeric">{scan.routes}</td>
                  <td className="numeric">{scan.quotes}</td>
                  <td className="numeric">{scan.dealsFound}</td>
                  <td className="numeric">{scan.newDeals}</td>
                  <td className="numeric">{scan.matches}</td>
                  <td>
                    <ScanErrors errors={scan.errors} />
                  </td>
                  <td className="numeric">{scan.quotaLeft ?? <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function ScanErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return <span className="muted">None</span>;
  return (
    <details className="scan-errors">
      <summary className="text-danger">
        {errors.length} {errors.length === 1 ? "error" : "errors"}
      </summary>
      <ul>
        {errors.map((error, index) => (
          <li key={index}>{error}</li>
        ))}
      </ul>
    </details>
  );
}
