import { and, eq, gt, lte } from "drizzle-orm";
import { users } from "../../../db/schema.ts";
import {
  isPauseMonths,
  PAUSE_REMINDER_LEAD_MS,
  pauseAvailability,
  pauseEndingReminder,
  pauseEndsAt,
  pauseReminderDue,
  renewalAfterEarlyResume,
  renewalAfterPause,
} from "../../domain/member-pause.ts";
import type { User } from "../auth/users.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { badRequest } from "../http/errors.ts";
import { log } from "../log.ts";
import { queueEmail } from "../mail/outbox.ts";
import { billingConfirmationEmail } from "../mail/templates/billing-emails.ts";
import type { Billing, SubscriptionSnapshot } from "./billing.ts";
import type { KeyedLock } from "./keyed-lock.ts";
import { withProvider } from "./provider-errors.ts";
import { freeTrialEnd, localStatus, memberPauseRunning } from "./subscription-status.ts";
import { saveSubscription } from "./subscription-sync.ts";

export const PAUSE_REMINDER_KIND = "pause-ending";

const readUser = (deps: BillingDeps, id: number): User => deps.db.select().from(users).where(eq(users.id, id)).get()!;

/**
 * A member pauses their own subscription (decisions 133 and 138). The rule is checked against the provider's view as it
 * is now (a trial may have ended, a cancellation been made in Stripe's dashboard); then the plan's renewal moves by the
 * pause's length (Stripe: trial_end, no proration), for a monthly and an annual plan alike. The pause's start is saved
 * with it, in the one writer, which sends the confirmation with the new renewal day.
 */
export async function pauseOwnSubscription(deps: BillingDeps, lock: KeyedLock, member: User, months: number): Promise<User> {
  if (!isPauseMonths(months)) throw badRequest("A pause lasts 1, 2 or 3 months.");
  return lock.run(`pause:${member.id}`, async () => {
    const user = readUser(deps, member.id);
    const now = deps.clock.now();
    const first = pauseAvailability(user, now);
    if (!first.ok) throw badRequest(first.message);
    const subscriptionId = user.stripeSubscriptionId!;
    const current = await withProvider(() => deps.billing.getSubscription(subscriptionId));
    const asProviderSees = {
      ...user,
      subscriptionStatus: localStatus(current, now),
      planType: current.planType ?? user.planType,
      trialEndsAt: freeTrialEnd(current),
      cancelAtPeriodEnd: current.cancelAtPeriodEnd,
    };
    const providerView = pauseAvailability(asProviderSees, now);
    const renewsAt = current.currentPeriodEnd;
    if (!providerView.ok || !renewsAt || renewsAt.getTime() <= now.getTime()) {
      saveSubscription(deps.db, { userId: user.id, snapshot: current, now, appUrl: deps.config.appUrl });
      throw badRequest(providerView.ok ? "Your plan is renewing right now. Please try again in a few minutes." : providerView.message);
    }
    const dates = { renewsAt: renewalAfterPause(renewsAt, months), pauseEndsAt: pauseEndsAt(now, months) };
    const snapshot = await withProvider(() => deps.billing.moveRenewalForPause(subscriptionId, dates));
    return saveSubscription(deps.db, { userId: user.id, snapshot, now, appUrl: deps.config.appUrl, extra: { memberPausedAt: now } });
  });
}

/**
 * Ends whatever pause runs now, as the provider has it: a member's own ends at once and its renewal moves back by the
 * part not used (decision 138); a pause_collection (an admin's, or a member's from before) is lifted.
 */
export async function liftPause(billing: Billing, snapshot: SubscriptionSnapshot, now: Date): Promise<SubscriptionSnapshot> {
  let lifted = snapshot;
  if (memberPauseRunning(lifted, now) && lifted.currentPeriodEnd) {
    const renewsAt = renewalAfterEarlyResume(lifted.currentPeriodEnd, lifted.memberPauseEndsAt!, now);
    lifted = await billing.moveRenewalForPause(lifted.id, { renewsAt, pauseEndsAt: now });
  }
  if (lifted.paused) lifted = await billing.resume(lifted.id);
  return lifted;
}

/** "Resume now": the pause ends at once; the renewal moves back by the unused part of the pause. */
export async function resumeOwnSubscription(deps: BillingDeps, lock: KeyedLock, member: User): Promise<User> {
  return lock.run(`pause:${member.id}`, async () => {
    const user = readUser(deps, member.id);
    if (!user.stripeSubscriptionId || user.subscriptionStatus !== "Paused") throw badRequest("Your membership isn't paused.");
    // A pause without an end date is an admin's (a Free account): only the admin lifts it.
    if (!user.pauseResumesAt) throw badRequest("Your membership was paused by GoRDU. Contact support to resume it.");
    const current = await withProvider(() => deps.billing.getSubscription(user.stripeSubscriptionId!));
    const snapshot = await withProvider(() => liftPause(deps.billing, current, deps.clock.now()));
    return saveSubscription(deps.db, { userId: user.id, snapshot, now: deps.clock.now(), appUrl: deps.config.appUrl });
  });
}

/**
 * Pauses whose date has come. A member's own pause ends by time alone (the provider has nothing to do: the renewal was
 * moved when it began), so reading the subscription now is enough; a pause_collection with a resumes_at (a member's
 * from before decision 138) ends at Stripe by itself, and if Stripe still says paused (a missed webhook, a lagging
 * provider) it is told to resume. Our copy then says what the provider says, through the one writer, which sends the
 * "continues" confirmation.
 */
export async function resumeEndedPauses(deps: BillingDeps): Promise<number> {
  const now = deps.clock.now();
  const due = deps.db
    .select()
    .from(users)
    .where(and(eq(users.subscriptionStatus, "Paused"), lte(users.pauseResumesAt, now)))
    .all();
  let resumed = 0;
  for (const user of due) {
    const id = user.stripeSubscriptionId;
    if (!id) continue;
    // One provider failure must not hold up the others; the next run tries this one again.
    try {
      let snapshot = await deps.billing.getSubscription(id);
      if (snapshot.paused) snapshot = await deps.billing.resume(id);
      saveSubscription(deps.db, { userId: user.id, snapshot, now: deps.clock.now(), appUrl: deps.config.appUrl });
      resumed++;
    } catch (error) {
      log.error("[billing] could not resume an ended pause", { userId: user.id, error });
    }
  }
  return resumed;
}

/** The email the day before a pause ends: once per pause (its end date is in the dedupe key). */
export function queuePauseReminders(deps: Pick<BillingDeps, "db" | "clock" | "config">): number {
  const now = deps.clock.now();
  const soon = deps.db
    .select()
    .from(users)
    .where(
      and(eq(users.subscriptionStatus, "Paused"), gt(users.pauseResumesAt, now), lte(users.pauseResumesAt, new Date(now.getTime() + PAUSE_REMINDER_LEAD_MS))),
    )
    .all();
  let queued = 0;
  for (const user of soon) {
    const resumesAt = user.pauseResumesAt!;
    if (!pauseReminderDue(resumesAt, now)) continue;
    const words = pauseEndingReminder({ planType: user.planType ?? "monthly", resumesAt, renewsAt: user.currentPeriodEnd, timeZone: user.timeZone });
    const email = billingConfirmationEmail(user, words, `${deps.config.appUrl}/dashboard`);
    queueEmail(deps.db, { kind: PAUSE_REMINDER_KIND, to: user.email, dedupeKey: `${PAUSE_REMINDER_KIND}:${user.id}:${resumesAt.getTime()}`, ...email }, now);
    queued++;
  }
  return queued;
}
