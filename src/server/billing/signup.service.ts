import { format } from "date-fns";
import { eq } from "drizzle-orm";
import { pendingSignups } from "../../../db/schema.ts";
import type { CreateSubscriptionResult, PaidPlanOffer, StartSignupRequest } from "../../domain/api/billing.ts";
import { rejoinKind } from "../../domain/rejoin.ts";
import { isValidEmail, LIMITS, normalizeEmail } from "../../domain/validation.ts";
import { createSession } from "../auth/sessions.ts";
import type { User } from "../auth/users.ts";
import { hashToken, issuePasswordToken, newNumericCode, newToken } from "../auth/tokens.ts";
import { findUserByEmail, findUserById, insertUser } from "../auth/users.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { badRequest, conflict, HttpError } from "../http/errors.ts";
import { queueEmail } from "../mail/outbox.ts";
import { accountExistsEmail, signupCodeEmail, welcomeEmail } from "../mail/templates/account-emails.ts";
import { withdrawSignup } from "./abandoned-signups.ts";
import type { SubscriptionSnapshot } from "./billing.ts";
import type { KeyedLock } from "./keyed-lock.ts";
import { findPendingSignupForBrowser, newPendingSignupId, PENDING_SIGNUP_TTL_MS, type PendingSignup } from "./pending-signups.ts";
import { withProvider } from "./provider-errors.ts";
import { TOO_MANY_CODE_ATTEMPTS, type SignupLimits } from "./signup-limits.ts";
import { acceptedReferralCode, recordReferral } from "./referrals.ts";
import { subscriptionColumns } from "./subscription-sync.ts";
import { rewardTestBillingCharge } from "./test-billing-referrals.ts";
import { claimTrial, trialUsedBy, TrialUsedError, type TrialUsedBy } from "./trial-claims.ts";
import { log } from "../log.ts";

export const REQUIRED_FIELDS_MISSING = "Please enter your email, first name, and last name.";
export const ACCOUNT_EXISTS = "An account with this email already exists. Please log in instead.";
export const WRONG_CODE = "That code isn't right, or it has expired. Check the latest email from us, or ask for a new code.";
const SIGNUP_NOT_FOUND = "We couldn't find your signup in this browser. Please start again from the pricing page.";
export const SIGNUP_CODE_TTL_MS = 30 * 60_000;

/** The signup body once the route filled in what was missing (the rules below answer for empty fields). */
export type StartSignupInput = Required<Omit<StartSignupRequest, "preferences" | "referralCode">> & Pick<StartSignupRequest, "preferences" | "referralCode">;

function cleanSignup(input: StartSignupInput) {
  const signup = { email: input.email.trim(), firstName: input.firstName.trim(), lastName: input.lastName.trim() };
  if (!signup.email || !signup.firstName || !signup.lastName) throw badRequest(REQUIRED_FIELDS_MISSING);
  if (!isValidEmail(signup.email)) throw badRequest("Please enter a valid email address.");
  if (signup.firstName.length > LIMITS.name || signup.lastName.length > LIMITS.name) throw badRequest(`Names can be at most ${LIMITS.name} characters.`);
  const preferences = {
    destinations: (input.preferences?.destinations ?? []).map((code) => code.trim().toUpperCase()).filter(Boolean),
    maxPrice: input.preferences?.maxPrice ?? 500,
    nonstopOnly: input.preferences?.nonstopOnly ?? false,
  };
  return { ...signup, planType: input.planType, preferences, referralCode: acceptedReferralCode(input.referralCode) };
}

/** A code is kept only as the SHA-256 of the signup's id and the code, so a code means nothing for another signup. */
const codeHash = (signupId: string, code: string) => hashToken(`${signupId}:${code}`);

/**
 * Step 1 of the subscribe page (decision 097): the details are kept for this browser and a 6-digit code goes to
 * the address. The answer is the same whether or not the address has an account: an existing member gets, instead
 * of a code, an email saying how to sign in or rejoin. Nothing reaches the provider at this step. Asking again (a
 * new code, another address or plan) replaces this browser's signup, withdrawing one that had got further.
 */
