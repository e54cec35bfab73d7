import type { Page } from "@playwright/test";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { seedUser, uniqueEmail } from "./support/world.ts";
import { DECLINED, enterDetails, fillCard, subscribeInBrowser, VISA } from "./support/subscribe.ts";

test.describe("subscribing in test billing", () => {
  for (const plan of ["monthly", "annual"] as const) {
    test(`a visitor subscribes to the ${plan} plan from the landing page and lands on the dashboard`, async ({ page, mail }) => {
      const email = uniqueEmail(plan);
      await page.goto("/");
      await page
        .locator("#pricing")
        .getByRole("button", { name: plan === "monthly" ? "Choose Monthly" : "Choose Annual" })
        .click();
      await expect(page).toHaveURL(new RegExp(`/subscribe\\?plan=${plan}$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(plan === "monthly" ? "$10/month" : "$72/year");

      await enterDetails(page, email);
      await expect(page.getByText(email)).toBeVisible();
      await fillCard(page, VISA);
      await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
      await expectToast(page, "Welcome to GoRDU!");
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

      await expect(page.getByRole("heading", { name: "Welcome, Jordan" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Set Up Your Password" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Set Up Your Password" })).toContainText(
        "You're signed in on this device. Set a password so you can sign in on your other devices too.",
      );
      await expect(page.getByTestId("subscription-summary")).toContainText("Free trial: 7 days left");
      await expect(page.getByLabel("Your subscription")).toContainText(plan === "monthly" ? "Monthly plan" : "Annual plan");

      const welcome = await mail.waitFor(email, (m) => m.subject === "Welcome to GoRDU: set your password");
      expect(welcome.text).toContain("/reset-password?token=");
    });
  }

  test("a declined card shows 'Payment Failed', the button comes back, and a good card then works", async ({ page }) => {
    await page.goto("/subscribe?plan=monthly");
    await enterDetails(page, uniqueEmail("declined"));
    await fillCard(page, DECLINED);
    const start = page.getByRole("button", { name: "Start 7-Day Free Trial" });
    await start.click();
    await expectToast(page, "Payment Failed", "Your card was declined.");
    await expect(start).toBeEnabled();
    await fillCard(page, VISA);
    await start.click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  });

  test.describe("coming back from card authentication (3-D Secure)", () => {
    /** Step 1 in the browser, the card confirmed as Stripe would during authentication; answers Stripe's return parameters. */
    async function authenticateAway(page: Page, email: string) {
      await page.goto("/subscribe?plan=annual");
      const created = page.waitForResponse("**/api/create-subscription");
      await enterDetails(page, email);
      const { clientSecret } = await (await created).json();
      const confirmed = await page.evaluate(
        async (body) => {
          const response = await fetch("/api/test-billing/confirm-setup", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          return response.status;
        },
        { clientSecret, cardNumber: VISA, expMonth: 12, expYear: 2034, cvc: "123" },
      );
      expect(confirmed).toBe(200);
      return (status: string) =>
        new URLSearchParams({
          plan: "annual",
          signup_email: email,
          setup_intent: clientSecret.split("_secret_")[0],
          setup_intent_client_secret: clientSecret,
          redirect_status: status,
        });
    }

    test("a succeeded authentication finishes the signup and lands on the dashboard", async ({ page }) => {
      const returnQuery = await authenticateAway(page, uniqueEmail("three-ds"));
      await page.goto(`/subscribe?${returnQuery("succeeded")}`);
      await expectToast(page, "Welcome to GoRDU!");
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
      await expect(page.getByLabel("Your subscription")).toContainText("Annual plan");
    });

    test("a failed authentication says so and shows step 1 again at a clean URL", async ({ page }) => {
      const returnQuery = await authenticateAway(page, uniqueEmail("three-ds-failed"));
      await page.goto(`/subscribe?${returnQuery("failed")}`);
      await expectToast(page, "Payment Failed", "Your card could not be confirmed.");
      await expect(page).toHaveURL(/\/subscribe\?plan=annual$/);
      await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeVisible();
    });
  });

  test("'Terms of Service' in the consent line opens the Terms", async ({ page }) => {
    await page.goto("/subscribe?plan=annual");
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    await page.getByText("By continuing you confirm").getByRole("button", { name: "Terms of Service" }).click();
    const terms = page.getByRole("dialog", { name: "Terms of Service" });
    await expect(terms).toContainText("Subscribers must be 18 or older.");
    await terms.getByRole("button", { name: "Close" }).last().click();
    await expect(terms).toBeHidden();
    await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeVisible();
  });

  test("empty details show 'Required Fields Missing'; an existing account is told to log in", async ({ page, server }) => {
    await page.goto("/subscribe");
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Monthly plan");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expectToast(page, "Required Fields Missing", "Please enter your email, first name, and last name.");

    const member = await seedUser(server);
    await page.getByLabel("First name").fill("Jo");
    await page.getByLabel("Last name").fill("Doe");
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expectToast(page, "Subscription Error", "Please log in");
  });

  test("if this browser cannot be signed in after payment, a fresh set-password link is emailed and the page says so", async ({ page, mail }) => {
    const email = uniqueEmail("no-cookie");
    await page.goto("/subscribe?plan=monthly");
    await enterDetails(page, email);
    // The browser keeps no session cookie: to the page, nobody is signed in once the signup completes.
    await page.route("**/api/me", (route) =>
      route.fulfill({ status: 401, contentType: "application/json", body: JSON.stringify({ error: "Please log in to continue" }) }),
    );
    await fillCard(page, VISA);
    await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
    await expectToast(page, "Payment Successful", `we've emailed ${email} a link to set your password`);
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page).toHaveURL(/\/subscribe\?plan=monthly$/);

    const fresh = await mail.waitFor(email, (m) => m.subject === "Set your GoRDU password");
    const link = (fresh.text ?? "").match(/http:\/\/\S+\/reset-password\?token=\w+/)![0];
    await page.unroute("**/api/me");
    await page.goto(link);
    await page.getByLabel("New Password").fill("my own password");
    await page.getByLabel("Confirm Password").fill("my own password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a new subscriber sets a password from the card, logs out, and logs back in with it", async ({ page }) => {
    const email = await subscribeInBrowser(page);
    await page.getByRole("button", { name: "Set Password" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Current Password")).toHaveCount(0);
    await dialog.getByLabel("New Password").fill("subscriber password");
    await dialog.getByLabel("Confirm Password").fill("subscriber password");
    await dialog.getByRole("button", { name: "Set Password" }).click();
    await expectToast(page, "Password Changed");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("subscriber password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back, Jordan" })).toBeVisible();
  });

  test("a subscriber updates their card", async ({ page }) => {
    await subscribeInBrowser(page);
    await expect(page.getByLabel("Your subscription")).toContainText("VISA •••• 4242");
    await page.getByLabel("Your subscription").getByRole("button", { name: "Billing" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Payment Method" });
    await fillCard(page, "5555 5555 5555 4444", dialog);
    await dialog.getByRole("button", { name: "Update Payment Method" }).click();
    await expectToast(page, "Payment Method Updated");
    await expect(page.getByLabel("Your subscription")).toContainText("MASTERCARD •••• 4444");
  });

  test("cancelling a monthly plan keeps access until the period ends", async ({ page }) => {
    await subscribeInBrowser(page, "monthly");
    await page.getByLabel("Your subscription").getByRole("button", { name: "Billing" }).click();
    await page.getByRole("dialog", { name: "Update Payment Method" }).getByRole("button", { name: "Subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel Subscription?" });
    await expect(dialog).toContainText("You'll keep getting deals until");
    await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
    await expectToast(page, "Subscription Cancelled", "You'll continue to have access until the end of your billing period.");
    await expect(page.getByTestId("subscription-summary")).toContainText("Cancelled: you have access until");
  });

  test("cancelling an annual plan warns that access ends at once, and it does", async ({ page }) => {
    await subscribeInBrowser(page, "annual");
    await page.getByLabel("Your subscription").getByRole("button", { name: "Billing" }).click();
    await page.getByRole("dialog", { name: "Update Payment Method" }).getByRole("button", { name: "Subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel Subscription?" });
    await expect(dialog).toContainText("Your access ends immediately");
    await dialog.getByRole("button", { name: "Keep Subscription" }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel("Your subscription").getByRole("button", { name: "Billing" }).click();
    await page.getByRole("dialog", { name: "Update Payment Method" }).getByRole("button", { name: "Subscription" }).click();
    await page.getByRole("dialog", { name: "Cancel Subscription?" }).getByRole("button", { name: "Cancel Subscription" }).click();
    await expectToast(page, "Subscription Cancelled", "access has ended");
    await expect(page.getByTestId("subscription-summary")).toContainText("Your subscription has ended");
  });
});

test.describe("rejoining", () => {
  async function cancelFromBilling(page: Page) {
    await page.getByLabel("Your subscription").getByRole("button", { name: "Billing" }).click();
    await page.getByRole("dialog", { name: "Update Payment Method" }).getByRole("button", { name: "Subscription" }).click();
    await page.getByRole("dialog", { name: "Cancel Subscription?" }).getByRole("button", { name: "Cancel Subscription" }).click();
    await expectToast(page, "Subscription Cancelled");
  }

  test("an annual member who cancelled rejoins monthly from the dashboard on the saved card, with no second free trial", async ({ page }) => {
    await subscribeInBrowser(page, "annual");
    await cancelFromBilling(page);
    const card = page.getByRole("article", { name: "Rejoin GoRDU" });
    await expect(card).toContainText("No free trial this time");
    await expect(card.getByRole("radio", { name: /Annual/ })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Email Alerts" })).toBeDisabled();
    await expect(page.getByText("No alerts are sent while your membership has ended.")).toBeVisible();

    await card.getByRole("radio", { name: /Monthly/ }).check();
    await expect(card.getByRole("radio", { name: "VISA •••• 4242 (on file)" })).toBeChecked();
    await card.getByRole("button", { name: "Rejoin and pay $10 today" }).click();
    await expectToast(page, "Welcome back!", "$10/month, charged today to VISA •••• 4242");
    await expect(page.getByTestId("subscription-summary")).toContainText("Active: renews on");
    await expect(page.getByLabel("Your subscription")).toContainText("Monthly plan");
    await expect(card).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "My Flight Deals" })).toBeVisible();
  });

  test("/subscribe for a signed-in member whose cancelled month is still running shows the Rejoin card, which keeps the plan", async ({ page }) => {
    await subscribeInBrowser(page, "monthly");
    expect(await page.evaluate(async () => (await fetch("/api/cancel-subscription", { method: "POST" })).status)).toBe(200);
    await page.goto("/subscribe?plan=annual");
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    await expect(page.getByRole("heading", { name: "Welcome back, Jordan" })).toBeVisible();
    const card = page.getByRole("article", { name: "Rejoin GoRDU" });
    // Still inside the paid-for month: the cancellation is undone, nothing is charged, the plan is kept.
    await expect(card).toContainText("Nothing is charged today");
    await card.getByRole("button", { name: "Rejoin: keep my monthly plan" }).click();
    await expectToast(page, "Welcome back!", "Your monthly plan continues");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("subscription-summary")).toContainText("Free trial: 7 days left");
  });

  test("a former member whose plan ended pays with a new card from /subscribe; a declined card is refused first", async ({ page }) => {
    await subscribeInBrowser(page, "annual");
    expect(await page.evaluate(async () => (await fetch("/api/cancel-subscription", { method: "POST" })).status)).toBe(200);
    await page.goto("/subscribe?plan=monthly");
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    const card = page.getByRole("article", { name: "Rejoin GoRDU" });
    await expect(card.getByRole("radio", { name: /Monthly/ })).toBeChecked();
    await card.getByRole("radio", { name: "A new card" }).check();
    await fillCard(page, DECLINED, card);
    const pay = card.getByRole("button", { name: "Rejoin and pay $10 today" });
    await pay.click();
    await expectToast(page, "Payment Failed", "Your card was declined.");
    await expect(pay).toBeEnabled();
    await fillCard(page, "5555 5555 5555 4444", card);
    await pay.click();
    await expectToast(page, "Welcome back!", "charged today to MASTERCARD •••• 4444");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByLabel("Your subscription")).toContainText("MASTERCARD •••• 4444");
    await expect(page.getByTestId("subscription-summary")).toContainText("Active: renews on");
  });
});
