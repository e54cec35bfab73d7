import { format } from "date-fns";
import { eq } from "drizzle-orm";
import { pendingSignups } from "../../../db/schema.ts";
import type { CreateSubscriptionRequest, CreateSubscriptionResult } from "../../domain/api/billing.ts";
import { isValidEmail, LIMITS, normalizeEmail } from "../../domain/validation.ts";
import { createSession } from "../auth/sessions.ts";
import type { User } from "../auth/users.ts";
import { hashToken, issuePasswordToken, newToken } from "../auth/tokens.ts";
import { findUserByEmail, findUserById, insertUser } from "../auth/users.ts";
import type { Deps } from "../deps.ts";
import { badRequest, conflict, HttpError } from "../http/errors.ts";
import { queueEmail } from "../mail/outbox.ts";
import { welcomeEmail } from "../mail/templates/account-emails.ts";
import { withdrawSignup } from "./abandoned-signups.ts";
import type { SubscriptionSnapshot } from "./billing.ts";
import type { KeyedLock } from "./keyed-lock.ts";
import { findPendingSignupForBrowser, newPendingSignupId, PENDING_SIGNUP_TTL_MS, type PendingSignup } from "./pending-signups.ts";
import { withProvider } from "./provider-errors.ts";
import { subscriptionColumns } from "./subscription-sync.ts";
import { log } from "../log.ts";

export const REQUIRED_FIELDS_MISSING = "Please enter your email, first name, and last name.";
export const ACCOUNT_EXISTS = "An account with this email already exists. Please log in instead.";
const SIGNUP_NOT_FOUND = "We couldn't find your signup in this browser. Please start again from the pricing page.";

/** The signup body once the route filled in what was missing (the rules below answer for empty fields). */
export type CreateSubscriptionInput = Required<Omit<CreateSubscriptionRequest, "preferences">> & Pick<CreateSubscriptionRequest, "preferences">;

function cleanSignup(input: CreateSubscriptionInput) {
  const signup = { email: input.email.trim(), firstName: input.firstName.trim(), lastName: input.lastName.trim() };
  if (!signup.email || !signup.firstName || !signup.lastName) throw badRequest(REQUIRED_FIELDS_MISSING);
  if (!isValidEmail(signup.email)) throw badRequest("Please enter a valid email address.");
  if (signup.firstName.length > LIMITS.name || signup.lastName.length > LIMITS.name) throw badRequest(`Names can be at most ${LIMITS.name} characters.`);
  const preferences = {
    destinations: (input.preferences?.destinations ?? []).map((code) => code.trim().toUpperCase()).filter(Boolean),
    maxPrice: input.preferences?.maxPrice ?? 500,
    nonstopOnly: input.preferences?.nonstopOnly ?? false,
  };
  return { ...signup, planType: input.planType, preferences };
}

/**
 * Step 1 of the subscribe page. The same browser asking again (a double click, a second tab, the back
 * button) gets the signup it already has: one customer, one subscription. Asking for another email or plan,
 * or for a new Checkout page, replaces it, and the old one is withdrawn at the provider first so it can never
 * be charged. If the provider fails, nothing local is left behind.
 */
export async function createSubscription(
  deps: Deps,
  lock: KeyedLock,
  input: CreateSubscriptionInput,
  browserToken: string | null,
): Promise<{ result: CreateSubscriptionResult; browserToken: string; expiresAt: Date }> {
  const signup = cleanSignup(input);
  if (findUserByEmail(deps.db, signup.email)) throw conflict(ACCOUNT_EXISTS);

  return lock.run(`signup:${browserToken ?? normalizeEmail(signup.email)}`, async () => {
    const now = deps.clock.now();
    const existing = findPendingSignupForBrowser(deps.db, browserToken, now);
    if (existing && !existing.completedUserId && normalizeEmail(existing.email) === normalizeEmail(signup.email) && existing.planType === signup.planType) {
      const result = existing.checkoutSessionId ? null : existing.clientSecret;
      if (result) return { result: { clientSecret: result }, browserToken: browserToken!, expiresAt: existing.expiresAt };
    }

    if (existing) {
      if (!existing.completedUserId) await withProvider(() => withdrawSignup(deps.billing, existing));
      deps.db.delete(pendingSignups).where(eq(pendingSignups.id, existing.id)).run();
    }

    const token = newToken();
    const id = newPendingSignupId();
    const expiresAt = new Date(now.getTime() + PENDING_SIGNUP_TTL_MS);
    deps.db
      .insert(pendingSignups)
      .values({ id, browserTokenHash: hashToken(token), ...signup, createdAt: now, expiresAt })
      .run();

    try {
      const billingInput = { pendingSignupId: id, ...signup };
      if (deps.config.stripe?.checkout === "hosted") {
        const checkout = await withProvider(() =>
          deps.billing.startHostedCheckout({
            ...billingInput,
            successUrl: `${deps.config.appUrl}/dashboard?session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${deps.config.appUrl}/subscribe?plan=${signup.planType}`,
          }),
        );
        deps.db.update(pendingSignups).set({ checkoutSessionId: checkout.sessionId }).where(eq(pendingSignups.id, id)).run();
        return { result: { sessionUrl: checkout.sessionUrl }, browserToken: token, expiresAt };
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
        .where(eq(pendingSignups.id, id))
        .run();
      return { result: { clientSecret: started.clientSecret }, browserToken: token, expiresAt };
    } catch (error) {
      deps.db.delete(pendingSignups).where(eq(pendingSignups.id, id)).run();
      throw error;
    }
  });
}

/**
 * Turns a paid-for signup into an account, with a welcome email holding a link to set a password. Safe to call
 * twice (the webhook and the browser both finishing it): the second call gets the account the first made. A
 * signup whose row is gone (finished in its browser, withdrawn, or its account deleted) makes nothing.
 */
export function finishSignup(deps: Deps, pending: PendingSignup, customerId: string, snapshot: SubscriptionSnapshot): User {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => {
    const fresh = tx.select().from(pendingSignups).where(eq(pendingSignups.id, pending.id)).get();
    if (!fresh) throw new HttpError(403, SIGNUP_NOT_FOUND);
    if (fresh.completedUserId) return findUserById(tx, fresh.completedUserId)!;
    if (findUserByEmail(tx, pending.email)) throw conflict(ACCOUNT_EXISTS);
    const user = insertUser(
      tx,
      {
        email: pending.email,
        firstName: pending.firstName,
        lastName: pending.lastName,
        needsPasswordSetup: true,
        preferences: pending.preferences,
        subscriptionType: "Paid",
        ...subscriptionColumns({ ...snapshot, customerId }),
        planType: pending.planType,
      },
      now,
    );
    tx.update(pendingSignups).set({ completedUserId: user.id }).where(eq(pendingSignups.id, pending.id)).run();
    const { token, expiresAt } = issuePasswordToken(tx, user.id, "welcome", now);
    const trialEnds = snapshot.trialEnd ? format(snapshot.trialEnd, "EEEE, MMMM d") : "7 days from now";
    queueEmail(
      tx,
      {
        kind: "welcome",
        to: user.email,
        expiresAt,
        ...welcomeEmail(user, `${deps.config.appUrl}/reset-password?token=${token}`, `${deps.config.appUrl}/dashboard`, trialEnds),
      },
      now,
    );
    return user;
  });
}

