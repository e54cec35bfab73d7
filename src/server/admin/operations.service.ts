import { and, desc, eq, gt, gte, isNotNull, lte, sql } from "drizzle-orm";
import { contactMessages, emailOutbox, fareScans, users } from "../../../db/schema.ts";
import type { OperationsOverview } from "../../domain/api/admin.ts";
import { PLANS } from "../../domain/plans.ts";
import type { User } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { conflict, notFound } from "../http/errors.ts";
import { canRetryNow } from "../../domain/outbox-retry.ts";
import { writeAudit } from "../audit-log.ts";
import { DAY_MS, HOUR_MS } from "../../domain/calendar.ts";
import { DESTINATIONS } from "../../domain/destinations.ts";
import { budgetPlanOf } from "../fares/sweep/fare-budget.ts";
import { routesObservedSince, unseenRoutes } from "../fares/sweep/route-coverage.ts";

const WEEK_MS = 7 * DAY_MS;

function countBy(deps: Deps, column: typeof users.subscriptionStatus | typeof users.planType): Record<string, number> {
  const rows = deps.db.select({ key: column, count: sql<number>`count(*)` }).from(users).groupBy(column).all();
  return Object.fromEntries(rows.map((row) => [row.key ?? "none", row.count]));
}

/**
 * Monthly recurring revenue from paying subscribers past their trial: a monthly plan counts its price, an
 * annual plan a twelfth of its price. Trials, paused, free and cancelled accounts bring nothing yet.
 */
function monthlyRecurringRevenue(deps: Deps, now: Date): number {
  const rows = deps.db
    .select({ planType: users.planType, count: sql<number>`count(*)` })
    .from(users)
    .where(
      and(
        eq(users.subscriptionStatus, "Active"),
        eq(users.subscriptionType, "Paid"),
        eq(users.cancelAtPeriodEnd, false),
        sql`(${users.trialEndsAt} is null or ${users.trialEndsAt} <= ${now.getTime()})`,
      ),
    )
    .groupBy(users.planType)
    .all();
  return rows.reduce((sum, row) => sum + (row.planType ? (PLANS[row.planType].price / (row.planType === "annual" ? 12 : 1)) * row.count : 0), 0);
}

/** Searches spent and left, coverage of the catalogue, confirmations and the last discovery. */
function fareOperations(deps: Deps, now: Date): OperationsOverview["fares"] {
  const { fares } = deps;
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const month = deps.db
    .select({
      searches: sql<number>`coalesce(sum(${fareScans.searches}), 0)`,
      confirmed: sql<number>`coalesce(sum(${fareScans.candidatesConfirmed}), 0)`,
      rejected: sql<number>`coalesce(sum(${fareScans.candidatesRejected}), 0)`,
    })
    .from(fareScans)
    .where(and(eq(fareScans.source, fares.name), gte(fareScans.startedAt, monthStart)))
    .get()!;
  const last = deps.db
    .select()
    .from(fareScans)
    .where(and(eq(fareScans.source, fares.name), isNotNull(fareScans.quotaLeft)))
    .orderBy(desc(fareScans.id))
    .limit(1)
    .get();
  const discovery = deps.db
    .select()
    .from(fareScans)
    .where(and(eq(fareScans.source, fares.name), gt(fareScans.discoverySearches, 0)))
    .orderBy(desc(fareScans.id))
    .limit(1)
    .get();
  const unseen = unseenRoutes(deps.db, fares.name, new Date(now.getTime() - DAY_MS));
  return {
    source: fares.name,
    paid: fares.sweep === "discovery",
    plan: budgetPlanOf(fares, deps.config, fares.lastAccount?.() ?? null, now),
    searchesThisMonth: month.searches,
    searchesLeft: last?.quotaLeft ?? null,
    catalogueRoutes: DESTINATIONS.length,
    routesObserved6h: routesObservedSince(deps.db, fares.name, new Date(now.getTime() - 6 * HOUR_MS)),
    routesObserved24h: routesObservedSince(deps.db, fares.name, new Date(now.getTime() - DAY_MS)),
    routesUnseen24h: unseen.notSince,
    routesNeverSeen: unseen.never,
    candidatesConfirmed: month.confirmed,
    candidatesRejected: month.rejected,
    lastDiscovery: discovery ? { at: discovery.startedAt.toISOString(), searches: discovery.discoverySearches, rawRows: discovery.discoveryRows } : null,
  };
}

