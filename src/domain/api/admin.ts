// domain/api/: the TypeBox model of every JSON request and response body; types come from Static<>.
// Imports only TypeBox and src/domain; the client imports these models as types only.
/** The admin dashboard: users, the audit log and the operations overview. */
import { type Static, Type as t } from "@sinclair/typebox";
import { LIMITS } from "../validation.ts";
import { Nullable, strict, SubscriptionType } from "./common.ts";
import { CurrentUser } from "./users.ts";

/** A row of the admin's user table: the user as they see themselves, less preferences, plus billing dates. */
export const AdminUser = t.Composite([
  t.Omit(CurrentUser, ["needsPasswordSetup", "preferences"]),
  t.Object({
    cancelAtPeriodEnd: t.Boolean(),
    currentPeriodEnd: Nullable(t.String()),
    trialEndsAt: Nullable(t.String()),
    /** A pause that ends by itself (the member's own, decision 133): until when; null otherwise. */
    pausedUntil: Nullable(t.String()),
  }),
]);
export type AdminUser = Static<typeof AdminUser>;

export const AdminUserList = t.Object({
  users: t.Array(AdminUser),
  /** Users matching the search, of which at most `users.length` are listed. */
  total: t.Number(),
});
export type AdminUserList = Static<typeof AdminUserList>;

/** Twice the limits, like the profile: the profile rules answer longer text with their own words. */
export const AdminUserUpdate = t.Object(
  {
    firstName: t.Optional(t.String({ maxLength: LIMITS.name * 2 })),
    lastName: t.Optional(t.String({ maxLength: LIMITS.name * 2 })),
    address: t.Optional(t.String({ maxLength: LIMITS.address * 2 })),
    phone: t.Optional(t.String({ maxLength: LIMITS.phone * 2 })),
    subscriptionType: t.Optional(SubscriptionType),
  },
  strict,
);
export type AdminUserUpdate = Static<typeof AdminUserUpdate>;

/** An action on a user's subscription: the user as they are now, and (reactivation) which kind happened. */
export const AdminUserChanged = t.Object({ success: t.Literal(true), message: t.Optional(t.String()), user: AdminUser });

const Values = Nullable(t.Record(t.String(), t.Unknown()));

export const AuditEntry = t.Object({
  id: t.Number(),
  actorEmail: t.String(),
  action: t.String(),
  targetEmail: Nullable(t.String()),
  before: Values,
  after: Values,
  note: Nullable(t.String()),
  createdAt: t.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditLog = t.Array(AuditEntry);

const Counts = t.Record(t.String(), t.Number());

export const OperationsOverview = t.Object({
  subscribers: t.Object({ byStatus: Counts, byPlan: Counts, inTrial: t.Number(), total: t.Number() }),
  trialsEndingThisWeek: t.Array(t.Object({ id: t.Number(), email: t.String(), trialEndsAt: t.String() })),
  monthlyRecurringRevenue: t.Number(),
  scans: t.Array(
    t.Object({
      id: t.Number(),
      source: t.String(),
      status: t.String(),
      startedAt: t.String(),
      finishedAt: Nullable(t.String()),
      routes: t.Number(),
      quotes: t.Number(),
      dealsFound: t.Number(),
      newDeals: t.Number(),
      matches: t.Number(),
      errors: t.Array(t.String()),
      quotaLeft: Nullable(t.Number()),
    }),
  ),
  /** What the fare scans spend and see (docs/decisions/081). */
  fares: t.Object({
    source: t.String(),
    /** A source with a monthly search quota (SerpApi's discovery sweep). */
    paid: t.Boolean(),
    /** The budget plan of a source that sweeps by discovery (SerpApi); null for the simulated market or an unknown quota. */
    plan: Nullable(
      t.Object({
        budget: t.Number(),
        budgetFrom: t.String(),
        quota: Nullable(t.Number()),
        /** What the plan costs a month: FARE_PLAN_PRICE_USD, else the price list (provider-prices.ts). */
        dollarsPerMonth: Nullable(t.Number()),
        cost: t.String(),
        /** What the budget buys by the deal-quality replay: sales alerted, the wait to the alert, alerts real. */
        buys: t.String(),
        schedule: t.String(),
        sweepsPerMonth: t.Number(),
        searchesPerSweep: t.Number(),
        discoveryPerSweep: t.Number(),
        completenessPerSweep: t.Number(),
        sweepsPerCompletenessCycle: Nullable(t.Number()),
        confirmationReserve: t.Number(),
        sweepsPerRotation: Nullable(t.Number()),
        routesSearchedAlone: t.Array(t.String()),
        routesLeftOut: t.Array(t.String()),
        expectedMonthlyUse: t.Number(),
        warnings: t.Array(t.String()),
      }),
    ),
    /** Searches the scans spent since the 1st of this month (UTC). */
    searchesThisMonth: t.Number(),
    /** Searches left this month after the last scan, when the source has a quota. */
    searchesLeft: Nullable(t.Number()),
    catalogueRoutes: t.Number(),
    routesObserved6h: t.Number(),
    routesObserved24h: t.Number(),
    /** Catalogue routes priced before but not in the last 24 hours, and routes never priced (decision 114). */
    routesUnseen24h: t.Array(t.String()),
    routesNeverSeen: t.Array(t.String()),
    /** This month: candidates a fresh search found still a deal, and those it found gone or dearer. */
    candidatesConfirmed: t.Number(),
    candidatesRejected: t.Number(),
    lastDiscovery: Nullable(t.Object({ at: t.String(), searches: t.Number(), rawRows: t.Number() })),
  }),
  outbox: t.Object({
    /** expired: a message whose link expired before it could be delivered, dropped rather than sent late. */
    counts: t.Object({ queued: t.Number(), sent: t.Number(), failed: t.Number(), expired: t.Number() }),
    recent: t.Array(
      t.Object({
        id: t.Number(),
        kind: t.String(),
        to: t.String(),
        status: t.String(),
        attempts: t.Number(),
        lastError: Nullable(t.String()),
        createdAt: t.String(),
        sentAt: Nullable(t.String()),
        /** When a queued row is due: its scheduled time, or its next try. */
        dueAt: t.String(),
        /** Retry is offered (src/domain/outbox-retry.ts). */
        canRetry: t.Boolean(),
      }),
    ),
  }),
  contactMessages: t.Array(
    t.Object({ id: t.Number(), email: t.String(), name: t.String(), subject: t.String(), description: t.String(), createdAt: t.String(), read: t.Boolean() }),
  ),
});
export type OperationsOverview = Static<typeof OperationsOverview>;

export const ContactMessageRead = t.Object({ read: t.Boolean() }, strict);
