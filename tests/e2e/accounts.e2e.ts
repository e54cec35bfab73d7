import type { Page } from "@playwright/test";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { logIn } from "./support/deals-page.ts";
import type { RunningServer } from "./support/server.ts";
import { seedUser, type Member } from "./support/world.ts";

async function openProfile(page: Page) {
  await page.getByRole("button", { name: "Profile" }).click();
  return page.getByRole("dialog");
}

/** The password logs in now (through the API: the login form itself is the first test's). */
async function expectPasswordWorks(page: Page, server: RunningServer, email: string, password: string) {
  const response = await page.request.post("/api/login", { data: { email, password }, headers: { origin: server.url } });
  expect(response.status(), `log in as ${email} with the new password`).toBe(200);
}

test.describe("accounts", () => {
  let member: Member;
  test.beforeEach(async ({ server }) => {
    member = await seedUser(server, { firstName: "Robin" });
  });

  test("the login form: a wrong password shows 'Login Failed'; the right one greets the member by first name and reads their data once; Logout leads to the landing page", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill("not my password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectToast(page, "Login Failed", "Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);

    const reads: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (["/api/me", "/api/subscription", "/api/flight-deals", "/api/alerts"].includes(path)) reads.push(path);
    });
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    // A real sign-in verifies the password with argon2 (deliberately slow) before the dashboard loads.
    await expect(page.getByRole("heading", { name: "Welcome back, Robin" })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.waitForLoadState("networkidle");
    expect(reads.filter((path) => path !== "/api/me").sort()).toEqual(["/api/alerts", "/api/flight-deals", "/api/subscription"]);
    // The root's loader and the dashboard's each ask who is signed in.
    expect(reads.filter((path) => path === "/api/me")).toHaveLength(2);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("forgot password: the email arrives; its link's form catches mismatched passwords, then resets the password, and the new one logs in", async ({
    page,
    server,
    mail,
  }) => {
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
    // A slow phone: the page's script is held back while the member types and presses Enter. Nothing is sent (no
    // password in a URL, the token kept); once the script has taken over, what was typed is still there and checked.
    let releaseScript = () => {};
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await scriptHeld;
      await route.continue();
    });
    // The fixture's goto resolves once the page is hydrated: after the script is released.
    const arrived = page.goto(link, { waitUntil: "commit" });
    await page.getByLabel("New Password").fill("a whole new password");
    await page.getByLabel("Confirm Password").fill("another new password");
    await page.getByLabel("Confirm Password").press("Enter");
    await expect(page.getByRole("button", { name: "Reset Password" })).toBeDisabled();
    releaseScript();
    await arrived;
    await page.unrouteAll();
    expect(page.url()).toBe(link);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Passwords Don't Match", "Please ensure both password fields match.");
    await page.getByLabel("Confirm Password").fill("a whole new password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Password Reset Successful");
    await expect(page).toHaveURL(/\/login$/);

    await expectPasswordWorks(page, server, member.email, "a whole new password");
    await mail.waitFor(member.email, (m) => m.subject === "Your GoRDU password was changed");
  });

  test("a made-up reset link: the form shows the server's 'Reset Failed'", async ({ page }) => {
    await page.goto("/reset-password?token=made-up");
    await page.getByLabel("New Password").fill("first password");
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
    await expectPasswordWorks(page, server, member.email, "changed password 2");
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
    await expectToast(page, "Preferences Updated", "Email alerts are off.");
    await expect(alerts).not.toBeChecked();
    await alerts.click();
    await expectToast(page, "Heads up!");
    await expect(alerts).toBeChecked();
  });
});

test("a new subscriber sets a password from the 'Set Up Your Password' card without a current password, and logs in with it", async ({ page, server }) => {
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
  await expectPasswordWorks(page, server, newcomer.email, "my own password");
});
