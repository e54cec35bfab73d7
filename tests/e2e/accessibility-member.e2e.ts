import type { Page } from "@playwright/test";
import { newDevice } from "../support/push-service.ts";
import { alertsCard, presetNames, saveWindowFromPreset } from "./support/alerts-page.ts";
import { type AccessibilityState, checkStates, clickUntilVisible, type StateContext } from "./support/axe.ts";
import { banner, destinationField, logIn, subscriberWithDeals, tableRows } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { ONLY_SEEDED_DEALS, seedUser } from "./support/world.ts";
import { subscribeInBrowser } from "./support/subscribe.ts";
import { bookTrip, callApi, shareDeal } from "./support/trips-page.ts";

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

/** The deal details dialog of the first deal in the list (a row on a desktop, a card's button on a phone). */
async function openFirstDeal({ page, screen }: StateContext) {
  const opener = screen === "phone" ? page.getByRole("button", { name: /^View details of / }).first() : tableRows(page).first();
  await clickUntilVisible(opener, dialog(page, "Flight Deal Details"));
  return dialog(page, "Flight Deal Details");
}

/**
 * Every part of the Alerts card filled in: a saved travel window, the 'only deals that fit my windows' rule with its
 * exceptional-deals box, a daily digest with quiet hours and a cap, a device with instant alerts and a snoozed city.
 */
async function alertsCardFilledIn(context: StateContext) {
  await withDeals(context);
  const { page } = context;
  await saveWindowFromPreset(page);
  const settings = await callApi<Record<string, unknown>>(page, "GET", "/api/alerts").then((overview) => overview.settings as Record<string, unknown>);
  await callApi(page, "PUT", "/api/alert-settings", {
    ...settings,
    rule: "windows",
    exceptional: true,
    delivery: "daily",
    quietStart: 22,
    quietEnd: 7,
    dailyCap: 3,
  });
  const device = newDevice(`https://push.example.com/send/a11y-${Date.now()}`);
  await callApi(page, "POST", "/api/push-devices", { ...device.subscription, label: "Test phone" });
  await callApi(page, "POST", "/api/snoozes", { destination: "MCO" });
  await page.reload();
  const card = alertsCard(page);
  await expect(card.getByRole("checkbox", { name: /Still send exceptional deals/ })).toBeChecked();
  await expect(card.getByLabel("Digest time")).toBeVisible();
  await expect(card.getByRole("list", { name: "Devices with instant alerts" })).toContainText("Test phone");
  await expect(card.getByRole("list", { name: "Snoozed destinations" })).toContainText("Orlando (MCO)");
  await card.scrollIntoViewIfNeeded();
}

/** A member's dashboard and its dialogs: the rows of support/axe.ts's table (add a row for a new card or dialog). */
const MEMBER_STATES: AccessibilityState[] = [
  {
    name: "dashboard, no deals yet",
    reach: async ({ page, server }) => {
      await logIn(page, server, await seedUser(server, { firstName: "Casey", preferences: ONLY_SEEDED_DEALS }));
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
      await openFirstDeal(context);
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
      await logIn(page, server, await seedUser(server, { needsSetup: true, firstName: "Kai", preferences: ONLY_SEEDED_DEALS }));
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
      await logIn(page, server, await seedUser(server, { status: "Paused", type: "Free" }));
      await expect(page.getByRole("heading", { name: "Your flight deals are on hold" })).toBeVisible();
    },
  },
  {
    name: "dashboard, Alerts card with every setting filled in",
    reach: alertsCardFilledIn,
  },
  {
    name: "dashboard, Alerts card, a window's form filled from a preset",
    reach: async (context) => {
      await withDeals(context);
      const card = alertsCard(context.page);
      await card.getByLabel("Start from a holiday").selectOption((await presetNames(context.page))[0]!);
      await expect(card.getByLabel("Name", { exact: true })).not.toHaveValue("");
    },
  },
  {
    name: "dashboard, deal details with the shared link shown",
    reach: async (context) => {
      await context.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await withDeals(context);
      const details = await openFirstDeal(context);
      await details.getByRole("button", { name: "Share", exact: true }).click();
      await expect(details.locator(".share-confirmation").getByRole("link")).toBeVisible();
    },
  },
  {
    name: "dashboard, deal details with the 'I booked it' form open",
    reach: async (context) => {
      const details = await withDeals(context).then(() => openFirstDeal(context));
      await expect(details.getByRole("button", { name: "Add to calendar" })).toBeVisible();
      await details.getByRole("button", { name: "I booked it" }).click();
      await expect(details.getByLabel("Price paid (optional)")).toBeVisible();
    },
  },
  {
    name: "dashboard, deal details marked booked",
    reach: async (context) => {
      const details = await withDeals(context).then(() => openFirstDeal(context));
      await details.getByRole("button", { name: "I booked it" }).click();
      await details.getByRole("button", { name: "Save booked trip" }).click();
      await expect(details.getByRole("status").filter({ hasText: "Marked booked" })).toBeVisible();
    },
  },
  {
    name: "dashboard, Booked trips and Shared links cards",
    reach: async (context) => {
      const { ids } = await withDeals(context);
      await shareDeal(context.page, ids[1]!);
      await bookTrip(context.page, ids[0]!, 150);
      await context.page.reload();
      await expect(context.page.getByRole("article", { name: "Booked trips" })).toContainText("24-hour reminder");
      await expect(context.page.getByRole("article", { name: "Shared links" }).getByRole("button", { name: /^Revoke the shared link/ })).toBeVisible();
      await context.page.getByRole("article", { name: "Booked trips" }).scrollIntoViewIfNeeded();
    },
  },
];

test.describe("every state of a member's dashboard passes axe (WCAG 2.2 AA)", () => {
  checkStates(MEMBER_STATES);
});
