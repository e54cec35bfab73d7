import type { Page } from "@playwright/test";
import { openOperations, openPage, signIn, userRow } from "./support/admin-page.ts";
import { type AccessibilityPage, checkStates, clickUntilVisible, closeDialogs, OPEN_DIALOGS } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { subscribeInBrowser } from "./support/subscribe.ts";
import { seedUser } from "./support/world.ts";

const editDialog = (page: Page, email: string) => page.getByRole("dialog", { name: `Edit User: ${email}` });

/** The admin dashboard: the rows of support/axe.ts's table (add a state or a page here). */
function adminPages(): AccessibilityPage[] {
  // The member whose row the users tab's states act on, seeded by the first state.
  let memberEmail: string;
  return [
    {
      page: "admin, the users tab, its dialogs and the operations tab",
      states: [
        {
          name: "admin, users (phone cards; the table at 1280×800)",
          desktopToo: true,
          reach: async ({ page, server, baseURL }) => {
            memberEmail = (await seedUser(server, { firstName: "Quinn" })).email;
            await signIn(page, baseURL);
            await openPage(page);
            await expect(userRow(page, memberEmail)).toBeVisible();
          },
        },
        {
          name: "admin, edit user dialog",
          within: OPEN_DIALOGS,
          reach: async ({ page }) => {
            await clickUntilVisible(userRow(page, memberEmail).getByRole("button", { name: "Edit" }), editDialog(page, memberEmail));
          },
        },
        {
          name: "admin, delete confirmation",
          within: OPEN_DIALOGS,
          reach: async ({ page }) => {
            await editDialog(page, memberEmail).getByRole("button", { name: "Delete User" }).click();
            await expect(page.getByRole("dialog", { name: "Permanently Delete User?" })).toBeVisible();
          },
        },
        {
          name: "admin, operations",
          reach: async ({ page }) => {
            await closeDialogs(page);
            await openOperations(page);
          },
        },
      ],
    },
    {
      page: "admin, a card subscriber's subscription menu",
      states: [
        {
          name: "admin, subscription menu",
          reach: async ({ page, server, mail, baseURL }) => {
            const email = await subscribeInBrowser(page, { server, mail }, "annual");
            await signIn(page, baseURL);
            await openPage(page);
            await clickUntilVisible(userRow(page, email).getByRole("button", { name: "Subscription" }), page.getByRole("menu"));
          },
        },
        {
          name: "admin, cancel subscription dialog",
          within: OPEN_DIALOGS,
          reach: async ({ page }) => {
            await page.getByRole("menuitem", { name: "Cancel Sub" }).click();
            await expect(page.getByRole("dialog", { name: "Cancel Subscription?" })).toBeVisible();
          },
        },
      ],
    },
    {
      page: "Access Denied",
      states: [
        {
          name: "Access Denied (a member on /admin)",
          reach: async ({ page, server, baseURL }) => {
            await signIn(page, baseURL, await seedUser(server));
            await openPage(page);
            await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
          },
        },
      ],
    },
  ];
}

test.describe("every state of the admin dashboard passes axe (WCAG 2.2 AA)", () => {
  checkStates(adminPages());
});
