import { Elysia } from "elysia";
import { SubscriptionChanged } from "../../domain/api/billing.ts";
import { PauseRequest } from "../../domain/api/member-pause.ts";
import { longDay } from "../../domain/cancellation.ts";
import { authentication, requireUser } from "../auth/auth-plugin.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { RateLimiter } from "../http/rate-limit.ts";
import { toSubscriptionInfo } from "./billing.service.ts";
import { KeyedLock } from "./keyed-lock.ts";
import { pauseOwnSubscription, resumeOwnSubscription } from "./member-pause.service.ts";

const MINUTE = 60_000;
export const TOO_MANY_PAUSE_CHANGES = "Too many changes to your pause. Please wait a few minutes and try again.";

/** The signed-in member pauses or resumes their own subscription (decisions 133 and 138); CSRF and the body parser are app-wide. */
export function memberPauseRoutes(deps: BillingDeps) {
  const lock = new KeyedLock();
  // As a password change: a few per account per quarter hour; each one is a provider call.
  const changesByAccount = new RateLimiter(5, 15 * MINUTE);
  return new Elysia()
    .use(authentication(deps))
    .resolve(({ auth }) => ({ member: requireUser(auth).user }))
    .post(
      "/api/pause-subscription",
      async ({ member, body }) => {
        changesByAccount.attempt(String(member.id), deps.clock.now(), TOO_MANY_PAUSE_CHANGES);
        const user = await pauseOwnSubscription(deps, lock, member, body.months);
        const until = user.pauseResumesAt ? ` until ${longDay(user.pauseResumesAt, user.timeZone)}` : "";
        const renews = user.currentPeriodEnd ? ` Your plan now renews on ${longDay(user.currentPeriodEnd, user.timeZone)}.` : "";
        const message = `Your membership is paused${until}. No charges and no alerts until then; it resumes by itself.${renews}`;
        return { success: true as const, message, subscription: toSubscriptionInfo(user, deps.clock.now()) };
      },
      { body: PauseRequest, response: SubscriptionChanged },
    )
    .post(
      "/api/resume-subscription",
      async ({ member }) => {
        changesByAccount.attempt(String(member.id), deps.clock.now(), TOO_MANY_PAUSE_CHANGES);
        const user = await resumeOwnSubscription(deps, lock, member);
        return { success: true as const, message: "Welcome back! Your membership is active again.", subscription: toSubscriptionInfo(user, deps.clock.now()) };
      },
      { response: SubscriptionChanged },
    );
}
