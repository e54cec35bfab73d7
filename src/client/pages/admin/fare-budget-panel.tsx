import type { OperationsOverview } from "../../../domain/api/admin.ts";
import { completenessWords, rotationWords, routeList } from "../../../domain/route-coverage-words.ts";
import { formatTime } from "./format.ts";

type Fares = OperationsOverview["fares"];
const n = (value: number) => value.toLocaleString("en-US");

/** Fare searches: spent and left this month, how much of the catalogue the scans see, confirmations, and the budget plan. */
export function FareBudgetPanel({ fares }: { fares: Fares }) {
  const { plan } = fares;
  const checked = fares.candidatesConfirmed + fares.candidatesRejected;
  const pass = plan ? completenessWords(plan) : null;
  return (
    <section aria-labelledby="ops-fares" className="ops-section">
      <h3 id="ops-fares">Fare searches</h3>
      <dl className="stat-grid stat-grid-six">
        <div className="stat">
          <dt>Searches this month</dt>
          <dd>{n(fares.searchesThisMonth)}</dd>
        </div>
        <div className="stat">
          <dt>Searches left</dt>
          <dd>{fares.searchesLeft !== null ? n(fares.searchesLeft) : fares.paid ? "Not known" : "No limit"}</dd>
        </div>
        <div className="stat">
          <dt>Routes seen, 6 h</dt>
          <dd>
            {fares.routesObserved6h} / {fares.catalogueRoutes}
          </dd>
        </div>
        <div className="stat">
          <dt>Routes seen, 24 h</dt>
          <dd>
            {fares.routesObserved24h} / {fares.catalogueRoutes}
          </dd>
        </div>
        <div className="stat">
          <dt>Candidates confirmed</dt>
          <dd>{n(fares.candidatesConfirmed)}</dd>
        </div>
        <div className={fares.candidatesRejected > 0 ? "stat stat-alert" : "stat"}>
          <dt>Candidates not real</dt>
          <dd>
            {n(fares.candidatesRejected)}
            {checked > 0 && <small className="muted"> ({Math.round((fares.candidatesRejected / checked) * 100)}%)</small>}
          </dd>
        </div>
      </dl>
      <p className={fares.routesUnseen24h.length + fares.routesNeverSeen.length > 0 ? "inline-error" : "muted"}>
        Routes not seen in the last 24 h: {routeList(fares.routesUnseen24h)}. Never seen: {routeList(fares.routesNeverSeen)}.
      </p>
      <p className="muted">
        {fares.lastDiscovery
          ? `Last discovery ${formatTime(fares.lastDiscovery.at)} ET: ${fares.lastDiscovery.searches} Travel Explore searches, ${n(fares.lastDiscovery.rawRows)} rows. `
          : `Source: ${fares.source}; no discovery yet. `}
        Candidates are this month's: a discovered price a fresh Google Flights search found still a deal, or gone or dearer.
      </p>
      {plan ? (
        <article className="ops-card" aria-labelledby="ops-budget-plan">
          <h4 id="ops-budget-plan">Budget plan</h4>
          <ul className="plain-list">
            <li>
              {n(plan.budget)} searches a month ({plan.budgetFrom}
              {plan.quota !== null && plan.budgetFrom === "FARE_BUDGET" ? `; the plan has ${n(plan.quota)}` : ""})
            </li>
            <li>The plan costs {plan.cost}</li>
            <li>
              What {n(plan.budget)} searches a month buy: {plan.buys}
            </li>
            <li>
              Schedule '{plan.schedule}': {n(plan.sweepsPerMonth)} sweeps a month, {plan.searchesPerSweep} searches each ({plan.discoveryPerSweep} Travel
              Explore, {plan.confirmationReserve} held for confirmations)
            </li>
            {plan.sweepsPerRotation !== null && (
              <li>
                {rotationWords(plan).replace(/^e/, "E")} searched once every {plan.sweepsPerRotation} sweeps
              </li>
            )}
            {pass !== null && <li>{pass.replace(/^t/, "T")}</li>}
            <li>Routes searched by their own airport (no Travel Explore area covers them): {routeList(plan.routesSearchedAlone)}</li>
            <li>Routes this plan never searches: {routeList(plan.routesLeftOut)}</li>
            <li>
              Expected use {n(plan.expectedMonthlyUse)} of {n(plan.budget)} a month
            </li>
          </ul>
          {plan.warnings.map((warning) => (
            <p key={warning} className="inline-error" role="alert">
              {warning}
            </p>
          ))}
        </article>
      ) : (
        <p className="muted">
          No search budget: {fares.source === "simulated" ? "the simulated market is free" : "the quota is not known yet (set FARE_BUDGET)"}.
        </p>
      )}
    </section>
  );
}
