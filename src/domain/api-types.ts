/** Shapes of API answers, shared by the server that sends them and the client that reads them. */
import type { RejoinKind } from "./rejoin.ts";

export type PlanType = "monthly" | "annual";
export type SubscriptionType = "Paid" | "Free";

export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  phone: string;
  lastLoginAt: string | null;
  needsPasswordSetup: boolean;
  isAdmin: boolean;
  preferences: { emailAlerts: boolean; destinations: string[]; maxPrice: number; nonstopOnly: boolean };
  createdAt: string;
  planType: PlanType | null;
  subscriptionType: SubscriptionType;
  subscriptionStatus: string;
  stripeSubscriptionId: string | null;
}

export interface PublicConfig {
  /** The public origin (APP_URL), for absolute links such as og:image. */
  appUrl: string;
  supportEmail: string;
  billing: { mode: "test" | "stripe"; publishableKey: string | null; checkout: "embedded" | "hosted" };
}

export interface ContactRequest {
  email: string;
  name: string;
  subject: string;
  description: string;
}

export interface OkResponse {
  success: true;
  message?: string;
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  address: string;
  phone: string;
}

export type DealTier = "good" | "great" | "exceptional";

/** A deal in a subscriber's list: SPEC §3 "Flight deal", plus why it is a deal. */
export interface FlightDeal {
  id: number;
  airline: string;
  destination: string;
  destinationCity: string;
  /** e.g. 'Mon, Mar 3 - Fri, Mar 7' */
  travelDates: string;
  departDate: string;
  returnDate: string | null;
  startingPrice: number;
  tripType: string;
  seatClass: string;
  duration: string;
  nonstop: "Yes" | "No";
  /** Typical low and high for this route and month. */
  priceRange1: number;
  priceRange2: number;
  typicalPrice: number;
  percentBelowTypical: number;
  tier: DealTier;
  isNewForUser: boolean;
  isActive: boolean;
  source: string;
  foundAt: string;
  lastCheckedAt: string;
}

export interface PricePoint {
  date: string;
  price: number;
}

/** GET /api/subscription: the signed-in user's plan and where it stands. */
export interface SubscriptionInfo {
  planType: PlanType | null;
  subscriptionType: SubscriptionType;
  status: string;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  card: { brand: string; last4: string } | null;
  hasAccess: boolean;
  /** How this member can rejoin on their own (the Rejoin card); null when there is nothing to rejoin. */
  rejoin: RejoinKind | null;
}

export interface CreateSubscriptionRequest {
  email: string;
  firstName: string;
  lastName: string;
  planType: PlanType;
  preferences: { destinations: string[]; maxPrice: number; nonstopOnly: boolean };
}

/** A row of the admin's user table: the user as they see themselves, less preferences, plus billing dates. */
export type AdminUser = Omit<CurrentUser, "needsPasswordSetup" | "preferences"> & {
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  trialEndsAt: string | null;
};

export interface AdminUserList {
  users: AdminUser[];
  /** Users matching the search, of which at most `users.length` are listed. */
  total: number;
}

export interface AdminUserUpdate {
  firstName?: string;
  lastName?: string;
  address?: string;
  phone?: string;
  subscriptionType?: SubscriptionType;
}

export interface AuditEntry {
  id: number;
  actorEmail: string;
  action: string;
  targetEmail: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  note: string | null;
  createdAt: string;
}

export interface OperationsOverview {
  subscribers: { byStatus: Record<string, number>; byPlan: Record<string, number>; inTrial: number; total: number };
  trialsEndingThisWeek: { id: number; email: string; trialEndsAt: string }[];
  monthlyRecurringRevenue: number;
  scans: {
    id: number;
    source: string;
    status: string;
    startedAt: string;
    finishedAt: string | null;
    routes: number;
    quotes: number;
    dealsFound: number;
    newDeals: number;
    matches: number;
    errors: string[];
    quotaLeft: number | null;
  }[];
  outbox: {
    /** expired: a message whose link expired before it could be delivered, dropped rather than sent late. */
    counts: { queued: number; sent: number; failed: number; expired: number };
    recent: { id: number; kind: string; to: string; status: string; attempts: number; lastError: string | null; createdAt: string; sentAt: string | null }[];
  };
  contactMessages: { id: number; email: string; name: string; subject: string; description: string; createdAt: string; read: boolean }[];
}
