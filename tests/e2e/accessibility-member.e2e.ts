import type { Page } from "@playwright/test";
import { newDevice } from "../support/push-service.ts";
import { alertsCard, presetNames, saveWindowFromPreset } from "./support/alerts-page.ts";
import { type AccessibilityPage, checkStates, clickUntilVisible, closeDialogs, OPEN_DIALOGS } from "./support/axe.ts";
import { banner, destinationField, logIn, subscriberWithDeals } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { subscribeInBrowser } from "./support/subscribe.ts";
import { callApi } from "./support/trips-page.ts";
import { ONLY_SEEDED_DEALS, seedUser } from "./support/world.ts";

/** The search card: a popover of it (the date picker, the destination suggestions) is checked with its field. */
const SEARCH_CARD = ".search-card";
const ALERTS_CARD = "#alerts";

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

async function openProfile(page: Page) {
  await clickUntilVisible(page.getByRole("button", { name: "Profile", exact: true }), dialog(page, "Profile"));
  return dialog(page, "Profile");
}

/** The deal details dialog of the first deal in the list, opened from its phone card. */
async function openFirstDeal(page: Page) {
  await page
    .getByRole("button", { name: /^View details of / })
    .first()
    .click();
  await expect(dialog(page, "Flight Deal Details")).toBeVisible();
  return dialog(page, "Flight Deal Details");
}

