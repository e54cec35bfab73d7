import type { Page } from "@playwright/test";
import { subscriberWithDeals, tableRows } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { clickUntilVisible } from "./support/axe.ts";
import { closeWithEscape, expectFocusVisible, openWithKeyboard, tabTo } from "./support/keyboard.ts";
import { openPage, signIn, userRow } from "./support/admin-page.ts";
import { uniqueEmail } from "./support/world.ts";
import { alertsCard, isoDay, presetNames } from "./support/alerts-page.ts";
import { DECLINED, signupCode, subscribeThroughApi } from "./support/subscribe.ts";

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
const button = (page: Page, name: string | RegExp) => page.getByRole("button", { name, exact: typeof name === "string" });

test.describe("keyboard only, focus always visible", () => {
  test("a member filters deals, opens one, reaches both booking buttons, deletes one, and every dialog gives focus back", async ({ page, server }) => {
    // Some 50 presses of Tab, each checked for a visible focus: 10 s on a quiet machine, over 30 s seen on a loaded one.
    test.slow();
    const { deals } = await subscriberWithDeals(page, server, { count: 12 });
    const lhr = deals.filter((deal) => deal.destination === "LHR");

    // Top to bottom, so no step is a lap of the whole page. First the destinations dialog and the profile's three views.
    const nonstop = page.getByRole("button", { name: /Nonstop Destinations/ });
    await openWithKeyboard(page, nonstop, dialog(page, "Nonstop Destinations from RDU"));
    await closeWithEscape(page, dialog(page, "Nonstop Destinations from RDU"), nonstop);

    const profileButton = button(page, "Profile");
    await openWithKeyboard(page, profileButton, dialog(page, "Profile"), { backwards: true });
    await tabTo(page, dialog(page, "Profile").getByRole("button", { name: "Edit" }));
    await page.keyboard.press("Enter");
    await expect(dialog(page, "Edit Profile").getByLabel("Last Name")).toBeVisible();
    await closeWithEscape(page, dialog(page, "Edit Profile"), profileButton);
    await openWithKeyboard(page, profileButton, dialog(page, "Profile"));
    await tabTo(page, dialog(page, "Profile").getByRole("button", { name: "Change Password" }));
    await page.keyboard.press("Enter");
    await expect(dialog(page, "Change Password").getByLabel("Current Password")).toBeVisible();
    await closeWithEscape(page, dialog(page, "Change Password"), profileButton);

    // Filter: type a destination, open and close the date picker, and submit the search form with Enter.
    await tabTo(page, page.getByRole("combobox", { name: "Destination" }));
    await page.keyboard.type("LHR");
    await page.keyboard.press("Escape");
    const begin = page.getByRole("button", { name: /^Begin/ });
    await openWithKeyboard(page, begin, dialog(page, "Choose begin date"));
    await closeWithEscape(page, dialog(page, "Choose begin date"), begin);
    await tabTo(page, button(page, "Search Preferences"));
    await page.keyboard.press("Enter");
    await expectToast(page, "Search Results", `Found ${lhr.length} flight deal(s) matching your criteria.`);
    await expect(tableRows(page)).toHaveCount(lhr.length);
    // Clear Filter sits just before Search Preferences.
    await tabTo(page, button(page, "Clear Filter"), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page.getByText("12 deals in your list")).toBeVisible();

    // Open a deal; both booking buttons are reachable; Escape gives focus back to the row's button.
    const opener = tableRows(page)
      .first()
      .getByRole("button", { name: /view details of/ });
    const details = dialog(page, "Flight Deal Details");
    await openWithKeyboard(page, opener, details);
    // The primary action (named after where it goes), then the other place to look.
    await tabTo(page, details.locator(".details-book button"));
    await tabTo(page, details.locator(".details-book a"));
    await closeWithEscape(page, details, opener);

    // Delete a deal: tick its box with Space, then 'Delete selected'.
    await tabTo(page, tableRows(page).nth(1).getByRole("checkbox"));
    await page.keyboard.press("Space");
    await tabTo(page, button(page, "Delete selected"), { backwards: true });
    await page.keyboard.press("Enter");
    await expectToast(page, "Deals Deleted");
    await expect(page.getByText("11 deals in your list")).toBeVisible();
  });
});

