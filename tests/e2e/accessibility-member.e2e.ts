import type { Page } from "@playwright/test";
import { type AccessibilityState, checkStates, clickUntilVisible, type StateContext } from "./support/axe.ts";
import { banner, destinationField, logIn, subscriberWithDeals, tableRows, waitForBootScan } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { ONLY_SEEDED_DEALS, seedUser } from "./support/seed.ts";
import { subscribeInBrowser } from "./support/subscribe.ts";

waitForBootScan();

const withDeals = ({ page, server }: StateContext) => subscriberWithDeals(page, server, { count: 12, newCount: 6, ended: 1 });

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

async function openProfile(page: Page) {
  await clickUntilVisible(page.getByRole("button", { name: "Profile", exact: true }), dialog(page, "Profile"));
  return dialog(page, "Profile");
}

/** A subscriber who paid by card in the browser: only they have the Billing dialog. */
async function openBilling(page: Page) {
  await subscribeInBrowser(page);
  await clickUntilVisible(page.getByLabel("Your subscription").getByRole("button", { name: "Billing" }), dialog(page, "Update Payment Method"));
  await expect(dialog(page, "Update Payment Method").getByLabel("Card number")).toBeVisible();
}

/** A member's dashboard and its dialogs: the rows of support/axe.ts's table (add a row for a new card or dialog). */
const MEMBER_STATES: AccessibilityState[] = [
  {
    name: "dashboard, no deals yet",
    reach: async ({ page, server }) => {
      await logIn(page, seedUser(server, { firstName: "Casey", preferences: ONLY_SEEDED_DEALS }));
      await expect(page.getByRole("heading", { name: "My Flight Deals" })).toBeVisible();
    },
  },
  {
    name: "dashboard, with deals",
    reach: async (context) => {
      await withDeals(context);
      const firstDeal = context.screen === "phone" ? context.page.getByRole("button", { name: /^View details of / }) : tableRows(context.page);
      await expect(firstDeal.first()).toBeVisible();
    },
  },
  {
    name: "dashboard, filter banner",
    reach: async (context) => {
      await withDeals(context);
      await destinationField(context.page).fill("LHR");
      await context.page.getByRole("button", { name: "Search Preferences" }).click();
      await expect(banner(context.page)).toBeVisible();
      await expectToast(context.page, "Search Results");
    },
  },
  {
    name: "dashboard, date picker",
    reach: async (context) => {
      await withDeals(context);
      await context.page.getByRole("button", { name: /^Begin/ }).click();
      await expect(dialog(context.page, "Choose begin date")).toBeVisible();
    },
  },
  {
    name: "dashboard, destination suggestions",
    reach: async (context) => {
      await withDeals(context);
      await destinationField(context.page).fill("den");
      await expect(context.page.getByRole("listbox", { name: "Destination suggestions" })).toBeVisible();
    },
  },
  {
    name: "dashboard, deal details dialog",
    reach: async (context) => {
      await withDeals(context);
      const opener = context.screen === "phone" ? context.page.getByRole("button", { name: /^View details of / }).first() : tableRows(context.page).first();
      await clickUntilVisible(opener, dialog(context.page, "Flight Deal Details"));
      await expect(context.page.getByRole("img", { name: /^Price history/ })).toBeVisible();
    },
  },
  {
    name: "dashboard, phone card with Delete shown",
    only: "phone",
    reach: async (context) => {
      await withDeals(context);
      const card = context.page.locator(".deals-phone li").first();
      await card.getByRole("button", { name: /^Actions for / }).click();
      await expect(card.getByRole("button", { name: /^Delete / })).toBeFocused();
    },
  },
  {
    name: "dashboard, Nonstop Destinations dialog",
    reach: async (context) => {
      await withDeals(context);
      await clickUntilVisible(context.page.getByRole("button", { name: /Nonstop Destinations/ }), dialog(context.page, "Nonstop Destinations from RDU"));
    },
  },
  {
    name: "dashboard, profile",
    reach: async (context) => {
      await withDeals(context);
      await openProfile(context.page);
    },
  },
  {
    name: "dashboard, profile being edited",
    reach: async (context) => {
      await withDeals(context);
      await (await openProfile(context.page)).getByRole("button", { name: "Edit" }).click();
      await expect(dialog(context.page, "Edit Profile").getByLabel("Last Name")).toBeVisible();
    },
  },
  {
    name: "dashboard, change password",
    reach: async (context) => {
      await withDeals(context);
      await (await openProfile(context.page)).getByRole("button", { name: "Change Password" }).click();
      await expect(dialog(context.page, "Change Password").getByLabel("Current Password")).toBeVisible();
    },
  },
  {
    name: "dashboard, password-setup card",
    reach: async ({ page, server }) => {
      await logIn(page, seedUser(server, { needsSetup: true, firstName: "Kai", preferences: ONLY_SEEDED_DEALS }));
      await expect(page.getByRole("region", { name: "Set Up Your Password" })).toBeVisible();
    },
  },
  {
    name: "dashboard, billing dialog",
    reach: async ({ page }) => openBilling(page),
  },
  {
    name: "dashboard, cancel dialog",
    reach: async ({ page }) => {
      await openBilling(page);
      await dialog(page, "Update Payment Method").getByRole("button", { name: "Subscription" }).click();
      await expect(dialog(page, "Cancel Subscription?")).toBeVisible();
    },
  },
  {
    name: "dashboard, subscription paused (deals on hold)",
    reach: async ({ page, server }) => {
      await logIn(page, seedUser(server, { status: "Paused", type: "Free" }));
      await expect(page.getByRole("heading", { name: "Your flight deals are on hold" })).toBeVisible();
    },
  },
];

test.describe("every state of a member's dashboard passes axe (WCAG 2.2 AA)", () => {
  checkStates(MEMBER_STATES);
});