export async function startSignup(
  deps: BillingDeps,
  lock: KeyedLock,
  input: StartSignupInput,
  browserToken: string | null,
): Promise<{ browserToken: string; expiresAt: Date }> {
  const signup = cleanSignup(input);
  return lock.run(`signup:${browserToken ?? normalizeEmail(signup.email)}`, async () => {
    const now = deps.clock.now();
    const previous = findPendingSignupForBrowser(deps.db, browserToken, now);
    if (previous) {
      if (!previous.completedUserId) await withProvider(() => withdrawSignup(deps.billing, previous));
      deps.db.delete(pendingSignups).where(eq(pendingSignups.id, previous.id)).run();
    }

    const token = newToken();
    const id = newPendingSignupId();
    const code = newNumericCode();
    const codeExpiresAt = new Date(now.getTime() + SIGNUP_CODE_TTL_MS);
    const expiresAt = new Date(now.getTime() + PENDING_SIGNUP_TTL_MS);
    deps.db.transaction((tx) => {
      tx.insert(pendingSignups)
        .values({
          id,
          browserTokenHash: hashToken(token),
          ...signup,
          emailCodeHash: codeHash(id, code),
          emailCodeExpiresAt: codeExpiresAt,
          createdAt: now,
          expiresAt,
        })
        .run();
      const member = findUserByEmail(tx, signup.email);
      if (member) {
        const email = accountExistsEmail(member, `${deps.config.appUrl}/login`, rejoinKind(member, now) !== null);
        queueEmail(tx, { kind: "signup-account-exists", to: member.email, ...email }, now);
      } else {
        const email = signupCodeEmail(signup, code, SIGNUP_CODE_TTL_MS / 60_000);
        queueEmail(tx, { kind: "signup-code", to: signup.email, expiresAt: codeExpiresAt, ...email }, now);
      }
    });
    return { browserToken: token, expiresAt };
  });
}

/**
 * The code proves the person reads the address's mail. Each signup's code may be tried 5 times; a code never works
 * for an address that has an account (its owner was sent no code).
 */
function confirmEmail(deps: BillingDeps, limits: SignupLimits, signup: PendingSignup, code: string, now: Date): void {
  limits.codeAttemptsBySignup.attempt(signup.id, now, TOO_MANY_CODE_ATTEMPTS);
  const matches =
    signup.emailCodeHash !== null &&
    signup.emailCodeExpiresAt !== null &&
    signup.emailCodeExpiresAt.getTime() > now.getTime() &&
    signup.emailCodeHash === codeHash(signup.id, code.replace(/\D/g, ""));
  if (!matches || findUserByEmail(deps.db, signup.email)) throw badRequest(WRONG_CODE);
  deps.db.update(pendingSignups).set({ emailConfirmedAt: now, emailCodeHash: null }).where(eq(pendingSignups.id, signup.id)).run();
}

/**
 * Step 2: the emailed code. Once it matches, the provider's side starts: a customer and a trialing subscription
 * whose SetupIntent collects the card, or a Checkout page. `freeTrial` is false when this address has had its
 * trial (decision 098), so the page says, before any card, that joining is paid today. The same browser asking
 * again (a double click, a second tab) gets what the first request started. If the provider fails, the address
 * stays confirmed and nothing else is kept.
 */
export async function createSubscription(
  deps: BillingDeps,
  lock: KeyedLock,
  limits: SignupLimits,
  code: string,
  browserToken: string | null,
): Promise<CreateSubscriptionResult> {
  if (!findPendingSignupForBrowser(deps.db, browserToken, deps.clock.now())) throw new HttpError(403, SIGNUP_NOT_FOUND);
  return lock.run(`signup:${browserToken}`, async () => {
    const now = deps.clock.now();
    const signup = findPendingSignupForBrowser(deps.db, browserToken, now);
    if (!signup || signup.completedUserId) throw new HttpError(403, SIGNUP_NOT_FOUND);
    if (!signup.emailConfirmedAt) confirmEmail(deps, limits, signup, code, now);
    const freeTrial = trialUsedBy(deps.db, signup.email, null) === null;
    if (signup.clientSecret) return { clientSecret: signup.clientSecret, freeTrial };

    const billingInput = { pendingSignupId: signup.id, email: signup.email, firstName: signup.firstName, lastName: signup.lastName, planType: signup.planType };
    if (deps.config.stripe?.checkout === "hosted") {
      // Stripe's idempotency key (the signup's id) answers a repeated request with the same Checkout page.
      const checkout = await withProvider(() =>
        deps.billing.startHostedCheckout({
          ...billingInput,
          freeTrial,
          successUrl: `${deps.config.appUrl}/dashboard?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.config.appUrl}/subscribe?plan=${signup.planType}`,
        }),
      );
      deps.db.update(pendingSignups).set({ checkoutSessionId: checkout.sessionId }).where(eq(pendingSignups.id, signup.id)).run();
      return { sessionUrl: checkout.sessionUrl, freeTrial };
    }
    const started = await withProvider(() => deps.billing.startEmbeddedSignup(billingInput));
    deps.db
      .update(pendingSignups)
      .set({
        stripeCustomerId: started.customerId,
        stripeSubscriptionId: started.subscriptionId,
        setupIntentId: started.setupIntentId,
        clientSecret: started.clientSecret,
      })
      .where(eq(pendingSignups.id, signup.id))
      .run();
    return { clientSecret: started.clientSecret, freeTrial };
  });
}

