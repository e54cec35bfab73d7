import type { Page } from "@playwright/test";
import { openOperations, openPage, signIn, userRow } from "./support/admin-page.ts";
import { type AccessibilityState, checkStates, clickUntilVisible, type StateContext } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { seedUser } from "./support/world.ts";
import { subscribeInBrowser } from "./support/subscribe.ts";

/** The admin signed in on /admin with one more member in the list; returns that member's email. */
async function adminWithMember({ page, server, baseURL }: StateContext) {
  const member = await seedUser(server, { firstName: "Quinn" });
  await signIn(page, baseURL);
  await openPage(page);
  await expect(userRow(page, member.email)).toBeVisible();
  return member.email;
}

/** The admin on /admin with the Subscription menu of a member who subscribed in the browser open. */
async function openSubscriptionMenu({ page, baseURL }: StateContext) {
  const email = await subscribeInBrowser(page, "annual");
  await signIn(page, baseURL);
  await openPage(page);
  await clickUntilVisible(userRow(page, email).getByRole("button", { name: "Subscription" }), page.getByRole("menu"));
}

async function openEdit(page: Page, email: string) {
  const edit = page.getByRole("dialog", { name: `Edit User: ${email}` });
  await clickUntilVisible(userRow(page, email).getByRole("button", { name: "Edit" }), edit);
  return edit;
}

/** The admin dashboard: the rows of support/axe.ts's table (add a row for a new tab or dialog). */
const ADMIN_STATES: AccessibilityState[] = [
  {
    name: "admin, users",
    reach: async (context) => void (await adminWithMember(context)),
  },
  {
    name: "admin, edit user dialog",
    reach: async (context) => void (await openEdit(context.page, await adminWithMember(context))),
  },
  {
    name: "admin, delete confirmation",
    reach: async (context) => {
      const edit = await openEdit(context.page, await adminWithMember(context));
      await edit.getByRole("button", { name: "Delete User" }).click();
      await expect(context.page.getByRole("dialog", { name: "Permanently Delete User?" })).toBeVisible();
    },
  },
  {
    name: "admin, subscription menu",
    reach: openSubscriptionMenu,
  },
  {
    name: "admin, cancel subscription dialog",
    reach: async (context) => {
      await openSubscriptionMenu(context);
      await context.page.getByRole("menuitem", { name: "Cancel Sub" }).click();
      await expect(context.page.getByRole("dialog", { name: "Cancel Subscription?" })).toBeVisible();
    },
  },
  {
    name: "admin, operations",
    reach: async (context) => {
      await adminWithMember(context);
      await openOperations(context.page);
    },
  },
  {
    name: "Access Denied (a member on /admin)",
    reach: async ({ page, server, baseURL }) => {
      const member = await seedUser(server);
      await signIn(page, baseURL, member);
      await openPage(page);
      await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    },
  },
];

test.describe("every state of the admin dashboard passes axe (WCAG 2.2 AA)", () => {
  checkStates(ADMIN_STATES);
});
