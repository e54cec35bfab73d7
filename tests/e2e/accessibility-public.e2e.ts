import type { Page } from "@playwright/test";
import { type AccessibilityPage, checkStates, clickUntilVisible, closeDialogs, OPEN_DIALOGS, type StateContext } from "./support/axe.ts";
import { subscriberWithDeals } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { DECLINED, enterCode, enterDetails, fillCard } from "./support/subscribe.ts";
import { revokeShare, shareDeal } from "./support/trips-page.ts";
import { endDeal, seedDealAlert, seedUser, uniqueEmail } from "./support/world.ts";

async function openFromFooter(page: Page, button: string, dialogName = button) {
  await clickUntilVisible(page.getByRole("contentinfo").getByRole("button", { name: button }), page.getByRole("dialog", { name: dialogName }));
}

/**
 * A member shares three deals, ends the second, revokes the third's link and signs out: the page is left as a
 * visitor the links were sent to, signed in as nobody.
 */
async function sharedLinksAsVisitor({ page, server }: StateContext) {
  const { ids } = await subscriberWithDeals(page, server, { count: 3 });
  const live = await shareDeal(page, ids[0]!);
  const ended = await shareDeal(page, ids[1]!);
  const revoked = await shareDeal(page, ids[2]!);
  await endDeal(server, ids[1]!);
  await revokeShare(page, revoked.id);
  await page.context().clearCookies();
  return { live: live.url, ended: ended.url, revoked: revoked.url };
}

/** The shared deal page in its three states; the links are made in the first state's reach. */
function sharedDealPage(): AccessibilityPage {
  let links: Awaited<ReturnType<typeof sharedLinksAsVisitor>>;
  return {
    page: "shared deal page",
    states: [
      {
        name: "shared deal page, live",
        reach: async (context) => {
          links = await sharedLinksAsVisitor(context);
          await context.page.goto(links.live);
          await expect(context.page.getByRole("button", { name: "Subscribe" })).toBeVisible();
        },
      },
      {
        name: "shared deal page, the deal ended",
        reach: async ({ page }) => {
          await page.goto(links.ended);
          await expect(page.getByRole("status")).toContainText("This deal has ended");
        },
      },
      {
        name: "shared deal page, the link revoked",
        reach: async ({ page }) => {
          await page.goto(links.revoked);
          await expect(page.getByRole("heading", { name: "This link is no longer shared" })).toBeVisible();
        },
      },
    ],
  };
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

/** The subscribe page's steps, up to a declined card; the address given in step 1 gets the code entered in step 2. */
function subscribePage(): AccessibilityPage {
  let email: string;
  return {
    page: "subscribe",
    states: [
      {
        name: "subscribe, step 1 (your details)",
        reach: async ({ page }) => {
          await page.goto("/subscribe?plan=monthly");
          await expect(page.locator("main[data-hydrated]")).toBeAttached();
          await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
        },
      },
      {
        name: "subscribe, step 2 (the emailed code)",
        reach: async ({ page }) => {
          email = uniqueEmail("a11y-declined");
          await enterDetails(page, email);
        },
      },
      {
        name: "subscribe, step 3 (payment)",
        reach: ({ page, mail }) => enterCode(page, mail, email),
      },
      {
        name: "subscribe, 'Payment Failed' toast",
        reach: async ({ page }) => {
          await fillCard(page, DECLINED);
          await page.getByRole("button", { name: "Start 7-Day Free Trial" }).click();
          await expectToast(page, "Payment Failed", "Your card was declined.");
        },
      },
    ],
  };
}

/** Pages a visitor sees, and their dialogs: the rows of support/axe.ts's table (add a state or a page here). */
const PUBLIC_PAGES: AccessibilityPage[] = [
  {
    page: "landing page",
    states: [
      {
        name: "landing page",
        desktopToo: true,
        reach: async ({ page }) => {
          await page.goto("/");
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        },
      },
      {
        name: "landing page, Privacy Policy dialog",
        within: OPEN_DIALOGS,
        reach: ({ page }) => openFromFooter(page, "Privacy Policy"),
      },
      {
        name: "landing page, Terms of Service dialog",
        within: OPEN_DIALOGS,
        reach: async ({ page }) => {
          await closeDialogs(page);
          await openFromFooter(page, "Terms of Service");
        },
      },
      {
        name: "landing page, Contact dialog",
        within: OPEN_DIALOGS,
        reach: async ({ page }) => {
          await closeDialogs(page);
          await openFromFooter(page, "Contact", "Contact Us");
        },
      },
      {
        name: "landing page, phone menu open",
        reach: async ({ page }) => {
          await closeDialogs(page);
          await clickUntilVisible(page.getByRole("button", { name: "Open menu" }), page.locator("#mobile-menu"));
        },
      },
    ],
  },
  {
    page: "recent deals",
    states: [
      {
        name: "recent deals",
        reach: async ({ page }) => {
          await page.goto("/deals");
          await expect(page.getByRole("heading", { level: 1, name: "Recent deals from RDU" })).toBeVisible();
        },
      },
    ],
  },
  {
    page: "how we find deals",
    states: [
      {
        name: "how we find deals",
        desktopToo: true,
        reach: async ({ page }) => {
          await page.goto("/how-we-find-deals");
          await expect(page.getByRole("heading", { level: 1, name: "How we find deals" })).toBeVisible();
        },
      },
    ],
  },
  subscribePage(),
  {
    page: "login",
    states: [
      {
        name: "login",
        reach: async ({ page }) => {
          await page.goto("/login");
          await expect(page.locator("main[data-hydrated]")).toBeAttached();
        },
      },
      {
        name: "login, Forgot Password dialog",
        within: OPEN_DIALOGS,
        reach: async ({ page }) => {
          await clickUntilVisible(page.getByRole("button", { name: "Forgot Password?" }), page.getByRole("dialog", { name: "Forgot Password" }));
        },
      },
      {
        name: "login, 'Login Failed' toast",
        reach: async ({ page }) => {
          await closeDialogs(page);
          await page.getByLabel("Email").fill("nobody@example.com");
          await page.getByLabel("Password", { exact: true }).fill("not a password");
          await page.getByRole("button", { name: "Sign In" }).click();
          await expectToast(page, "Login Failed");
        },
      },
    ],
  },
  {
    page: "reset password",
    states: [
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
    ],
  },
  {
    page: "404 page",
    states: [
      {
        name: "404 page",
        reach: async ({ page }) => {
          await page.goto("/no-such-page");
          await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
        },
      },
    ],
  },
  sharedDealPage(),
  {
    page: "snooze page",
    states: [
      {
        name: "snooze link from an alert email, asking first",
        reach: async (context) => {
          await context.page.goto(await snoozeLink(context));
          await expect(context.page.getByRole("button", { name: "Snooze Boston for 30 days" })).toBeVisible();
        },
      },
      {
        name: "snooze link, Boston snoozed",
        reach: async ({ page }) => {
          await page.getByRole("button", { name: "Snooze Boston for 30 days" }).click();
          await expect(page.getByRole("heading", { name: "Boston is snoozed" })).toBeVisible();
        },
      },
      {
        name: "snooze link no longer valid",
        reach: async ({ page }) => {
          await page.goto("/snooze?token=made-up&destination=BOS");
          await expect(page.getByRole("heading", { name: "This link isn't valid" })).toBeVisible();
        },
      },
    ],
  },
];

test.describe("every public page and dialog passes axe (WCAG 2.2 AA)", () => {
  checkStates(PUBLIC_PAGES);
});