/** A member's dashboard and its dialogs: the rows of support/axe.ts's table (add a state or a page here). */
const MEMBER_PAGES: AccessibilityPage[] = [
  {
    page: "dashboard without a deal list, and the profile dialog",
    states: [
      {
        name: "dashboard, no deals yet",
        reach: async ({ page, server }) => {
          await logIn(page, server, await seedUser(server, { firstName: "Casey", preferences: ONLY_SEEDED_DEALS }));
          await expect(page.getByText("No new flight deals available")).toBeVisible();
        },
      },
      {
        name: "dashboard, profile",
        within: OPEN_DIALOGS,
        reach: async ({ page }) => void (await openProfile(page)),
      },
      {
        name: "dashboard, profile being edited",
        within: OPEN_DIALOGS,
        reach: async ({ page }) => {
          await dialog(page, "Profile").getByRole("button", { name: "Edit" }).click();
          await expect(dialog(page, "Edit Profile").getByLabel("Last Name")).toBeVisible();
        },
      },
      {
        name: "dashboard, change password",
        within: OPEN_DIALOGS,
        reach: async ({ page }) => {
          await dialog(page, "Edit Profile").getByRole("button", { name: "Cancel" }).click();
          await dialog(page, "Profile").getByRole("button", { name: "Change Password" }).click();
          await expect(dialog(page, "Change Password").getByLabel("Current Password")).toBeVisible();
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
        name: "dashboard, subscription paused (deals on hold)",
        reach: async ({ page, server }) => {
          await logIn(page, server, await seedUser(server, { status: "Paused", type: "Free" }));
          await expect(page.getByRole("heading", { name: "Your flight deals are on hold" })).toBeVisible();
        },
      },
    ],
  },
  {
    page: "dashboard with deals, and its search",
    states: [
      {
        name: "dashboard, with deals (phone cards; the table at 1280×800)",
        desktopToo: true,
        reach: async ({ page, server }) => {
          await subscriberWithDeals(page, server, { count: 12, newCount: 6, ended: 1 });
          await expect(page.getByRole("button", { name: /^View details of / }).first()).toBeVisible();
        },
      },
      {
        name: "dashboard, date picker",
        within: SEARCH_CARD,
        reach: async ({ page }) => {
          await clickUntilVisible(page.getByRole("button", { name: /^Begin/ }), dialog(page, "Choose begin date"));
        },
      },
      {
        name: "dashboard, destination suggestions",
        within: SEARCH_CARD,
        reach: async ({ page }) => {
          await page.keyboard.press("Escape");
          await expect(dialog(page, "Choose begin date")).toBeHidden();
          await destinationField(page).fill("den");
          await expect(page.getByRole("listbox", { name: "Destination suggestions" })).toBeVisible();
        },
      },
      {
        name: "dashboard, filter banner",
        reach: async ({ page }) => {
          await page.keyboard.press("Escape");
          await expect(page.getByRole("listbox", { name: "Destination suggestions" })).toBeHidden();
          await destinationField(page).fill("LHR");
          await page.getByRole("button", { name: "Search Preferences" }).click();
          await expect(banner(page)).toBeVisible();
          await expectToast(page, "Search Results");
        },
      },
    ],
  },
  {
    page: "dashboard with deals: its dialogs and a phone card's Delete",
    states: [
      {
        name: "dashboard, Nonstop Destinations dialog",
        within: OPEN_DIALOGS,
        reach: async ({ page, server }) => {
          await subscriberWithDeals(page, server, { count: 12, newCount: 6, ended: 1 });
          await clickUntilVisible(page.getByRole("button", { name: /Nonstop Destinations/ }), dialog(page, "Nonstop Destinations from RDU"));
        },
      },
      {
        name: "dashboard, deal details dialog",
        within: OPEN_DIALOGS,
        reach: async ({ page }) => {
          await closeDialogs(page);
          await openFirstDeal(page);
          await expect(page.getByRole("img", { name: /^Price history/ })).toBeVisible();
        },
      },
      {
        name: "dashboard, phone card with Delete shown",
        reach: async ({ page }) => {
          await closeDialogs(page);
          const card = page.locator(".deals-phone li").first();
          await card.getByRole("button", { name: /^Actions for / }).click();
          await expect(card.getByRole("button", { name: /^Delete / })).toBeFocused();
        },
      },
    ],
  },
  {
    page: "deal details: sharing and booking, then the trips cards",
    states: [
      {
        name: "dashboard, deal details with the shared link shown",
        within: OPEN_DIALOGS,
        reach: async ({ page, server }) => {
          await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
          await subscriberWithDeals(page, server, { count: 3 });
          const details = await openFirstDeal(page);
          await details.getByRole("button", { name: "Share", exact: true }).click();
          await expect(details.locator(".share-confirmation").getByRole("link")).toBeVisible();
        },
      },
      {
        name: "dashboard, deal details with the 'I booked it' form open",
        within: OPEN_DIALOGS,
        reach: async ({ page }) => {
          const details = dialog(page, "Flight Deal Details");
          await expect(details.getByRole("button", { name: "Add to calendar" })).toBeVisible();
          await details.getByRole("button", { name: "I booked it" }).click();
          await expect(details.getByLabel("Price paid (optional)")).toBeVisible();
        },
      },
      {
        name: "dashboard, deal details marked booked",
        within: OPEN_DIALOGS,
        reach: async ({ page }) => {
          const details = dialog(page, "Flight Deal Details");
          await details.getByLabel("Price paid (optional)").fill("150");
          await details.getByRole("button", { name: "Save booked trip" }).click();
          await expect(details.getByRole("status").filter({ hasText: "Marked booked" })).toBeVisible();
        },
      },
      {
        name: "dashboard, Booked trips and Shared links cards",
        reach: async ({ page }) => {
          await closeDialogs(page);
          await expect(page.getByRole("article", { name: "Booked trips" })).toContainText("24-hour reminder");
          await expect(page.getByRole("article", { name: "Shared links" }).getByRole("button", { name: /^Revoke the shared link/ })).toBeVisible();
          await page.getByRole("article", { name: "Booked trips" }).scrollIntoViewIfNeeded();
        },
      },
    ],
  },
  {
    page: "dashboard, the Alerts card",
    states: [
      {
        name: "dashboard, Alerts card, a window's form filled from a preset",
        within: ALERTS_CARD,
        reach: async ({ page, server }) => {
          await subscriberWithDeals(page, server, { count: 3 });
          const card = alertsCard(page);
          await card.getByLabel("Start from a holiday").selectOption((await presetNames(page))[0]!);
          await expect(card.getByLabel("Name", { exact: true })).not.toHaveValue("");
          await card.scrollIntoViewIfNeeded();
        },
      },
      {
        name: "dashboard, Alerts card with every setting filled in",
        within: ALERTS_CARD,
        reach: async ({ page }) => {
          // A saved travel window, the 'only deals that fit my windows' rule with its exceptional-deals box, a daily
          // digest with quiet hours and a cap, a device with instant alerts and a snoozed city.
          await saveWindowFromPreset(page);
          const settings = await callApi<{ settings: Record<string, unknown> }>(page, "GET", "/api/alerts").then((overview) => overview.settings);
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
        },
      },
    ],
  },
  {
    page: "dashboard of a subscriber who paid by card: billing",
    states: [
      {
        name: "dashboard, billing dialog",
        within: OPEN_DIALOGS,
        reach: async ({ page, server, mail }) => {
          await subscribeInBrowser(page, { server, mail });
          await clickUntilVisible(page.getByLabel("Your subscription").getByRole("button", { name: "Billing" }), dialog(page, "Update Payment Method"));
          await expect(dialog(page, "Update Payment Method").getByLabel("Card number")).toBeVisible();
        },
      },
      {
        name: "dashboard, cancel dialog",
        within: OPEN_DIALOGS,
        reach: async ({ page }) => {
          await dialog(page, "Update Payment Method").getByRole("button", { name: "Subscription" }).click();
          await expect(dialog(page, "Cancel Subscription?")).toBeVisible();
        },
      },
    ],
  },
];

test.describe("every state of a member's dashboard passes axe (WCAG 2.2 AA)", () => {
  checkStates(MEMBER_PAGES);
});
