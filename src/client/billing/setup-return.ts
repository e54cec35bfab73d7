/**
 * When the card needs authentication (3-D Secure) Stripe.js may send the browser away and back to the
 * return_url, adding setup_intent, setup_intent_client_secret and redirect_status. The page comes back fresh,
 * so it also needs the signup's email, and whether the person agreed to join without a trial (decision 098),
 * which it asks Stripe to carry in that URL.
 */

const EMAIL = "signup_email";
const PAID_PLAN = "signup_paid";

/** What the card form says when the provider gives no reason of its own. */
export const CARD_NOT_CONFIRMED = "Your card could not be confirmed.";
const STRIPE_PARAMS = ["setup_intent", "setup_intent_client_secret", "redirect_status"];

export interface SetupReturn {
  email: string;
  succeeded: boolean;
  paidPlan: boolean;
}

/** The URL Stripe.js sends the browser back to: this page, carrying the signup's email (and the paid plan, if chosen). */
export function setupReturnUrl(pageUrl: string, email: string, paidPlan = false): string {
  const url = new URL(pageUrl);
  url.searchParams.set(EMAIL, email);
  if (paidPlan) url.searchParams.set(PAID_PLAN, "1");
  return url.href;
}

/** Stripe's answer on a return from card authentication, or null on an ordinary visit. */
export function readSetupReturn(params: URLSearchParams): SetupReturn | null {
  const email = params.get(EMAIL);
  const status = params.get("redirect_status");
  if (!email || !status || !params.get("setup_intent")) return null;
  return { email, succeeded: status === "succeeded", paidPlan: params.get(PAID_PLAN) === "1" };
}

/** The page's own query string (the plan) without what the return added, e.g. "?plan=annual". */
export function withoutSetupReturn(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const name of [EMAIL, PAID_PLAN, ...STRIPE_PARAMS]) kept.delete(name);
  const query = kept.toString();
  return query ? `?${query}` : "";
}
