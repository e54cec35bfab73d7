/** The admin dashboard as the browser tests drive it: signing in, its tabs and the user table. */
import type { Page } from "@playwright/test";
import type { AdminUserList } from "../../../src/domain/api/admin.ts";
import { ADMIN, expect } from "./fixtures.ts";

/** Signs the browser in without the login page (its cookie is shared with `page`). */
export async function signIn(page: Page, baseURL: string | undefined, who: { email: string; password: string } = ADMIN) {
  const response = await page.request.post("/api/login", { data: { email: who.email, password: who.password }, headers: { origin: baseURL! } });
  expect(response.ok(), `log in as ${who.email}`).toBe(true);
}

/** Opens a server-rendered page and waits until it is hydrated, so clicks reach React. */
export async function openPage(page: Page, path = "/admin") {
  const response = await page.goto(path);
  await expect(page.locator("main[data-hydrated]")).toBeAttached();
  return response;
}

export const userRow = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });
export const statusOf = (page: Page, email: string) => userRow(page, email).locator(".status-badge");
export const heading = (page: Page) => page.getByRole("heading", { name: /^User Management \(\d+ users\)$/ });

export async function totalUsers(page: Page): Promise<number> {
  return ((await (await page.request.get("/api/admin/users")).json()) as AdminUserList).total;
}

export async function openOperations(page: Page) {
  await page.getByRole("tab", { name: "Operations" }).click();
  const panel = page.getByRole("tabpanel", { name: "Operations" });
  await expect(panel.getByRole("heading", { name: "Subscribers" })).toBeVisible();
  return panel;
}
