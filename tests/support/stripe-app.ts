import Stripe from "stripe";
import { users } from "../../db/schema.ts";
import { StripeBilling } from "../../src/server/billing/stripe-billing.ts";
import { cookiesFrom, startSignup } from "./signup.ts";
import { stripeTestConfig, stripeTestEnv, type StripeServer } from "./stripe-server.ts";
import { createTestApp, json, TEST_ORIGIN, type TestApp } from "./test-app.ts";

const signer = new Stripe("sk_test_signer");

/** The app with StripeBilling pointed at the local Stripe server. */
export function stripeApp(stripe: StripeServer, checkout: "embedded" | "hosted" = "embedded"): TestApp {
  return createTestApp(stripeTestEnv(checkout), { billing: new StripeBilling(stripeTestConfig(stripe, { checkout }), { timeoutMs: 300 }) });
}

/** Signs up through the app, the card confirmed as Stripe.js would; answers the user, their SetupIntent and session cookie. */
export async function stripeSubscriber(
  t: TestApp,
  stripe: StripeServer,
  email: string,
  plan: "monthly" | "annual" = "monthly",
  /** `paidPlan`: join on the paid plan when the trial is refused (this mailbox or card had one). */
  options: { referralCode?: string; card?: { brand: string; last4: string; fingerprint?: string }; paidPlan?: boolean } = {},
) {
  const { cookie: signupCookie, created } = await startSignup(t, email, { planType: plan, referralCode: options.referralCode });
  if (created.status !== 200) throw new Error(`create-subscription: ${created.status} ${await created.text()}`);
  const { clientSecret } = await json(created);
  const setupIntentId: string = clientSecret.split("_secret_")[0];
  stripe.succeedSetupIntent(setupIntentId, options.card);
  const body = options.paidPlan ? { email, paidPlan: true } : { email };
  const completed = await t.request("POST", "/api/complete-subscription", { body, cookie: signupCookie });
  if (completed.status !== 200) throw new Error(`complete-subscription: ${completed.status} ${await completed.text()}`);
  const user = t.db
    .select()
    .from(users)
    .all()
    .find((u) => u.email === email)!;
  return { user, setupIntentId, session: cookiesFrom(completed).find((c) => c.startsWith("gordu_session="))! };
}

/** A Stripe-Signature header for this payload: the app's webhook secret and now, unless told otherwise. */
export function signWebhook(payload: string, options: { secret?: string; timestamp?: number } = {}): Promise<string> {
  return signer.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? stripeTestEnv().STRIPE_WEBHOOK_SECRET!,
    timestamp: options.timestamp,
  });
}

/** Posts an event to the webhook, signed as Stripe would; or with the given header, or none (null). */
export async function deliverWebhook(t: TestApp, event: object, signature?: string | null): Promise<Response> {
  const payload = JSON.stringify(event);
  const header = signature === undefined ? await signWebhook(payload) : signature;
  return t.app.handle(
    new Request(`${TEST_ORIGIN}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(header ? { "stripe-signature": header } : {}) },
      body: payload,
    }),
  );
}
