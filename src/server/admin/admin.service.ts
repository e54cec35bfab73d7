import { desc, eq, sql } from "drizzle-orm";
import { users } from "../../../db/schema.ts";
import type { AdminUser, AdminUserList, AdminUserUpdate } from "../../domain/api/admin.ts";
import { reactivationMessage, reactivationSteps } from "../../domain/reactivation.ts";
import { cleanProfile } from "../account/account.service.ts";
import { toCurrentUser } from "../auth/current-user.ts";
import type { User } from "../auth/users.ts";
import { findUserById } from "../auth/users.ts";
import type { SubscriptionSnapshot } from "../billing/billing.ts";
import { withProvider } from "../billing/provider-errors.ts";
import { liftPause } from "../billing/member-pause.service.ts";
import { localStatus, pausedAt } from "../billing/subscription-status.ts";
import { saveSubscription } from "../billing/subscription-sync.ts";
import type { Deps } from "../deps.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { writeAudit } from "../audit-log.ts";

export function toAdminUser(user: User): AdminUser {
  const { needsPasswordSetup: _, preferences: __, ...asSeenByThemselves } = toCurrentUser(user);
  return {
    ...asSeenByThemselves,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    pausedUntil: user.subscriptionStatus === "Paused" ? (user.pauseResumesAt?.toISOString() ?? null) : null,
  };
}

/** What an audit entry records of a user: the fields an admin can change. */
const auditView = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  address: user.address,
  phone: user.phone,
  subscriptionType: user.subscriptionType,
  subscriptionStatus: user.subscriptionStatus,
  cancelAtPeriodEnd: user.cancelAtPeriodEnd,
  stripeSubscriptionId: user.stripeSubscriptionId,
});

