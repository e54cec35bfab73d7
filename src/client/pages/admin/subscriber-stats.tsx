import type { OperationsOverview } from "../../../domain/api/admin.ts";
import { formatMoney, formatTime } from "./format.ts";
import { StatusBadge } from "./status-badge.tsx";

const PLAN_LABELS: Record<string, string> = { monthly: "Monthly", annual: "Annual", none: "No plan" };
const STATUS_ORDER = ["Active", "Paused", "Past Due", "Unpaid", "Incomplete", "Cancelled", "None"];

const byCountThenOrder =
  (order: string[]) =>
  ([a, countA]: [string, number], [b, countB]: [string, number]) => {
    const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
    return rank(a) - rank(b) || countB - countA || a.localeCompare(b);
  };

export function SubscriberStats({ overview }: { overview: OperationsOverview }) {
  const { subscribers, trialsEndingThisWeek, monthlyRecurringRevenue } = overview;
  const statuses = Object.entries(subscribers.byStatus).sort(byCountThenOrder(STATUS_ORDER));
  const plans = Object.entries(subscribers.byPlan).sort(byCountThenOrder(["monthly", "annual", "none"]));

  return (
    <section aria-labelledby="ops-subscribers" className="ops-section">
      <h3 id="ops-subscribers">Subscribers</h3>
      <dl className="stat-grid">
        <div className="stat">
          <dt>Accounts</dt>
          <dd>{subscribers.total}</dd>
        </div>
        <div className="stat">
          <dt>In trial</dt>
          <dd>{subscribers.inTrial}</dd>
        </div>
        <div className="stat">
          <dt>Trials ending this week</dt>
          <dd>{trialsEndingThisWeek.length}</dd>
        </div>
        <div className="stat stat-accent">
          <dt>Monthly recurring revenue</dt>
          <dd>{formatMoney(monthlyRecurringRevenue)}</dd>
        </div>
      </dl>

      <div className="ops-columns">
        <article className="ops-card">
          <h4 id="ops-by-status">By status</h4>
          <CountTable labelledBy="ops-by-status" heading="Status" rows={statuses} render={(key) => <StatusBadge status={key} />} />
        </article>
        <article className="ops-card">
          <h4 id="ops-by-plan">By plan</h4>
          <CountTable labelledBy="ops-by-plan" heading="Plan" rows={plans} render={(key) => PLAN_LABELS[key] ?? key} />
        </article>
        <article className="ops-card">
          <h4 id="ops-trials">Trials ending this week</h4>
          {trialsEndingThisWeek.length === 0 ? (
            <p className="muted">No trials end in the next 7 days.</p>
          ) : (
            <ul className="plain-list" aria-labelledby="ops-trials">
              {trialsEndingThisWeek.map((trial) => (
                <li key={trial.id}>
                  <span className="break-anywhere">{trial.email}</span>
                  <small className="muted">ends {formatTime(trial.trialEndsAt)} ET</small>
                </li>
              ))}
            </ul>
          )}
        </article>
      </div>
    </section>
  );
}

function CountTable({
  labelledBy,
  heading,
  rows,
  render,
}: {
  labelledBy: string;
  heading: string;
  rows: [string, number][];
  render: (key: string) => React.ReactNode;
}) {
  if (rows.length === 0) return <p className="muted">No accounts yet.</p>;
  return (
    <table className="count-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col" className="numeric">
            Accounts
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, count]) => (
          <tr key={key}>
            <th scope="row">{render(key)}</th>
            <td className="numeric">{count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
