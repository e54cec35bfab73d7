import { expect, type Page } from "@playwright/test";
import type { RunningServer } from "./server.ts";
import { uniqueEmail } from "./world.ts";

export const VISA = "4242 4242 4242 4242";
export const DECLINED = "4000 0000 0000 0002";

export async function fillCard(page: Page, cardNumber: string, scope = page.locator("body")) {
  await scope.getByLabel("Card number").fill(cardNumber);
  await scope.getByLabel("Expiry").fill("12 / 34");
  await scope.getByLabel("CVC").fill("123");
}

/** Fills step 1 of /subscribe; leaves the browser on the payment step. */
export async function enterDetails(page: Page, email: string, firstName = "Jordan") {
  // Typed before hydration, the values would be reset by React (seen under load).
  await expect(page.locator("main[data-hydrated]")).toBeAttached();
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Pike");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
}

/** The whole signup in the browser, from /subscribe?plan=… to the dashboard. */
export async function subscribeInBrowser(page: Page, plan: "monthly" | "annual" = "monthly", email = uniqueEmail("subscriber")) {
  await page.goto(`/subscribe?plan=${plan}`);
  await enterDetails(page, email);
  await fillCard(page, VISA);
  await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  // The signup ends with a full page load (window.location), not page.goto: a click before hydration opens nothing.
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return email;
}

async function postOk(page: Page, server: RunningServer, path: string, data: object) {
  const response = await page.request.post(path, { data, headers: { origin: server.url } });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/**
 * Steps 1 and 2 of a signup through the API, as the card form sends them, in the page's browser context (which keeps
 * the signup's cookie): the signup started and the card confirmed. Returns the SetupIntent's client secret.
 */
export async function startSignupThroughApi(page: Page, server: RunningServer, plan: "monthly" | "annual", email: string): Promise<string> {
  const { clientSecret } = await postOk(page, server, "/api/create-subscription", {
    email,
    firstName: "Jordan",
    lastName: "Pike",
    planType: plan,
    preferences: { destinations: [], maxPrice: 500, nonstopOnly: false },
  });
  await postOk(page, server, "/api/test-billing/confirm-setup", { clientSecret, cardNumber: VISA, expMonth: 12, expYear: 2034, cvc: "123" });
  return clientSecret;
}

/**
 * A whole signup through the API, as the card form makes it, without the form: the new subscriber (who has no
 * password yet) is signed in in the page's browser context. For the tests of what a subscriber does next.
 */
export async function subscribeThroughApi(page: Page, server: RunningServer, plan: "monthly" | "annual" = "monthly", email = uniqueEmail("subscriber")) {
  await startSignupThroughApi(page, server, plan, email);
  await postOk(page, server, "/api/complete-subscription", { email });
  return email;
}
