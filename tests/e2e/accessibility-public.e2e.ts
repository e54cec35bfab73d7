import { type AccessibilityState, checkStates, clickUntilVisible, type StateContext } from "./support/axe.ts";
import { subscriberWithDeals } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { endDeal, seedDealAlert, seedUser, uniqueEmail } from "./support/world.ts";
import { DECLINED, enterDetails, fillCard } from "./support/subscribe.ts";
import { revokeShare, shareDeal } from "./support/trips-page.ts";

/** A member shares a deal and signs out: the page is left as a visitor the link was sent to, signed in as nobody. */
async function sharedAsVisitor({ page, server }: StateContext, then?: (dealId: number, shareId: string) => Promise<void>) {
  const { ids } = await subscriberWithDeals(page, server, { count: 2 });
  const share = await shareDeal(page, ids[0]!);
  await then?.(ids[0]!, share.id);
  await page.context().clearCookies();
  return share.url;
}

/**
 * The snooze link of a real alert email to a new subscriber about a $49 Boston deal, signed in as nobody. Boston: a
 * city no other test's subscribers ask for, as the worker's server (and its published deals) is shared between files.
 */
async function snoozeLink({ page, server, mail }: StateContext) {
  const user = await seedUser(server, { preferences: { destinations: ["BOS"], maxPrice: 50, nonstopOnly: false } });
  await seedDealAlert(server, { destination: "BOS", price: 49 });
  const email = await mail.waitFor(user.email, (message) => (message.subject ?? "").includes("$49"), 15_000);
  await page.context().clearCookies();
  return /Snooze Boston for 30 days: (\S+)/.exec(email.text ?? "")![1]!;
}

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
  {
    name: "how we find deals",
    reach: async ({ page }) => {
      await page.goto("/how-we-find-deals");
      await expect(page.getByRole("heading", { level: 1, name: "How we find deals" })).toBeVisible();
    },
  },
  {
    name: "shared deal page, live",
    reach: async (context) => {
      await context.page.goto(await sharedAsVisitor(context));
      await expect(context.page.getByRole("button", { name: "Subscribe" })).toBeVisible();
    },
  },
  {
    name: "shared deal page, the deal ended",
    reach: async (context) => {
      await context.page.goto(
        await sharedAsVisitor(context, async (dealId) => {
          await endDeal(context.server, dealId);
        }),
      );
      await expect(context.page.getByRole("status")).toContainText("This deal has ended");
    },
  },
  {
    name: "shared deal page, the link revoked",
    reach: async (context) => {
      await context.page.goto(await sharedAsVisitor(context, async (_, shareId) => void (await revokeShare(context.page, shareId))));
      await expect(context.page.getByRole("heading", { name: "This link is no longer shared" })).toBeVisible();
    },
  },
  {
    name: "snooze link from an alert email, asking first",
    reach: async (context) => {
      await context.page.goto(await snoozeLink(context));
      await expect(context.page.getByRole("button", { name: "Snooze Boston for 30 days" })).toBeVisible();
    },
  },
  {
    name: "snooze link, Boston snoozed",
    reach: async (context) => {
      await context.page.goto(await snoozeLink(context));
      await context.page.getByRole("button", { name: "Snooze Boston for 30 days" }).click();
      await expect(context.page.getByRole("heading", { name: "Boston is snoozed" })).toBeVisible();
    },
  },
  {
    name: "snooze link no longer valid",
    reach: async ({ page }) => {
      await page.goto("/snooze?token=made-up&destination=BOS");
      await expect(page.getByRole("heading", { name: "This link isn't valid" })).toBeVisible();
    },
  },
];

test.describe("every public page and dialog passes axe (WCAG 2.2 AA)", () => {
  checkStates(PUBLIC_STATES);
});