test.describe("keyboard only: travel windows and a deal's trip actions", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("a member shares a deal, adds it to the calendar and marks it booked, then saves a window from a preset", async ({ page, server }) => {
    // Some 50 presses of Tab, each checked for a visible focus: 8 s on a quiet machine, over 20 s seen on a loaded one.
    test.slow();
    await subscriberWithDeals(page, server, { count: 3 });

    // Top to bottom, so no step is a lap of the whole page. A deal's details: Share, Add to calendar, then I booked it
    // with the price typed in.
    const opener = tableRows(page)
      .first()
      .getByRole("button", { name: /view details of/ });
    const details = dialog(page, "Flight Deal Details");
    await openWithKeyboard(page, opener, details);
    const share = details.getByRole("button", { name: "Share", exact: true });
    await tabTo(page, share);
    await page.keyboard.press("Enter");
    await expect(details.locator(".share-confirmation")).toContainText("Link copied");
    await tabTo(page, details.getByRole("button", { name: "Add to calendar" }));
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toMatch(/^gordu-.+\.ics$/);
    await tabTo(page, details.getByRole("button", { name: "I booked it" }));
    await page.keyboard.press("Enter");
    // The form replaces the button: the focus moves into it, not out of the dialog.
    await expect(details.getByLabel("Price paid (optional)")).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.type("180");
    await page.keyboard.press("Enter");
    const booked = details.getByRole("status").filter({ hasText: "Marked booked" });
    await expect(booked).toBeVisible();
    // The note replaces the form: the focus stays in the dialog, on the note, so Tab goes on from there.
    await expect.poll(() => details.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectFocusVisible(page);
    await closeWithEscape(page, details, opener);
    await expect(page.getByRole("article", { name: "Booked trips" })).toContainText("paid $180");

    // The preset list steps through the holidays with the arrow keys, each filling the form, until one starts two days ahead.
    const card = alertsCard(page);
    const names = await presetNames(page);
    const preset = card.getByLabel("Start from a holiday");
    await tabTo(page, preset);
    let chosen = -1;
    for (let presses = 1; presses <= names.length && chosen < 0; presses++) {
      await page.keyboard.press("ArrowDown");
      await expect(card.getByLabel("Name", { exact: true })).toHaveValue(names[presses - 1]!);
      await expect(preset).toHaveValue(names[presses - 1]!);
      if (presses >= 2 && (await card.getByLabel("From", { exact: true }).inputValue()) >= isoDay(2)) chosen = presses - 1;
    }
    expect(chosen, "a preset two days ahead, reached with the arrows").toBeGreaterThan(0);
    await tabTo(page, card.getByRole("button", { name: "Save window" }));
    await page.keyboard.press("Enter");
    await expectToast(page, "Window Saved");
    await expect(card.getByRole("list", { name: "Your travel windows" })).toContainText(names[chosen]!);
  });
});

test.describe("keyboard only: signing up, billing and the phone cards", () => {
  test("a visitor fills the details and the emailed code and submits the card (declined)", async ({ page, mail }) => {
    const email = uniqueEmail("keyboard");
    await page.goto("/subscribe?plan=monthly");
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    for (const [label, text] of [
      ["First name", "Jordan"],
      ["Last name", "Pike"],
      ["Email", email],
    ] as const) {
      await tabTo(page, page.getByLabel(label));
      await page.keyboard.type(text);
    }
    await tabTo(page, button(page, "Continue"));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await tabTo(page, page.getByLabel("Code"));
    await page.keyboard.type(await signupCode(mail, email));
    await tabTo(page, button(page, "Continue to Payment"));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
    // A declined card: Enter submits the form, and no second signup is made (the card form's own is subscriptions.e2e.ts's).
    for (const [label, text] of [
      ["Card number", DECLINED],
      ["Expiry", "12 / 34"],
      ["CVC", "123"],
    ] as const) {
      await tabTo(page, page.getByLabel(label));
      await page.keyboard.type(text);
    }
    const start = button(page, "Start 7-Day Free Trial");
    await tabTo(page, start);
    await page.keyboard.press("Enter");
    await expectToast(page, "Payment Failed", "Your card was declined.");
    await expect(start).toBeEnabled();
  });

  test("a new subscriber sets a password from the card; Billing and Cancel open and give focus back", async ({ page, server, mail }) => {
    // Signed up through the API; the card then goes, and the dialog closes with Escape.
    await subscribeThroughApi(page.request, { server, mail });
    await page.goto("/dashboard");
    const setPassword = dialog(page, "Set Your Password");
    await openWithKeyboard(page, page.getByRole("region", { name: "Set Up Your Password" }).getByRole("button", { name: "Set Password" }), setPassword);
    await tabTo(page, setPassword.getByLabel("New Password"));
    await page.keyboard.type("my own password");
    await tabTo(page, setPassword.getByLabel("Confirm Password"));
    await page.keyboard.type("my own password");
    await page.keyboard.press("Enter");
    await expectToast(page, "Password Changed");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Set Up Your Password" })).toHaveCount(0);

    // Billing, and Cancel opened from it: focus comes back to the Billing button.
    const billing = page.getByLabel("Your subscription").getByRole("button", { name: "Billing" });
    await openWithKeyboard(page, billing, dialog(page, "Update Payment Method"));
    await closeWithEscape(page, dialog(page, "Update Payment Method"), billing);
    await openWithKeyboard(page, billing, dialog(page, "Update Payment Method"));
    await tabTo(page, dialog(page, "Update Payment Method").getByRole("button", { name: "Subscription" }));
    await page.keyboard.press("Enter");
    await expect(dialog(page, "Cancel Subscription?")).toBeVisible();
    await closeWithEscape(page, dialog(page, "Cancel Subscription?"), billing);
  });

  test("on a phone, each card's Delete (the swipe's action) is a named button the keyboard reaches", async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await subscriberWithDeals(page, server, { count: 4 });
    const cards = page.getByRole("list", { name: "Flight deals" }).getByRole("listitem");
    await expect(cards).toHaveCount(4);
    const first = cards.first();
    const actions = first.getByRole("button", { name: /^Actions for / });
    await tabTo(page, actions);
    await expect(actions).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(actions).toHaveAttribute("aria-expanded", "true");
    const remove = first.getByRole("button", { name: /^Delete .+/ });
    await expect(remove).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await expectToast(page, "Deal Deleted");
    await expect(cards).toHaveCount(3);
  });
});

