import { format } from "date-fns";
import type { RejoinRequest } from "../../domain/api/billing.ts";
import { formatPlanPrice, PLANS } from "../../domain/plans.ts";
import { reactivationSteps, type ReactivationStep } from "../../domain/reactivation.ts";
import { rejoinKind } from "../../domain/rejoin.ts";
import { writeAudit } from "../audit-log.ts";
import type { User } from "../auth/users.ts";
import { findUserById } from "../auth/users.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { badRequest, conflict } from "../http/errors.ts";
import type { SubscriptionSnapshot } from "./billing.ts";
import { completePaymentUpdate, currentSubscription } from "./billing.service.ts";
import type { KeyedLock } from "./keyed-lock.ts";
import { withProvider } from "./provider-errors.ts";
import { liftPause } from "./member-pause.service.ts";
import { localStatus, pausedAt } from "./subscription-status.ts";
import { saveSubscription } from "./subscription-sync.ts";

export const ALREADY_ACTIVE = "Your membership is already active.";

/** Why a member cannot rejoin on their own, in words that say what to do instead. */
function notEligible(user: User): string {
  if (user.subscriptionStatus === "Past Due" || user.subscriptionStatus === "Unpaid")
    return "Your subscription is waiting for a payment: update your card instead.";
  if (user.subscriptionStatus === "Active") return ALREADY_ACTIVE;
  return "We can't restart this membership from here. Please write to support and we'll sort it out.";
}

const cardName = (user: User) => (user.cardBrand && user.cardLast4 ? `${user.cardBrand.toUpperCase()} •••• ${user.cardLast4}` : "your card");
const day = (date: Date | null) => (date ? format(date, "MMMM d, yyyy") : "the end of the period");

function welcomeBack(steps: ReactivationStep[], after: User): string {
  const plan = PLANS[after.planType ?? "monthly"];
  if (steps.includes("start-new")) {
    return `Welcome back! Your ${plan.name.toLowerCase()} plan is active again: ${formatPlanPrice(plan)}, charged today to ${cardName(after)}.`;
  }
  const next = after.trialEndsAt ? `Your free trial continues until ${day(after.trialEndsAt)}` : `Your next payment is on ${day(after.currentPeriodEnd)}`;
  return `Welcome back! Your ${plan.name.toLowerCase()} plan continues. ${next}; nothing is charged today.`;
}

/**
 * A former member comes back by themselves (POST /api/rejoin). The server decides what that means from the
 * provider's subscription as it is now, whatever the page showed: one that ended is replaced by a new one on
 * the same customer (the chosen plan, paid today, no second trial); one still running has its pause lifted or
 * its cancellation undone, keeping its plan. One request per member at a time, so a double click or a second
 * tab finds the membership already active and starts nothing.
 */
export async function rejoin(deps: BillingDeps, lock: KeyedLock, member: User, input: RejoinRequest): Promise<{ user: User; message: string }> {
  return lock.run(`rejoin:${member.id}`, async () => {
    const user = await currentSubscription(deps, findUserById(deps.db, member.id)!);
    if (!rejoinKind(user, deps.clock.now())) throw conflict(notEligible(user));

    const previous = user.stripeSubscriptionId ? await withProvider(() => deps.billing.getSubscription(user.stripeSubscriptionId!)) : null;
    const steps: ReactivationStep[] = previous ? reactivationSteps({ ...previous, paused: pausedAt(previous, deps.clock.now()) }) : ["start-new"];
    if (steps.length === 0) {
      // Our copy lagged behind: the provider already has it running.
      const synced = saveSubscription(deps.db, { userId: user.id, snapshot: previous!, now: deps.clock.now(), appUrl: deps.config.appUrl });
      throw conflict(localStatus(previous!, deps.clock.now()) === "Active" ? ALREADY_ACTIVE : notEligible(synced));
    }
    const startsNew = steps.includes("start-new");
    if (!startsNew && previous?.planType && previous.planType !== input.planType) {
      const plan = PLANS[previous.planType].name.toLowerCase();
      throw badRequest(`Your ${plan} plan is still running, so rejoining keeps it. You can choose another plan once it ends.`);
    }

    const withCard = input.clientSecret ? await completePaymentUpdate(deps, user, input.clientSecret) : user;
    if (!withCard.cardLast4) throw badRequest("Please enter a card to rejoin.");

    let snapshot: SubscriptionSnapshot;
    if (startsNew) {
      snapshot = await withProvider(() => deps.billing.startNewSubscription(withCard.stripeCustomerId!, input.planType, previous?.id ?? null));
    } else {
      snapshot = previous!;
      const paused = snapshot;
      if (steps.includes("resume")) snapshot = await withProvider(() => liftPause(deps.billing, paused, deps.clock.now()));
      if (steps.includes("undo-cancellation")) snapshot = await withProvider(() => deps.billing.undoCancelAtPeriodEnd(snapshot.id));
    }

    const now = deps.clock.now();
    const after = saveSubscription(deps.db, { userId: user.id, snapshot, now, appUrl: deps.config.appUrl, extra: { subscriptionType: "Paid" } });
    const message = welcomeBack(steps, after);
    const view = (u: User) => ({
      subscriptionStatus: u.subscriptionStatus,
      planType: u.planType,
      cancelAtPeriodEnd: u.cancelAtPeriodEnd,
      stripeSubscriptionId: u.stripeSubscriptionId,
    });
    writeAudit(deps.db, { actor: after, action: "subscription.rejoin", target: after, before: view(user), after: view(after), note: message }, now);
    return { user: after, message };
  });
}