export function operationsOverview(deps: Deps): OperationsOverview {
  const now = deps.clock.now();
  const inTrial = deps.db.select({ count: sql<number>`count(*)` }).from(users).where(gt(users.trialEndsAt, now)).get()!.count;
  const total = deps.db.select({ count: sql<number>`count(*)` }).from(users).get()!.count;
  const trialsEnding = deps.db
    .select({ id: users.id, email: users.email, trialEndsAt: users.trialEndsAt })
    .from(users)
    .where(and(isNotNull(users.trialEndsAt), gt(users.trialEndsAt, now), lte(users.trialEndsAt, new Date(now.getTime() + WEEK_MS))))
    .orderBy(users.trialEndsAt)
    .limit(100)
    .all();
  const outboxCounts = deps.db.select({ status: emailOutbox.status, count: sql<number>`count(*)` }).from(emailOutbox).groupBy(emailOutbox.status).all();

  return {
    subscribers: { byStatus: countBy(deps, users.subscriptionStatus), byPlan: countBy(deps, users.planType), inTrial, total },
    trialsEndingThisWeek: trialsEnding.map((row) => ({ id: row.id, email: row.email, trialEndsAt: row.trialEndsAt!.toISOString() })),
    monthlyRecurringRevenue: Math.round(monthlyRecurringRevenue(deps, now) * 100) / 100,
    scans: deps.db
      .select()
      .from(fareScans)
      .orderBy(desc(fareScans.id))
      .limit(10)
      .all()
      .map((scan) => ({
        id: scan.id,
        source: scan.source,
        status: scan.status,
        startedAt: scan.startedAt.toISOString(),
        finishedAt: scan.finishedAt?.toISOString() ?? null,
        routes: scan.routes,
        quotes: scan.quotes,
        dealsFound: scan.dealsFound,
        newDeals: scan.newDeals,
        matches: scan.matches,
        errors: scan.errors,
        quotaLeft: scan.quotaLeft,
      })),
    fares: fareOperations(deps, now),
    outbox: {
      counts: {
        queued: outboxCounts.find((row) => row.status === "queued")?.count ?? 0,
        sent: outboxCounts.find((row) => row.status === "sent")?.count ?? 0,
        failed: outboxCounts.find((row) => row.status === "failed")?.count ?? 0,
        expired: outboxCounts.find((row) => row.status === "expired")?.count ?? 0,
      },
      recent: deps.db
        .select()
        .from(emailOutbox)
        .orderBy(sql`case ${emailOutbox.status} when 'failed' then 0 when 'queued' then 1 else 2 end`, desc(emailOutbox.id))
        .limit(30)
        .all()
        .map((row) => ({
          id: row.id,
          kind: row.kind,
          to: row.toAddress,
          status: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          dueAt: row.nextAttemptAt.toISOString(),
          canRetry: canRetryNow({ status: row.status, attempts: row.attempts, dueAt: row.nextAttemptAt }, now),
        })),
    },
    contactMessages: deps.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(50)
      .all()
      .map((message) => ({
        id: message.id,
        email: message.email,
        name: message.name,
        subject: message.subject,
        description: message.description,
        createdAt: message.createdAt.toISOString(),
        read: message.readAt !== null,
      })),
  };
}

/** As the admin pages show times: RDU's zone. */
const EASTERN_TIME = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
const formatEastern = (date: Date) => EASTERN_TIME.format(date);

/**
 * Sends a failed or overdue email now; a sent or expired one is done with (its body is gone), and one scheduled for
 * later is refused (409): it is written for its time and goes then.
 */
export function retryEmail(deps: Deps, admin: User, id: number): void {
  const now = deps.clock.now();
  deps.db.transaction((tx) => {
    const before = tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
    if (!before || before.status === "sent" || before.status === "expired") throw notFound("No unsent email with that id");
    if (!canRetryNow({ status: before.status, attempts: before.attempts, dueAt: before.nextAttemptAt }, now)) {
      throw conflict(
        `This email is scheduled for ${formatEastern(before.nextAttemptAt)} (Eastern) and is sent then; its words are written for that time. Retry is for failed or overdue emails.`,
      );
    }
    tx.update(emailOutbox).set({ status: "queued", nextAttemptAt: now }).where(eq(emailOutbox.id, id)).run();
    writeAudit(
      tx,
      {
        actor: admin,
        action: "outbox.retry",
        target: null,
        before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
        after: { status: "queued", attempts: before.attempts, lastError: before.lastError },
        note: `Email #${id} (${before.kind}) to ${before.toAddress}`,
      },
      now,
    );
  });
}

export function markContactMessage(deps: Deps, admin: User, id: number, read: boolean): void {
  const now = deps.clock.now();
  deps.db.transaction((tx) => {
    const before = tx.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
    if (!before) throw notFound("No such message");
    tx.update(contactMessages)
      .set({ readAt: read ? now : null })
      .where(eq(contactMessages.id, id))
      .run();
    writeAudit(
      tx,
      {
        actor: admin,
        action: read ? "contact.read" : "contact.unread",
        target: null,
        before: { read: before.readAt !== null },
        after: { read },
        note: `Message #${id} from ${before.email}: ${before.subject}`,
      },
      now,
    );
  });
}
