import { ReferralSummary } from "../../domain/api/referrals.ts";
import { Elysia } from "elysia";
import {
  CompleteCheckoutRequest,
  CompletePaymentUpdateRequest,
  CompleteSubscriptionRequest,
  CreateSubscriptionRequest,
  CreateSubscriptionResult,
  PaymentUpdateIntent,
  RejoinRequest,
  SignupOutcome,
  StartSignupRequest,
  SubscriptionChanged,
  SubscriptionInfo,
} from "../../domain/api/billing.ts";
import { OkResponse } from "../../domain/api/common.ts";
import { canonicalMailbox } from "../../domain/mailbox.ts";
import { isValidEmail } from "../../domain/validation.ts";
import { toCurrentUser } from "../auth/current-user.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { authentication, cookieValue, requireUser, setSessionCookie } from "../auth/auth-plugin.ts";
import { cookieAttributes, SIGNUP_COOKIE } from "../auth/cookies.ts";
import { clientIp } from "../http/client-ip.ts";
import { cancelOwnSubscription, completePaymentUpdate, createPaymentUpdateIntent, currentSubscription, toSubscriptionInfo } from "./billing.service.ts";
import { KeyedLock, SingleFlight } from "./keyed-lock.ts";
import { memberPauseRoutes } from "./member-pause.routes.ts";
import { rejoin } from "./rejoin.service.ts";
import { isStripeBilling, stripeWebhookRoutes } from "./stripe-webhook.routes.ts";
import { referralSummary } from "./referrals.ts";
import { TestBilling } from "./test-billing.ts";
import { testBillingRoutes } from "./test-billing.routes.ts";
import { completeCheckout, completeSubscription, createSubscription, type SignupResult, startSignup } from "./signup.service.ts";
import { CODE_SENT, createSignupLimits, TOO_MANY_CODES, TOO_MANY_COMPLETIONS, TOO_MANY_SIGNUPS, type SignupLimits } from "./signup-limits.ts";

/** Test billing's card confirmation, or Stripe's webhook: each exists only with its provider. */
function providerRoutes(deps: BillingDeps, limits: SignupLimits) {
  if (deps.billing instanceof TestBilling) return testBillingRoutes(deps, deps.billing, limits);
  if (isStripeBilling(deps.billing)) return stripeWebhookRoutes(deps, deps.billing);
  return new Elysia();
}

/** The signed-in member's own subscription: 401 when signed out, decided here once (after the body is validated). */
function memberBillingRoutes(deps: BillingDeps) {
  const rejoinLock = new KeyedLock();
  return new Elysia()
    .use(authentication(deps))
    .resolve(({ auth }) => ({ member: requireUser(auth).user }))
    .get("/api/subscription", async ({ member }) => toSubscriptionInfo(await currentSubscription(deps, member), deps.clock.now()), {
      response: SubscriptionInfo,
    })
    .get("/api/referrals", ({ member }) => referralSummary(deps.db, member, deps.config.appUrl, deps.clock.now()), { response: ReferralSummary })
    .post(
      "/api/cancel-subscription",
      async ({ member }) => {
        const { user, message } = await cancelOwnSubscription(deps, member);
        return { success: true as const, message, subscription: toSubscriptionInfo(user, deps.clock.now()) };
      },
      { response: SubscriptionChanged },
    )
    .post(
      "/api/rejoin",
      async ({ member, body }) => {
        const { user, message } = await rejoin(deps, rejoinLock, member, body);
        return { success: true as const, message, subscription: toSubscriptionInfo(user, deps.clock.now()) };
      },
      { body: RejoinRequest, response: SubscriptionChanged },
    )
    .post("/api/create-payment-update-intent", ({ member }) => createPaymentUpdateIntent(deps, member), { response: PaymentUpdateIntent })
    .post(
      "/api/complete-payment-update",
      async ({ member, body }) => toSubscriptionInfo(await completePaymentUpdate(deps, member, body.clientSecret), deps.clock.now()),
      { body: CompletePaymentUpdateRequest, response: SubscriptionInfo },
    );
}