/**
 * Turns a paid-for signup into an account, with a welcome email holding a link to set a password. Safe to call
 * twice (the webhook and the browser both finishing it): the second call gets the account the first made. A
 * signup whose row is gone (finished in its browser, withdrawn, or its account deleted) or whose address was never
 * confirmed makes nothing. A trialing subscription whose address or card had a trial before makes nothing either
 * (TrialUsedError); one that is given records both, in the same transaction, so two at once cannot both get it.
 */
export function finishSignup(deps: BillingDeps, pending: PendingSignup, customerId: string, snapshot: SubscriptionSnapshot): User {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => {
    const fresh = tx.select().from(pendingSignups).where(eq(pendingSignups.id, pending.id)).get();
    if (!fresh?.emailConfirmedAt) throw new HttpError(403, SIGNUP_NOT_FOUND);
    if (fresh.completedUserId) return findUserById(tx, fresh.completedUserId)!;
    if (findUserByEmail(tx, pending.email)) throw conflict(ACCOUNT_EXISTS);
    const trial = snapshot.status === "trialing";
    const fingerprint = snapshot.card?.fingerprint ?? null;
    if (trial) {
      const usedBy = trialUsedBy(tx, pending.email, fingerprint);
      if (usedBy) throw new TrialUsedError(usedBy);
      claimTrial(tx, pending.email, fingerprint, now);
    }
    const user = insertUser(
      tx,
      {
        email: pending.email,
        firstName: pending.firstName,
        lastName: pending.lastName,
        needsPasswordSetup: true,
        preferences: pending.preferences,
        subscriptionType: "Paid",
        ...subscriptionColumns({ ...snapshot, customerId }, now),
        planType: pending.planType,
      },
      now,
    );
    tx.update(pendingSignups).set({ completedUserId: user.id }).where(eq(pendingSignups.id, pending.id)).run();
    recordReferral(tx, fresh.referralCode, user, now);
    const { token, expiresAt } = issuePasswordToken(tx, user.id, "welcome", now);
    const day = (date: Date | null, otherwise: string) => (date ? format(date, "EEEE, MMMM d") : otherwise);
    const start = trial
      ? { trialEnds: day(snapshot.trialEnd, "7 days from now") }
      : { nextPayment: day(snapshot.currentPeriodEnd, "the same day next period") };
    queueEmail(
      tx,
      {
        kind: "welcome",
        to: user.email,
        expiresAt,
        ...welcomeEmail(user, `${deps.config.appUrl}/reset-password?token=${token}`, `${deps.config.appUrl}/dashboard`, start),
      },
      now,
    );
    return user;
  });
}

function pendingForBrowser(deps: BillingDeps, browserToken: string | null, email: string): PendingSignup {
  const pending = findPendingSignupForBrowser(deps.db, browserToken, deps.clock.now());
  if (!pending || normalizeEmail(pending.email) !== normalizeEmail(email)) throw new HttpError(403, SIGNUP_NOT_FOUND);
  return pending;
}

/**
 * The browser that paid is signed in once: the signup row is spent in the same transaction that opens the
 * session, so its cookie is worthless afterwards. If the webhook made the account first, the browser still gets
 * its one session, but only while the account waits for its first password (nobody has secured it yet).
 */
function signInOnce(deps: BillingDeps, pending: PendingSignup, user: User) {
  return deps.db.transaction((tx) => {
    const spent = tx.delete(pendingSignups).where(eq(pendingSignups.id, pending.id)).returning({ id: pendingSignups.id }).get();
    const current = findUserById(tx, user.id);
    if (!spent || !current?.needsPasswordSetup) throw new HttpError(403, SIGNUP_NOT_FOUND);
    return { user: current, session: createSession(tx, current.id, deps.clock.now()) };
  });
}

