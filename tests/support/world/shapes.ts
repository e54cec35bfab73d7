/**
 * The world's options and constants, free of the database: the browser tests (under Node) import these, and the
 * seam and the in-process tests share them through world.ts.
 */
import type { UserPreferences } from "../../../db/schema.ts";

export interface MemberOptions {
  email?: string;
  password?: string;
  /** A new subscriber who has not set a password yet (no password hash). */
  needsSetup?: boolean;
  firstName?: string;
  lastName?: string;
  status?: string;
  type?: "Paid" | "Free";
  plan?: "monthly" | "annual";
  preferences?: UserPreferences;
  emailAlerts?: boolean;
}

export interface Member {
  id: number;
  email: string;
  password: string;
}

export interface DealsOptions {
  count: number;
  /** How many of the newest are NEW (not yet viewed); all by default. */
  newCount?: number;
  /** How many of the oldest have ended. */
  ended?: number;
}

export interface DealAlertOptions {
  destination: string;
  price?: number;
  airline?: string;
  /** One stop or more (nonstop by default). */
  stops?: boolean;
  /** 'YYYY-MM-DD' departure and return; by default 40 days ahead, for a week. */
  depart?: string;
  return?: string;
  percent?: number;
}

export const MEMBER_PASSWORD = "member password 1";

/**
 * Preferences no live deal fits (maxPrice 0): the member's list holds only the deals seeded for them, never the ones
 * the server's own scans publish, so a test knows exactly what the dashboard shows.
 */
export const ONLY_SEEDED_DEALS: UserPreferences = { destinations: [], maxPrice: 0, nonstopOnly: false };

/** Figures no real scan of the simulated market produces, so a test knows the row it sees is this one. */
export const SEEDED_SCAN = {
  source: "seeded-source",
  status: "succeeded",
  routes: 17,
  quotes: 4321,
  dealsFound: 23,
  newDeals: 9,
  matches: 6,
  errors: ["LIS: provider timed out"],
  quotaLeft: 987,
} as const;

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${process.pid}-${++counter}-${Date.now().toString(36)}@example.com`;