function pendingForBrowser(deps: Deps, browserToken: string | null, email: string): PendingSignup {
  const pending = findPendingSignupForBrowser(deps.db, browserToken, deps.clock.now());
  if (!pending || normalizeEmail(pending.email) !== normalizeEmail(email)) throw new HttpError(403, SIGNUP_NOT_FOUND);
  return pending;
}

/**
 * The browser that paid is signed in once: the signup row is spent in the same transaction that opens the
 * session, so its cookie is worthless afterwards. If the webhook made the account first, the browser still gets
 * its one session, but only while the account waits for its first password (nobody has secured it yet).
 */
function signInOnce(deps: Deps, pending: PendingSignup, user: User) {
  return deps.db.transaction((tx) => {
    const spent = tx.delete(pendingSignups).where(eq(pendingSignups.id, pending.id)).returning({ id: pendingSignups.id }).get();
    const current = findUserById(tx, user.id);
    if (!spent || !current?.needsPasswordSetup) throw new HttpError(403, SIGNUP_NOT_FOUND);
    return { user: current, session: createSession(tx, current.id, deps.clock.now()) };
  });
}

/** After the card form succeeded in this browser: verify with the provider, create the account, sign in. */
export async function completeSubscription(deps: Deps, email: string, browserToken: string | null) {
  const pending = pendingForBrowser(deps, browserToken, email);
  if (!pending.setupIntentId || !pending.stripeSubscriptionId || !pending.stripeCustomerId) throw new HttpError(403, SIGNUP_NOT_FOUND);
  const [intent, snapshot] = await withProvider(() =>
    Promise.all([deps.billing.getSetupIntent(pending.setupIntentId!), deps.billing.getSubscription(pending.stripeSubscriptionId!)]),
  );
  if (intent.status !== "succeeded") throw new HttpError(402, "Your card hasn't been confirmed yet. Please enter your card details and try again.");
  const user = await finishOrWithdraw(deps, pending, pending.stripeCustomerId, pending.stripeSubscriptionId, snapshot);
  return signInOnce(deps, pending, user);
}

/**
 * Another browser finished a signup for the same email first: this one's subscription is cancelled at once,
 * so the card just entered is never charged, and the person is told to log in.
 */
async function finishOrWithdraw(deps: Deps, pending: PendingSignup, customerId: string, subscriptionId: string, snapshot: SubscriptionSnapshot): Promise<User> {
  try {
    return finishSignup(deps, pending, customerId, snapshot);
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) {
      await deps.billing.cancelNow(subscriptionId).catch((error) => log.error("[billing] could not cancel the losing signup", { signup: pending.id, error }));
      deps.db.delete(pendingSignups).where(eq(pendingSignups.id, pending.id)).run();
    }
    throw error;
  }
}

/** The hosted path: Stripe Checkout came back to /dashboard?session_id=… in the browser that started it. */
export async function completeCheckout(deps: Deps, sessionId: string, browserToken: string | null) {
  const pending = findPendingSignupForBrowser(deps.db, browserToken, deps.clock.now());
  if (!pending || pending.checkoutSessionId !== sessionId) throw new HttpError(403, SIGNUP_NOT_FOUND);
  const session = await withProvider(() => deps.billing.getCheckoutSession(sessionId));
  if (!session.complete || !session.subscriptionId || !session.customerId) throw new HttpError(402, "Your checkout isn't complete yet.");
  const snapshot = await withProvider(() => deps.billing.getSubscription(session.subscriptionId!));
  const user = await finishOrWithdraw(deps, pending, session.customerId, session.subscriptionId, snapshot);
  return signInOnce(deps, pending, user);
}
