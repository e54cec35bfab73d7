import type { Page } from "@playwright/test";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { logIn, logInThroughForm } from "./support/deals-page.ts";
import { seedUser, type Member } from "./support/world.ts";

async function openProfile(page: Page) {
  await page.getByRole("button", { name: "Profile" }).click();
  return page.getByRole("dialog");
}

test.describe("accounts", () => {
  let member: Member;
  test.beforeEach(async ({ server }) => {
    member = await seedUser(server, { firstName: "Robin" });
  });

  test("a member logs in, is greeted by first name, and logs out to the landing page", async ({ page, server }) => {
    await logIn(page, server, member);
    await expect(page.getByRole("heading", { name: "Welcome back, Robin" })).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a sign-in reads the member and their dashboard's data once", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    const reads: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (["/api/me", "/api/subscription", "/api/flight-deals", "/api/alerts"].includes(path)) reads.push(path);
    });
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back, Robin" })).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    expect(reads.filter((path) => path !== "/api/me").sort()).toEqual(["/api/alerts", "/api/flight-deals", "/api/subscription"]);
    // The root's loader and the dashboard's each ask who is signed in.
    expect(reads.filter((path) => path === "/api/me")).toHaveLength(2);
  });

  test("a wrong password shows the 'Login Failed' toast", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill("not my password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Login Failed", "Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a visitor is sent from /dashboard to /login, and a signed-in user from /login to /dashboard", async ({ page, server }) => {
    const response = await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    expect(response?.status()).toBe(200);
    await logIn(page, server, member);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("forgot password: the email arrives, its link resets the password, and the new one logs in", async ({ page, mail }) => {
    await page.goto("/login");
    // Clicked before hydration, the button opens nothing (seen under load).
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Forgot Password" });
    await dialog.getByLabel("Email").fill(member.email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expectToast(page, "Reset Email Sent", "If an account exists, a password reset email has been sent.");
    await expect(dialog).toBeHidden();

    const email = await mail.waitFor(member.email, (m) => m.subject === "Reset your GoRDU password");
    const link = email.text!.match(/https?:\/\/\S+reset-password\?token=\w+/)![0];
    await page.goto(link);
    await page.getByLabel("New Password").fill("a whole new password");
    await page.getByLabel("Confirm Password").fill("a whole new password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Password Reset Successful");
    await expect(page).toHaveURL(/\/login$/);

    await logInThroughForm(page, { email: member.email, password: "a whole new password" });
    await mail.waitFor(member.email, (m) => m.subject === "Your GoRDU password was changed");
  });

  test("the reset page without a token shows 'Invalid Reset Link', and mismatched passwords are caught", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await expect(page.getByText("This password reset link is invalid or expired.")).toBeVisible();
    await page.getByRole("button", { name: "Back to Login" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/reset-password?token=made-up");
    await page.getByLabel("New Password").fill("first password");
    await page.getByLabel("Confirm Password").fill("second password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Passwords Don't Match", "Please ensure both password fields match.");
    await page.getByLabel("Confirm Password").fill("first password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Reset Failed", "This password reset link is invalid or expired.");
  });

  test("a member changes their password from the profile dialog and logs in with it", async ({ page, server }) => {
    await logIn(page, server, member);
    const dialog = await openProfile(page);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await dialog.getByLabel("Current Password").fill(member.password);
    await dialog.getByLabel("New Password").fill("changed password 2");
    await dialog.getByLabel("Confirm Password").fill("changed password 2");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await expectToast(page, "Password Changed");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.getByRole("button", { name: "Logout" }).click();
    await logInThroughForm(page, { email: member.email, password: "changed password 2" });
  });

  test("a member edits their profile; empty fields read 'Not provided'", async ({ page, server }) => {
    await logIn(page, server, member);
    const dialog = await openProfile(page);
    await expect(dialog.getByText("Not provided")).toHaveCount(2);
    await dialog.getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Last Name").fill("Rivers");
    await dialog.getByLabel("Address").fill("1 Airport Blvd\nMorrisville, NC");
    await dialog.getByLabel("Phone").fill("919-555-0100");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Profile Updated");
    await expect(dialog.getByText("Rivers")).toBeVisible();
    await expect(dialog.getByText("919-555-0100")).toBeVisible();
    await expect(dialog.getByText("Not provided")).toHaveCount(0);
  });

  test("the email alerts switch saves at once, with 'Heads up!' when turned on", async ({ page, server }) => {
    await logIn(page, server, member);
    const alerts = page.getByRole("switch", { name: "Email Alerts" });
    await expect(alerts).toBeChecked();
    await alerts.click();
    await expectToast(page, "Preferences Updated");
    await page.reload();
    await expect(page.getByRole("switch", { name: "Email Alerts" })).not.toBeChecked();
    await page.getByRole("switch", { name: "Email Alerts" }).click();
    await expectToast(page, "Heads up!");
  });
});

test("a new subscriber sets a password from the 'Set Up Your Password' card without a current password", async ({ page, server }) => {
  const newcomer = await seedUser(server, { needsSetup: true, firstName: "Kai" });
  await logIn(page, server, newcomer);
  await expect(page.getByRole("heading", { name: "Set Up Your Password" })).toBeVisible();
  await page.getByRole("button", { name: "Set Password" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Current Password")).toHaveCount(0);
  await dialog.getByLabel("New Password").fill("my own password");
  await dialog.getByLabel("Confirm Password").fill("my own password");
  await dialog.getByRole("button", { name: "Set Password" }).click();
  await expectToast(page, "Password Changed");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("heading", { name: "Set Up Your Password" })).toHaveCount(0);
});
