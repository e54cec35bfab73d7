import type { TestApp } from "./test-app.ts";

export const VISA = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvc: "123" };
export const DECLINED = { cardNumber: "4000 0000 0000 0002", expMonth: 12, expYear: 2030, cvc: "123" };

export function cookiesFrom(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

export const signupBody = (email: string, planType: "monthly" | "annual" = "monthly") => ({
  email,
  firstName: "Jordan",
  lastName: "Pike",
  planType,
  preferences: { destinations: [], maxPrice: 500, nonstopOnly: false },
});

/** The whole browser path in test billing: create, confirm the card, complete. Returns the session cookie. */
export async function subscribe(t: TestApp, email: string, planType: "monthly" | "annual" = "monthly", card = VISA) {
  const created = await t.request("POST", "/api/create-subscription", { body: signupBody(email, planType) });
  if (created.status !== 200) throw new Error(`create-subscription: ${created.status} ${await created.text()}`);
  const signupCookie = cookiesFrom(created).find((c) => c.startsWith("gordu_signup="))!;
  const { clientSecret } = (await created.json()) as { clientSecret: string };
  const confirmed = await t.request("POST", "/api/test-billing/confirm-setup", { body: { clientSecret, ...card } });
  if (confirmed.status !== 200) throw new Error(`confirm-setup: ${confirmed.status} ${await confirmed.text()}`);
  const completed = await t.request("POST", "/api/complete-subscription", { body: { email }, cookie: signupCookie });
  if (completed.status !== 200) throw new Error(`complete-subscription: ${completed.status} ${await completed.text()}`);
  const sessionCookie = cookiesFrom(completed).find((c) => c.startsWith("gordu_session="))!;
  return { sessionCookie, signupCookie, clientSecret };
}
