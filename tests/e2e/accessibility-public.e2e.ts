import { type AccessibilityState, checkStates, clickUntilVisible } from "./support/axe.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { uniqueEmail } from "./support/seed.ts";
import { DECLINED, enterDetails, fillCard } from "./support/subscribe.ts";

/** Pages a visitor sees, and their dialogs: the rows of support/axe.ts's table (add a row for a new page). */
const PUBLIC_STATES: AccessibilityState[] = [
  {
    name: "landing page",
    reach: async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  },
  ...["Privacy Policy", "Terms of Service", "Contact"].map(
    (name): AccessibilityState => ({
      name: `landing page, ${name} dialog`,
      reach: async ({ page }) => {
        await page.goto("/");
        const dialog = page.getByRole("dialog", { name: name === "Contact" ? "Contact Us" : name });
        await clickUntilVisible(page.getByRole("contentinfo").getByRole("button", { name }), dialog);
      },
    }),
  ),
  {
    name: "landing page, phone menu open",
    only: "phone",
    reach: async ({ page }) => {
      await page.goto("/");
      await clickUntilVisible(page.getByRole("button", { name: "Open menu" }), page.locator("#mobile-menu"));
    },
  },
  {
    name: "subscribe, step 1 (your details)",
    reach: async ({ page }) => {
      await page.goto("/subscribe?plan=monthly");
      await expect(page.locator("main[data-hydrated]")).toBeAttached();
      await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    },
  },
  {
    name: "subscribe, step 2 (payment)",
    reach: async ({ page }) => {
      await page.goto("/subscribe?plan=annual");
      await enterDetails(page, uniqueEmail("a11y"));
    },
  },
  {
    name: "subscribe, 'Payment Failed' toast",
    reach: async ({ page }) => {
      await page.goto("/subscribe?plan=monthly");
      await enterDetails(page, uniqueEmail("a11y-declined"));
      await fillCard(page, DECLINED);
      await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
      await expectToast(page, "Payment Failed", "Your card was declined.");
    },
  },
  {
    name: "login",
    reach: async ({ page }) => {
      await page.goto("/login");
      await expect(page.locator("main[data-hydrated]")).toBeAttached();
    },
  },
  {
    name: "login, 'Login Failed' toast",
    reach: async ({ page }) => {
      await page.goto("/login");
      await expect(page.locator("main[data-hydrated]")).toBeAttached();
      await page.getByLabel("Email").fill("nobody@example.com");
      await page.getByLabel("Password", { exact: true }).fill("not a password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectToast(page, "Login Failed");
    },
  },
  {
    name: "login, Forgot Password dialog",
    reach: async ({ page }) => {
      await page.goto("/login");
      await expect(page.locator("main[data-hydrated]")).toBeAttached();
      await clickUntilVisible(page.getByRole("button", { name: "Forgot Password?" }), page.getByRole("dialog", { name: "Forgot Password" }));
    },
  },
  {
    name: "reset password, with a token",
    reach: async ({ page }) => {
      await page.goto("/reset-password?token=made-up");
      await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    },
  },
  {
    name: "reset password, without a token",
    reach: async ({ page }) => {
      await page.goto("/reset-password");
      await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    },
  },
  {
    name: "404 page",
    reach: async ({ page }) => {
      await page.goto("/no-such-page");
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    },
  },
];

test.describe("every public page and dialog passes axe (WCAG 2.2 AA)", () => {
  checkStates(PUBLIC_STATES);
});
