import { and, eq, gt, lte } from "drizzle-orm";
import { users } from "../../../db/schema.ts";
import { isPauseMonths, pauseAvailability, pauseEndingReminder, pauseEndsAt, pauseReminderDue, PAUSE_REMINDER_LEAD_MS } from "../../domain/member-pause.ts";
import type { User } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { log } from "../log.ts";
import { queueEmail } from "../mail/outbox.ts";
import { billingConfirmationEmail } from "../mail/templates/billing-emails.ts";
import type { KeyedLock } from "./keyed-lock.ts";
import { withProvider } from "./provider-errors.ts";
import { localStatus } from "./subscription-status.ts";
import { saveSubscription } from "./subscription-sync.ts";

export const PAUSE_REMINDER_KIND = "pause-ending";

const readUser = (deps: Deps, id: number): User => deps.db.select().from(users).where(eq(users.id, id)).get()!;

/**
 * A member pauses their own subscription (decision 133). The rule is checked against the provider's view as it is
 * now (a trial may have ended, a cancellation been made in Stripe's dashboard), then billing is paused through the
 * one mechanism an admin's pause uses, with Stripe's resumes_at; the pause's start is saved with it, in the one writer.
 */
export async function pauseOwnSubscription(deps: Deps, lock: KeyedLock, member: User, months: number): Promise<User> {
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
      subscriptionStatus: localStatus(current),
      planType: current.planType ?? user.planType,
      trialEndsAt: current.status === "trialing" ? current.trialEnd : null,
      cancelAtPeriodEnd: current.cancelAtPeriodEnd,
    };
    const providerView = pauseAvailability(asProviderSees, now);
    if (!providerView.ok) {
      saveSubscription(deps.db, { userId: user.id, snapshot: current, now, appUrl: deps.config.appUrl });
      throw badRequest(providerView.message);
    }
    const snapshot = await withProvider(() => deps.billing.pause(subscriptionId, pauseEndsAt(now, months)));
    return saveSubscription(deps.db, { userId: user.id, snapshot, now, appUrl: deps.config.appUrl, extra: { memberPausedAt: now } });
  });
}

/** "Resume now": the pause is lifted at once; the next charge comes at the plan's next renewal, as Stripe does. */
export async function resumeOwnSubscription(deps: Deps, lock: KeyedLock, member: User): Promise<User> {
  return lock.run(`pause:${member.id}`, async () => {
    const user = readUser(deps, member.id);
    if (!user.stripeSubscriptionId || user.subscriptionStatus !== "Paused") throw badRequest("Your membership isn't paused.");
    // A pause without an end date is an admin's (a Free account): only the admin lifts it.
    if (!user.pauseResumesAt) throw badRequest("Your membership was paused by GoRDU. Contact support to resume it.");
    const snapshot = await withProvider(() => deps.billing.resume(user.stripeSubscriptionId!));
    return saveSubscription(deps.db, { userId: user.id, snapshot, now: deps.clock.now(), appUrl: deps.config.appUrl });
  });
}

/**
 * Pauses whose date has come: the provider is asked (Stripe and the test billing both end a pause at resumes_at by
 * themselves), and if it still says paused (a missed webhook, a lagging provider) it is told to resume. Our copy
 * then says what the provider says, through the one writer, which sends the "continues" confirmation.
 */
export async function resumeEndedPauses(deps: Pick<Deps, "db" | "clock" | "billing" | "config">): Promise<number> {
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
export function queuePauseReminders(deps: Pick<Deps, "db" | "clock" | "config">): number {
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
    const words = pauseEndingReminder({ planType: user.planType ?? "monthly", resumesAt, timeZone: user.timeZone });
    const email = billingConfirmationEmail(user, words, `${deps.config.appUrl}/dashboard`);
    queueEmail(deps.db, { kind: PAUSE_REMINDER_KIND, to: user.email, dedupeKey: `${PAUSE_REMINDER_KIND}:${user.id}:${resumesAt.getTime()}`, ...email }, now);
    queued++;
  }
  return queued;
}
