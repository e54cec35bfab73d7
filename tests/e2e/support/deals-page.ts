/** The deals dashboard as the browser tests drive it: a subscriber with seeded deals, and the page's parts. */
import type { Locator, Page } from "@playwright/test";
import { format } from "date-fns";
import { type SeedDeal, seedDealAt } from "../../support/world/seed-deals-data.ts";
import { expect } from "./fixtures.ts";
import type { RunningServer } from "./server.ts";
import { type Member, ONLY_SEEDED_DEALS, seedDeals, seedUser, signIn } from "./world.ts";

export const today = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};

/** The deals `seedDeals(…, { count })` wrote, in list order (newest first). */
export const seededList = (count: number): SeedDeal[] => Array.from({ length: count }, (_, i) => seedDealAt(i, count, today()));

export const money = (amount: number) => `$${amount.toLocaleString("en-US")}`;

/** The member signed in (a session minted through the test seam) and on their dashboard. */
export async function logIn(page: Page, server: RunningServer, member: Pick<Member, "id">) {
  await signIn(page, server, member);
  await page.goto("/dashboard");
}

/** A sign-in through the login form, for the tests of the form itself. */
export async function logInThroughForm(page: Page, user: Pick<Member, "email" | "password">) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // A real sign-in verifies the password with argon2 (deliberately slow) before the dashboard loads.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
}

/** A subscriber whose list holds exactly `count` seeded deals, signed in on the dashboard. */
export async function subscriberWithDeals(page: Page, server: RunningServer, options: { count: number; newCount?: number; ended?: number }) {
  const user = await seedUser(server, { firstName: "Casey", preferences: ONLY_SEEDED_DEALS });
  const ids = await seedDeals(server, user.id, options);
  await logIn(page, server, user);
  return { user, ids, deals: seededList(options.count) };
}

export const tableRows = (page: Page) => page.locator(".deals-table tbody tr");
export const priceOf = (row: Locator) => row.locator(".col-price strong");
export const dealsCard = (page: Page) => page.getByRole("article", { name: "My Flight Deals" });
export const banner = (page: Page) => page.getByTestId("filter-banner");
export const destinationField = (page: Page) => page.getByRole("combobox", { name: "Destination" });

export async function pickDate(page: Page, label: "Begin" | "End", date: Date) {
  await page.getByRole("button", { name: new RegExp(`^${label}`) }).click();
  const calendar = page.getByRole("dialog", { name: `Choose ${label.toLowerCase()} date` });
  await expect(calendar).toBeVisible();
  const day = calendar.getByRole("button", { name: format(date, "EEEE, MMMM d, yyyy"), exact: true });
  for (let i = 0; i < 12 && !(await day.isVisible()); i++) await calendar.getByRole("button", { name: "Next month" }).click();
  await day.click();
  await expect(calendar).toBeHidden();
}

export async function swipe(page: Page, target: Locator, dx: number) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const startX = dx < 0 ? box.x + box.width - 60 : box.x + 40;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  const steps = 8;
  for (let i = 1; i <= steps; i++) await page.mouse.move(startX + (dx * i) / steps, y);
  await page.mouse.up();
}