const TRIAL_USED_MESSAGES: Record<TrialUsedBy, string> = {
  address: "This email address has already had a GoRDU free trial, so we can't start another one. Nothing has been charged.",
  card: "This card has already had a GoRDU free trial, so we can't start another one. Nothing has been charged.",
};

export type SignupResult = { user: User; session: ReturnType<typeof createSession> } | PaidPlanOffer;

/**
 * Finishes the signup on the subscription it has. When its trial is refused (this card or address had one), that
 * subscription is cancelled at once, so nothing is ever charged for it, and the answer is the offer of the paid
 * plan; accepting (`paidPlan`) starts a subscription without a trial, paid today with the card just entered.
 */
async function finishWithOrWithoutTrial(
  deps: BillingDeps,
  pending: PendingSignup,
  customerId: string,
  subscriptionId: string | null,
  paidPlan: boolean,
): Promise<SignupResult> {
  const current = subscriptionId ? await withProvider(() => deps.billing.getSubscription(subscriptionId)) : null;
  let refusedBy: TrialUsedBy | null = null;
  if (current && current.status !== "canceled" && current.status !== "incomplete_expired") {
    try {
      return signInOnce(deps, pending, await finishOrWithdraw(deps, pending, customerId, current));
    } catch (error) {
      if (!(error instanceof TrialUsedError)) throw error;
      refusedBy = error.by;
      await withProvider(() => deps.billing.cancelNow(current.id));
    }
  }
  if (!paidPlan) {
    const by = refusedBy ?? trialUsedBy(deps.db, pending.email, current?.card?.fingerprint ?? null) ?? "card";
    return { offer: "paid-plan", reason: by, message: TRIAL_USED_MESSAGES[by] };
  }
  const paid = await withProvider(() => deps.billing.startNewSubscription(customerId, pending.planType, current?.id ?? null));
  deps.db.update(pendingSignups).set({ stripeSubscriptionId: paid.id }).where(eq(pendingSignups.id, pending.id)).run();
  const signedIn = signInOnce(deps, pending, await finishOrWithdraw(deps, pending, customerId, paid));
  await rewardTestBillingCharge(deps, signedIn.user);
  return signedIn;
}

/** After the card form succeeded in this browser: verify with the provider, create the account, sign in. */
export async function completeSubscription(deps: BillingDeps, email: string, browserToken: string | null, paidPlan: boolean): Promise<SignupResult> {
  const pending = pendingForBrowser(deps, browserToken, email);
  if (!pending.emailConfirmedAt || !pending.setupIntentId || !pending.stripeCustomerId) throw new HttpError(403, SIGNUP_NOT_FOUND);
  const intent = await withProvider(() => deps.billing.getSetupIntent(pending.setupIntentId!));
  if (intent.status !== "succeeded") throw new HttpError(402, "Your card hasn't been confirmed yet. Please enter your card details and try again.");
  return finishWithOrWithoutTrial(deps, pending, pending.stripeCustomerId, pending.stripeSubscriptionId, paidPlan);
}

/**
 * Another browser finished a signup for the same email first: this one's subscription is cancelled at once,
 * so the card just entered is never charged, and the person is told to log in.
 */
async function finishOrWithdraw(deps: BillingDeps, pending: PendingSignup, customerId: string, snapshot: SubscriptionSnapshot): Promise<User> {
  try {
    return finishSignup(deps, pending, customerId, snapshot);
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) {
      await deps.billing
        .cancelNow(snapshot.id)
        .catch((cause) => log.error("[billing] could not cancel the losing signup", { signup: pending.id, error: cause }));
      deps.db.delete(pendingSignups).where(eq(pendingSignups.id, pending.id)).run();
    }
    throw error;
  }
}

/** The hosted path: Stripe Checkout came back to /dashboard?session_id=… in the browser that started it. */
export async function completeCheckout(deps: BillingDeps, sessionId: string, browserToken: string | null, paidPlan: boolean): Promise<SignupResult> {
  const pending = findPendingSignupForBrowser(deps.db, browserToken, deps.clock.now());
  if (!pending || pending.checkoutSessionId !== sessionId) throw new HttpError(403, SIGNUP_NOT_FOUND);
  const session = await withProvider(() => deps.billing.getCheckoutSession(sessionId));
  if (!session.complete || !session.subscriptionId || !session.customerId) throw new HttpError(402, "Your checkout isn't complete yet.");
  // After a refused trial, the paid subscription that replaced Checkout's is the signup's own.
  return finishWithOrWithoutTrial(deps, pending, session.customerId, pending.stripeSubscriptionId ?? session.subscriptionId, paidPlan);
}