/** Newest first; the search matches email, first or last name, case-insensitively. */
export function listUsers(deps: Deps, search: string, limit: number): AdminUserList {
  const pattern = `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const matches = sql`(lower(${users.email}) like ${pattern} escape '\\' or lower(${users.firstName}) like ${pattern} escape '\\' or lower(${users.lastName}) like ${pattern} escape '\\')`;
  const total = deps.db.select({ count: sql<number>`count(*)` }).from(users).where(matches).get()!.count;
  const rows = deps.db.select().from(users).where(matches).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).all();
  return { users: rows.map(toAdminUser), total };
}

function requireTarget(deps: Deps, id: number): User {
  const user = findUserById(deps.db, id);
  if (!user) throw notFound("No such user");
  return user;
}

function requireLiveSubscription(user: User): string {
  if (!user.stripeSubscriptionId) throw badRequest("This user has no subscription.");
  return user.stripeSubscriptionId;
}

function saveSnapshot(deps: Deps, user: User, snapshot: SubscriptionSnapshot, extra: Partial<typeof users.$inferInsert> = {}): User {
  return saveSubscription(deps.db, { userId: user.id, snapshot, now: deps.clock.now(), appUrl: deps.config.appUrl, extra });
}

/**
 * Saves the fields an admin may edit. Changing the type of a live subscription is billing too: Free pauses
 * collection (status Paused: the admin's "Pause Sub", docs/product-rules.md §4), Paid resumes it.
 */
export async function updateUser(deps: Deps, admin: User, id: number, input: AdminUserUpdate): Promise<User> {
  const before = requireTarget(deps, id);
  const profileFields = ["firstName", "lastName", "address", "phone"] as const;
  const editsProfile = profileFields.some((field) => input[field] !== undefined);
  const profile = editsProfile
    ? cleanProfile({
        firstName: input.firstName ?? before.firstName,
        lastName: input.lastName ?? before.lastName,
        address: input.address ?? before.address,
        phone: input.phone ?? before.phone,
      })
    : {};

  let snapshot: SubscriptionSnapshot | null = null;
  const typeChanges = input.subscriptionType !== undefined && input.subscriptionType !== before.subscriptionType;
  if (typeChanges && before.stripeSubscriptionId && before.subscriptionStatus !== "Cancelled") {
    const subscriptionId = before.stripeSubscriptionId;
    snapshot = await withProvider(() => (input.subscriptionType === "Free" ? deps.billing.pause(subscriptionId) : deps.billing.resume(subscriptionId)));
  }

  const now = deps.clock.now();
  return deps.db.transaction((tx) => {
    const edits = { ...profile, ...(input.subscriptionType ? { subscriptionType: input.subscriptionType } : {}) };
    const after = snapshot
      ? saveSubscription(tx, { userId: id, snapshot, now, appUrl: deps.config.appUrl, extra: edits })
      : tx
          .update(users)
          .set({ ...edits, updatedAt: now })
          .where(eq(users.id, id))
          .returning()
          .get();
    const action = snapshot ? (input.subscriptionType === "Free" ? "subscription.pause" : "subscription.resume") : "user.update";
    writeAudit(tx, { actor: admin, action, target: after, before: auditView(before), after: auditView(after) }, now);
    return after;
  });
}

/** Ends the subscription now, in the provider too. */
export async function cancelUserSubscription(deps: Deps, admin: User, id: number): Promise<User> {
  const before = requireTarget(deps, id);
  const subscriptionId = requireLiveSubscription(before);
  if (before.subscriptionStatus === "Cancelled") throw badRequest("This subscription is already cancelled.");
  const snapshot = await withProvider(() => deps.billing.cancelNow(subscriptionId));
  const after = saveSnapshot(deps, before, snapshot);
  writeAudit(deps.db, { actor: admin, action: "subscription.cancel", target: after, before: auditView(before), after: auditView(after) }, deps.clock.now());
  return after;
}

/**
 * Brings a subscription back the way the provider allows, judged from the provider's subscription as it is now:
 * our copy can lag (a cancellation at period end takes effect without anyone telling us). A pause is resumed, a
 * pending cancellation undone, and a subscription that already ended is replaced by a new one (no trial) on
 * the card on file.
 */
export async function reactivateUserSubscription(deps: Deps, admin: User, id: number): Promise<{ user: User; message: string }> {
  const before = requireTarget(deps, id);
  const subscriptionId = requireLiveSubscription(before);
  let snapshot = await withProvider(() => deps.billing.getSubscription(subscriptionId));
  const now = deps.clock.now();
  const steps = reactivationSteps({ ...snapshot, paused: pausedAt(snapshot, now) });
  if (steps.length === 0) {
    const status = localStatus(snapshot, now);
    throw badRequest(status === "Active" ? "This subscription is already active." : `This subscription is ${status}; there is nothing to re-activate.`);
  }
  if (steps.includes("start-new")) {
    if (!before.stripeCustomerId || !before.planType) throw badRequest("This user has no customer record to bill.");
    if (!before.cardLast4) throw badRequest("This customer has no card on file. Ask them to add one, or to subscribe again.");
    snapshot = await withProvider(() => deps.billing.startNewSubscription(before.stripeCustomerId!, before.planType!, subscriptionId));
  } else {
    const paused = snapshot;
    if (steps.includes("resume")) snapshot = await withProvider(() => liftPause(deps.billing, paused, now));
    if (steps.includes("undo-cancellation")) snapshot = await withProvider(() => deps.billing.undoCancelAtPeriodEnd(subscriptionId));
  }
  const message = reactivationMessage(steps);
  const after = saveSnapshot(deps, before, snapshot, { subscriptionType: "Paid" });
  writeAudit(
    deps.db,
    { actor: admin, action: "subscription.reactivate", target: after, before: auditView(before), after: auditView(after), note: message },
    deps.clock.now(),
  );
  return { user: after, message };
}

/**
 * Cancels the user's subscription at the provider first (nothing is deleted if that fails), then removes
 * the user with their sessions, deals and tokens in one transaction.
 */
export async function deleteUser(deps: Deps, admin: User, id: number): Promise<void> {
  if (id === admin.id) throw badRequest("You can't delete your own account.");
  const target = requireTarget(deps, id);
  if (target.stripeSubscriptionId && target.subscriptionStatus !== "Cancelled") {
    await withProvider(() => deps.billing.cancelNow(target.stripeSubscriptionId!));
  }
  deps.db.transaction((tx) => {
    tx.delete(users).where(eq(users.id, id)).run();
    writeAudit(tx, { actor: admin, action: "user.delete", target, before: { email: target.email, ...auditView(target) }, after: null }, deps.clock.now());
  });
}
