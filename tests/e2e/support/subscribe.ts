import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import type { MailCatcher } from "../../support/mail-catcher.ts";
import type { RunningServer } from "./server.ts";
import { forgetCardTrial, uniqueEmail } from "./world.ts";

/** The card every signup pays with: the dashboard shows it as "VISA •••• 4242". */
export const VISA = "4242 4242 4242 4242";
export const DECLINED = "4000 0000 0000 0002";

/** The worker's server and the catcher of its emails: a signup reads its code from the email and pays on that server. */
export interface SignupWorld {
  server: RunningServer;
  mail: MailCatcher;
}

/**
 * VISA, once the server has forgotten it had a free trial: a trial is given once per card (decision 098), and every
 * signup of a worker's tests pays with this card on the worker's one server. Call it just before a signup pays.
 */
export async function visaWithTrial(server: RunningServer): Promise<string> {
  await forgetCardTrial(server, VISA);
  return VISA;
}

export async function fillCard(page: Page, cardNumber: string, scope = page.locator("body")) {
  await scope.getByLabel("Card number").fill(cardNumber);
  await scope.getByLabel("Expiry").fill("12 / 34");
  await scope.getByLabel("CVC").fill("123");
}

const isCodeEmail = (mail: ParsedMail) => mail.subject === "Your GoRDU signup code";

/** The 6-digit code step 1 emailed to this address (decision 097): on its own indented line of the newest code email. */
export async function signupCode(mail: MailCatcher, email: string): Promise<string> {
  await mail.waitFor(email, isCodeEmail);
  const newest = mail.messagesTo(email).filter(isCodeEmail).at(-1)!;
  const code = /^\s+(\d{6})$/m.exec(newest.text ?? "")?.[1];
  if (!code) throw new Error(`no code in the signup email to ${email}:\n${newest.text}`);
  return code;
}

/** Fills step 1 of /subscribe and continues; leaves the browser on step 2, "Check your email". */
export async function enterDetails(page: Page, email: string, firstName = "Jordan") {
  // Typed before hydration, the values would be reset by React (seen under load).
  await expect(page.locator("main[data-hydrated]")).toBeAttached();
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Pike");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
}

/** Step 2 of /subscribe: the code emailed to this address; leaves the browser on the payment step. */
export async function enterCode(page: Page, mail: MailCatcher, email: string) {
  await page.getByLabel("Code").fill(await signupCode(mail, email));
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
}

/** The whole signup in the browser, from /subscribe?plan=… to the dashboard. */
export async function subscribeInBrowser(page: Page, { server, mail }: SignupWorld, plan: "monthly" | "annual" = "monthly", email = uniqueEmail("subscriber")) {
  await page.goto(`/subscribe?plan=${plan}`);
  await enterDetails(page, email);
  await enterCode(page, mail, email);
  await fillCard(page, await visaWithTrial(server));
  await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
  // Paying, finishing the signup and a full page load: up to 8 s in full runs on a loaded 2-core machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  // The signup ends with a full page load (window.location), not page.goto: a click before hydration opens nothing.
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return email;
}

async function postOk(request: APIRequestContext, server: RunningServer, path: string, data: object) {
  const response = await request.post(path, { data, headers: { origin: server.url } });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

export interface ApiSignup {
  plan?: "monthly" | "annual";
  email?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Steps 1 to 3 of a signup through the API, as the page sends them, in this request context (which keeps the
 * signup's cookie; a page's `page.request` shares its browser's): the details, the emailed code, the card confirmed.
 * Returns the SetupIntent's client secret.
 */
export async function startSignupThroughApi(
  request: APIRequestContext,
  { server, mail }: SignupWorld,
  { plan = "monthly", email = uniqueEmail("subscriber"), firstName = "Jordan", lastName = "Pike" }: ApiSignup = {},
): Promise<string> {
  const preferences = { destinations: [], maxPrice: 500, nonstopOnly: false };
  await postOk(request, server, "/api/start-signup", { email, firstName, lastName, planType: plan, preferences });
  const { clientSecret, freeTrial } = await postOk(request, server, "/api/create-subscription", { code: await signupCode(mail, email) });
  expect(freeTrial, `a free trial for ${email}`).toBe(true);
  const cardNumber = await visaWithTrial(server);
  await postOk(request, server, "/api/test-billing/confirm-setup", { clientSecret, cardNumber, expMonth: 12, expYear: 2034, cvc: "123" });
  return clientSecret;
}

/**
 * A whole signup through the API, as the page makes it, without the page: the new subscriber (who has no password
 * yet) is signed in in this request context; `page.request` signs in the page's browser. For the tests of what a
 * subscriber does next.
 */
export async function subscribeThroughApi(request: APIRequestContext, world: SignupWorld, signup: ApiSignup = {}) {
  const email = signup.email ?? uniqueEmail("subscriber");
  await startSignupThroughApi(request, world, { ...signup, email });
  const completed = await postOk(request, world.server, "/api/complete-subscription", { email });
  expect(completed, `the signup of ${email} completed with its free trial`).toMatchObject({ success: true });
  return email;
}
