import { and, desc, eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema.ts";
import type { TestApp } from "./test-app.ts";

export const VISA = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };
export const DECLINED = { cardNumber: "4000 0000 0000 0002", expMonth: 12, expYear: 2030, cvc: "123" };

export function cookiesFrom(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

export const signupBody = (email: string, planType: "monthly" | "annual" = "monthly", referralCode?: string) => ({
  email,
  firstName: "Jordan",
  lastName: "Pike",
  planType,
  preferences: { destinations: [], maxPrice: 500, nonstopOnly: false },
  ...(referralCode ? { referralCode } : {}),
});

/**
 * The code step 1 emailed to this address (decision 097): from the outbox row while it waits, or from the
 * recording mailer once delivered.
 */
export function signupCode(t: TestApp, email: string): string {
  const queued = t.db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "signup-code"), eq(emailOutbox.toAddress, email)))
    .orderBy(desc(emailOutbox.id))
    .get();
  const text = queued?.text ?? t.mailer.sent.filter((sent) => sent.to === email && sent.subject === "Your GoRDU signup code").at(-1)?.text;
  const code = text?.match(/^\s+(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no signup code was emailed to ${email}`);
  return code;
}

/** Steps 1 and 2 of the subscribe page: the details, then the emailed code. Answers the signup cookie and step 2's answer. */
export async function startSignup(
  t: TestApp,
  email: string,
  options: { planType?: "monthly" | "annual"; cookie?: string; headers?: Record<string, string>; referralCode?: string } = {},
) {
  const body = signupBody(email, options.planType, options.referralCode);
  const started = await t.request("POST", "/api/start-signup", { body, cookie: options.cookie, headers: options.headers });
  if (started.status !== 200) throw new Error(`start-signup: ${started.status} ${await started.text()}`);
  const cookie = cookiesFrom(started).find((c) => c.startsWith("gordu_signup="))!;
  const created = await t.request("POST", "/api/create-subscription", { body: { code: signupCode(t, email) }, cookie, headers: options.headers });
  return { cookie, created };
}

/** Stripe's test cards that succeed. A trial is given once per card, so each subscriber brings their own unless the test says which. */
const GOOD_CARD_NUMBERS = [
  "4242424242424242",
  "5555555555554444",
  "4000056655665556",
  "2223003122003222",
  "5200828282828210",
  "5105105105105100",
  "378282246310005",
  "371449635398431",
  "6011111111111117",
  "6011000990139424",
  "6011981111111113",
  "3056930009020004",
  "36227206271667",
  "3566002020360505",
  "6200000000000005",
  "4000000760000002",
  "4000001240000000",
  "4000004840008001",
];
let cardsHandedOut = 0;
export const anotherCard = () => ({ ...VISA, cardNumber: GOOD_CARD_NUMBERS[cardsHandedOut++ % GOOD_CARD_NUMBERS.length]! });

/** The whole browser path in test billing: details, code, card, complete. Returns the session cookie. */
export async function subscribe(t: TestApp, email: string, planType: "monthly" | "annual" = "monthly", card = anotherCard(), referralCode?: string) {
  const { cookie: signupCookie, created } = await startSignup(t, email, { planType, referralCode });
  if (created.status !== 200) throw new Error(`create-subscription: ${created.status} ${await created.text()}`);
  const { clientSecret } = (await created.json()) as { clientSecret: string };
  const confirmed = await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...card } });
  if (confirmed.status !== 200) throw new Error(`confirm-setup: ${confirmed.status} ${await confirmed.text()}`);
  const completed = await t.request("POST", "/api/complete-subscription", { body: { email }, cookie: signupCookie });
  if (completed.status !== 200) throw new Error(`complete-subscription: ${completed.status} ${await completed.text()}`);
  const sessionCookie = cookiesFrom(completed).find((c) => c.startsWith("gordu_session="));
  if (!sessionCookie) throw new Error(`complete-subscription did not sign in: ${await completed.text()}`);
  return { sessionCookie, signupCookie, clientSecret };
}

/** Test billing's path when the card had its trial: the paid plan is offered and accepted, charged at once. */
export async function subscribeOnPaidPlan(t: TestApp, email: string, card = anotherCard(), referralCode?: string) {
  const { cookie: signupCookie, created } = await startSignup(t, email, { referralCode });
  const { clientSecret } = (await created.json()) as { clientSecret: string };
  const confirmed = await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...card } });
  if (confirmed.status !== 200) throw new Error(`confirm-setup: ${confirmed.status} ${await confirmed.text()}`);
  const completed = await t.request("POST", "/api/complete-subscription", { body: { email, paidPlan: true }, cookie: signupCookie });
  if (completed.status !== 200) throw new Error(`complete-subscription: ${completed.status} ${await completed.text()}`);
  return { sessionCookie: cookiesFrom(completed).find((c) => c.startsWith("gordu_session="))! };
}