test.describe("keyboard only: the other pages' dialogs give focus back", () => {
  test("landing page: Privacy Policy, Terms of Service and Contact; login: Forgot Password", async ({ page }) => {
    await page.goto("/");
    // The footer ends the page: Shift+Tab from the top reaches it, Contact first.
    for (const [name, title] of [
      ["Contact", "Contact Us"],
      ["Terms of Service", "Terms of Service"],
      ["Privacy Policy", "Privacy Policy"],
    ] as const) {
      const opener = page.getByRole("contentinfo").getByRole("button", { name });
      await openWithKeyboard(page, opener, dialog(page, title), { backwards: true });
      await closeWithEscape(page, dialog(page, title), opener);
    }

    await page.goto("/login");
    await expect(page.locator("main[data-hydrated]")).toBeAttached();
    const forgot = button(page, "Forgot Password?");
    await openWithKeyboard(page, forgot, dialog(page, "Forgot Password"));
    await closeWithEscape(page, dialog(page, "Forgot Password"), forgot);
  });

  test("admin: edit, delete confirmation, subscription menu and cancel; the arrows move between the Users and Operations tabs", async ({
    page,
    server,
    mail,
    baseURL,
  }) => {
    const email = await subscribeThroughApi(page.request, { server, mail }, { plan: "annual" });
    await signIn(page, baseURL);
    await openPage(page);
    const edit = userRow(page, email).getByRole("button", { name: "Edit" });
    const editDialog = dialog(page, `Edit User: ${email}`);
    await openWithKeyboard(page, edit, editDialog);
    const deleteUser = editDialog.getByRole("button", { name: "Delete User" });
    await openWithKeyboard(page, deleteUser, dialog(page, "Permanently Delete User?"));
    await closeWithEscape(page, dialog(page, "Permanently Delete User?"), deleteUser);
    await closeWithEscape(page, editDialog, edit);

    const menuButton = userRow(page, email).getByRole("button", { name: "Subscription" });
    await tabTo(page, menuButton);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(menuButton).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    // The first item this member can use has the focus; the arrows move it to Cancel Sub.
    await expect.poll(() => page.getByRole("menu").evaluate((menu) => menu.contains(document.activeElement))).toBe(true);
    const cancelSub = page.getByRole("menuitem", { name: "Cancel Sub" });
    for (let i = 0; i < 5 && !(await cancelSub.evaluate((item) => item === document.activeElement)); i++) await page.keyboard.press("ArrowDown");
    await expect(cancelSub).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await expect(dialog(page, "Cancel Subscription?")).toBeVisible();
    await closeWithEscape(page, dialog(page, "Cancel Subscription?"), menuButton);

    // The tabs are one stop: the arrows move between them, each showing its own panel.
    const users = page.getByRole("tab", { name: "Users" });
    const operations = page.getByRole("tab", { name: "Operations" });
    await tabTo(page, users, { backwards: true });
    await page.keyboard.press("ArrowRight");
    await expect(operations).toBeFocused();
    await expect(operations).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Operations" })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: "Users" })).toBeHidden();
    await page.keyboard.press("ArrowLeft");
    await expect(users).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "Users" })).toBeVisible();
  });
});

test("a dialog closed and another opened in the same moment: the new one stays open", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await clickUntilVisible(footer.getByRole("button", { name: "Privacy Policy" }), dialog(page, "Privacy Policy"));
  // Close Privacy and open Terms in one task, as a fast keyboard (Escape, Tab, Enter) can under load.
  await page.evaluate(() => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>("footer button")];
    document.querySelector<HTMLButtonElement>("dialog[open] button[aria-label=Close]")!.click();
    buttons.find((button) => button.textContent === "Terms of Service")!.click();
  });
  // Let the browser deliver Privacy's close event (queued as a task) before looking.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await expect(dialog(page, "Privacy Policy")).toBeHidden();
  await expect(dialog(page, "Terms of Service")).toBeVisible();
});
