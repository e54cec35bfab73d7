import { execFileSync } from "node:child_process";
import type { OperationsOverview } from "../../../src/domain/api/admin.ts";
import { BUN, REPO_ROOT, type RunningServer } from "./server.ts";

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${process.pid}-${++counter}-${Date.now().toString(36)}@example.com`;

export interface SeededUser {
  id: number;
  email: string;
  password: string;
}

export interface Preferences {
  destinations: string[];
  maxPrice: number;
  nonstopOnly: boolean;
}

/**
 * Preferences no live deal fits (maxPrice 0): the subscriber's list holds only the deals seeded for them,
 * never the ones the server's own scans publish, so a test knows exactly what the dashboard shows.
 */
export const ONLY_SEEDED_DEALS: Preferences = { destinations: [], maxPrice: 0, nonstopOnly: false };

function seed(args: string[]): string {
  const output = execFileSync(BUN, ["tests/support/seed.ts", ...args], { cwd: REPO_ROOT, encoding: "utf8" });
  return output.trim().split("\n").at(-1)!;
}

/** Creates a subscriber in the running server's database (through tests/support/seed.ts under Bun). */
export function seedUser(
  server: RunningServer,
  options: {
    email?: string;
    password?: string;
    needsSetup?: boolean;
    firstName?: string;
    status?: string;
    type?: string;
    plan?: string;
    preferences?: Preferences;
    emailAlerts?: boolean;
  } = {},
): SeededUser {
  const email = options.email ?? uniqueEmail("member");
  const password = options.password ?? "member password 1";
  const args = ["user", "--db", server.databasePath, "--email", email, "--password", password];
  if (options.needsSetup) args.push("--needs-setup");
  if (options.firstName !== undefined) args.push("--first-name", options.firstName);
  if (options.status) args.push("--status", options.status);
  if (options.type) args.push("--type", options.type);
  if (options.plan) args.push("--plan", options.plan);
  if (options.preferences) args.push("--preferences", JSON.stringify(options.preferences));
  if (options.emailAlerts === false) args.push("--email-alerts", "off");
  return { ...(JSON.parse(seed(args)) as { id: number; email: string }), password };
}

/**
 * Puts `count` deterministic deals (tests/support/seed-deals-data.ts) in the user's list, newest first in
 * index order; the first `newCount` are new, the last `ended` have ended. Returns their ids in that order.
 */
export function seedDeals(server: RunningServer, userId: number, options: { count: number; newCount?: number; ended?: number }): number[] {
  const args = ["deals", "--db", server.databasePath, "--user-id", String(userId), "--count", String(options.count)];
  if (options.newCount !== undefined) args.push("--new", String(options.newCount));
  if (options.ended !== undefined) args.push("--ended", String(options.ended));
  return (JSON.parse(seed(args)) as { ids: number[] }).ids;
}

/**
 * Publishes a brand-new deal and runs the server's fan-out on it at once: every subscriber it fits gets it
 * in their list, and alert emails are queued for those with alerts on; the running server delivers them.
 */
export function seedDealAlert(
  server: RunningServer,
  options: { destination: string; price?: number; airline?: string; stops?: boolean; depart?: string; return?: string; percent?: number },
): { dealId: number; matches: number; emails: number } {
  const args = ["deal-alert", "--db", server.databasePath, "--destination", options.destination];
  if (options.depart) args.push("--depart", options.depart);
  if (options.return) args.push("--return", options.return);
  if (options.percent !== undefined) args.push("--percent", String(options.percent));
  if (options.price !== undefined) args.push("--price", String(options.price));
  if (options.airline) args.push("--airline", options.airline);
  if (options.stops) args.push("--stops");
  return JSON.parse(seed(args)) as { dealId: number; matches: number; emails: number };
}

/** A scan row as the Operations tab shows it, less its times. */
export type SeededScan = Omit<OperationsOverview["scans"][number], "startedAt" | "finishedAt">;

/** Records a finished fare scan (the newest one) with figures no real scan produces; returns them with its id. */
export function seedScan(server: RunningServer): SeededScan {
  return JSON.parse(seed(["scan", "--db", server.databasePath])) as SeededScan;
}

/** The kinds of the emails owed or sent to this address, oldest first: only an outbox row ever becomes an email. */
export function outboxKindsTo(server: RunningServer, email: string): string[] {
  return JSON.parse(seed(["outbox", "--db", server.databasePath, "--to", email])) as string[];
}

/** The deal ends now, as a scan ends one whose price rose. */
export function endDeal(server: RunningServer, dealId: number): void {
  seed(["end-deal", "--db", server.databasePath, "--deal-id", String(dealId)]);
}

/** A fare observed now for the deal's trip, then the server's fare watch on booked trips: how many drop alerts it queued. */
export function observeFareDrop(server: RunningServer, dealId: number, price: number): number {
  return (JSON.parse(seed(["fare-drop", "--db", server.databasePath, "--deal-id", String(dealId), "--price", String(price)])) as { alerts: number }).alerts;
}
