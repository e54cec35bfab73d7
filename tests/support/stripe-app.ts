import Stripe from "stripe";
import { users } from "../../db/schema.ts";
import { StripeBilling } from "../../src/server/billing/stripe-billing.ts";
import { cookiesFrom, signupBody } from "./signup.ts";
import { stripeTestConfig, stripeTestEnv, type StripeServer } from "./stripe-server.ts";
import { createTestApp, json, TEST_ORIGIN, type TestApp } from "./test-app.ts";

const signer = new Stripe("sk_test_signer");

/** The app with StripeBilling pointed at the local Stripe server. */
export function stripeApp(stripe: StripeServer): TestApp {
  return createTestApp(stripeTestEnv(), { billing: new StripeBilling(stripeTestConfig(stripe), { timeoutMs: 300 }) });
}

/** Signs up through the app, the card confirmed as Stripe.js would; answers the user and their session cookie. */
export async function stripeSubscriber(t: TestApp, stripe: StripeServer, email: string, plan: "monthly" | "annual" = "monthly") {
  const created = await t.request("POST", "/api/create-subscription", { body: signupBody(email, plan) });
  if (created.status !== 200) throw new Error(`create-subscription: ${created.status} ${await created.text()}`);
  const signupCookie = cookiesFrom(created).find((c) => c.startsWith("gordu_signup="))!;
  const { clientSecret } = await json(created);
  stripe.succeedSetupIntent(clientSecret.split("_secret_")[0]);
  const completed = await t.request("POST", "/api/complete-subscription", { body: { email }, cookie: signupCookie });
  if (completed.status !== 200) throw new Error(`complete-subscription: ${completed.status} ${await completed.text()}`);
  const user = t.db
    .select()
    .from(users)
    .all()
    .find((u) => u.email === email)!;
  return { user, session: cookiesFrom(completed).find((c) => c.startsWith("gordu_session="))! };
}

/** Posts an event to the webhook, signed with the app's webhook secret as Stripe would. */
export async function deliverWebhook(t: TestApp, event: object): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: stripeTestEnv().STRIPE_WEBHOOK_SECRET! });
  return t.app.handle(
    new Request(`${TEST_ORIGIN}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    }),
  );
}
