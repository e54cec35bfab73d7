import { expect, type Page } from "@playwright/test";
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
