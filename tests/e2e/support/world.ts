/**
 * A browser test's world, made inside the running test server through its test seam (tests/support/world/seam.ts):
 * members, their deals, sessions, alerts. Each call is one loopback request of a few milliseconds.
 */
import type { Page } from "@playwright/test";
import type { OperationsOverview } from "../../../src/domain/api/admin.ts";
import type { DealAlertOptions, DealsOptions, Member, MemberOptions } from "../../support/world/shapes.ts";
import type { RunningServer } from "./server.ts";

export { MEMBER_PASSWORD, ONLY_SEEDED_DEALS, uniqueEmail, type Member } from "../../support/world/shapes.ts";

async function seam<T>(server: RunningServer, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/__test${path}`, {
    method,
    headers: { origin: server.url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`test seam ${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A member in the server's database (an active paid monthly subscriber unless told otherwise). */
export const seedUser = (server: RunningServer, options: MemberOptions = {}) => seam<Member>(server, "POST", "/members", options);

/**
 * Puts `count` deterministic deals (tests/support/world/seed-deals-data.ts) in the member's list, newest first in
 * index order; the first `newCount` are new, the last `ended` have ended. Returns their ids in that order.
 */
export const seedDeals = async (server: RunningServer, userId: number, options: DealsOptions) =>
  (await seam<{ ids: number[] }>(server, "POST", `/members/${userId}/deals`, options)).ids;

/** Signs the page's browser in as the member, as a sign-in would (the session cookie), without the login form. */
export async function signIn(page: Page, server: RunningServer, member: Pick<Member, "id">): Promise<void> {
  // The page's own request context: the answer's Set-Cookie lands in the browser, as a login's would.
  const response = await page.request.post(`${server.url}/__test/members/${member.id}/sessions`, { headers: { origin: server.url } });
  if (!response.ok()) throw new Error(`test seam sign-in: ${response.status()} ${await response.text()}`);
}

/**
 * Publishes a brand-new deal and runs the server's fan-out on it at once: every subscriber it fits gets it in their
 * list, and alerts are queued for those with alerts on; the running server delivers them.
 */
export const seedDealAlert = (server: RunningServer, options: DealAlertOptions) =>
  seam<{ dealId: number; matches: number; emails: number }>(server, "POST", "/deal-alerts", options);

/** A scan row as the Operations tab shows it, less its times. */
export type SeededScan = Omit<OperationsOverview["scans"][number], "startedAt" | "finishedAt">;

/** Records a finished fare scan (the newest one) with figures no real scan produces; returns them with its id. */
export const seedScan = (server: RunningServer) => seam<SeededScan>(server, "POST", "/scans");

/** The kinds of the emails owed or sent to this address, oldest first: only an outbox row ever becomes an email. */
export const outboxKindsTo = (server: RunningServer, email: string) => seam<string[]>(server, "GET", `/outbox?to=${encodeURIComponent(email)}`);

/** The subscriber's free trial is over, as if seven days had passed: their plan is now paid (world.ts endFreeTrial). */
export const endFreeTrial = (server: RunningServer, email: string) => seam(server, "POST", "/end-free-trial", { email });

/** The deal ends now, as a scan ends one whose price rose. */
export const endDeal = (server: RunningServer, dealId: number) => seam(server, "POST", `/deals/${dealId}/end`);

/** A fare observed now for the deal's trip, then the server's fare watch on booked trips: how many drop alerts it queued. */
export const observeFareDrop = async (server: RunningServer, dealId: number, price: number) =>
  (await seam<{ alerts: number }>(server, "POST", `/deals/${dealId}/fare-drops`, { price })).alerts;

/**
 * The server forgets that this test card had its free trial (one per card, decision 098): every signup of the browser
 * tests pays with the same card on its worker's one server, so each has the card's claim forgotten first.
 */
export const forgetCardTrial = (server: RunningServer, cardNumber: string) => seam(server, "POST", "/forget-card-trial", { cardNumber });