/** Signing up (open to visitors, bound to their browser), the provider's own routes, and the member's subscription. */
export function billingRoutes(deps: BillingDeps) {
  const signupLock = new KeyedLock();
  /** A signup signs its browser in once; a double click's two requests share that one completion. */
  const completions = new SingleFlight();
  const limits = createSignupLimits();
  const secure = deps.config.secureCookies;
  const ipOf = (request: Request, server: Parameters<typeof clientIp>[1]) => clientIp(request, server, deps.config.trustProxy);

  /** The account is made and this browser signed in, or the paid plan is offered and the signup stays in this browser. */
  const answer = (result: SignupResult, cookie: Parameters<typeof setSessionCookie>[0] & Record<string, { remove(): unknown }>) => {
    if ("offer" in result) return result;
    cookie[SIGNUP_COOKIE]!.remove();
    setSessionCookie(cookie, result.session.token, result.session.session.expiresAt, secure);
    return { success: true as const, user: toCurrentUser(result.user) };
  };

  /** Both ways a signup completes: counted per address first, then one completion per browser and attempt. */
  const complete = async (
    {
      cookie,
      request,
      server,
    }: { cookie: Parameters<typeof answer>[1] & Parameters<typeof cookieValue>[0]; request: Request; server: Parameters<typeof ipOf>[1] },
    attempt: string,
    run: (browserToken: string | null) => Promise<SignupResult>,
  ) => {
    limits.completionsByIp.attempt(ipOf(request, server), deps.clock.now(), TOO_MANY_COMPLETIONS);
    const browserToken = cookieValue(cookie, SIGNUP_COOKIE);
    return answer(await completions.run(`${attempt}:${browserToken}`, () => run(browserToken)), cookie);
  };

  return new Elysia()
    .use(providerRoutes(deps, limits))
    .use(memberBillingRoutes(deps))
    .use(memberPauseRoutes(deps))
    .post(
      "/api/start-signup",
      async ({ body, cookie, request, server }) => {
        const now = deps.clock.now();
        limits.signupsByIp.attempt(ipOf(request, server), now, TOO_MANY_SIGNUPS);
        if (body.email && isValidEmail(body.email)) limits.signupEmailsByMailbox.attempt(canonicalMailbox(body.email), now, TOO_MANY_CODES);
        const jar = cookie[SIGNUP_COOKIE]!;
        const { browserToken, expiresAt } = await startSignup(
          deps,
          signupLock,
          {
            email: body.email ?? "",
            firstName: body.firstName ?? "",
            lastName: body.lastName ?? "",
            planType: body.planType ?? "monthly",
            preferences: body.preferences,
            referralCode: body.referralCode,
          },
          cookieValue(cookie, SIGNUP_COOKIE),
        );
        jar.set({ value: browserToken, ...cookieAttributes(expiresAt, secure) });
        return { success: true as const, message: CODE_SENT };
      },
      { body: StartSignupRequest, response: OkResponse },
    )
    .post("/api/create-subscription", ({ body, cookie }) => createSubscription(deps, signupLock, limits, body.code, cookieValue(cookie, SIGNUP_COOKIE)), {
      body: CreateSubscriptionRequest,
      response: CreateSubscriptionResult,
    })
    .post(
      "/api/complete-subscription",
      (context) => {
        const { email, paidPlan = false } = context.body;
        return complete(context, `subscription:${email}:${paidPlan}`, (browserToken) => completeSubscription(deps, email, browserToken, paidPlan));
      },
      { body: CompleteSubscriptionRequest, response: SignupOutcome },
    )
    .post(
      "/api/complete-checkout",
      (context) => {
        const { sessionId, paidPlan = false } = context.body;
        return complete(context, `checkout:${sessionId}:${paidPlan}`, (browserToken) => completeCheckout(deps, sessionId, browserToken, paidPlan));
      },
      { body: CompleteCheckoutRequest, response: SignupOutcome },
    );
}
