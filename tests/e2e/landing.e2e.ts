import { expect, test } from "./support/fixtures.ts";
import { PHONE, expectFocusStaysIn, expectSectionInView, footer, openFromFooter, scrollToTop } from "./support/landing-page.ts";

// The page's texts, links, meta tags, footer and 404 are checked as the server sends them, in tests/ssr/landing.test.ts.
test.describe("landing page", () => {
  test("a visitor finds their way: the section links scroll (smoothly, or at once with reduced motion), the FAQ opens one answer at a time and links to the deal rule", async ({
    page,
  }) => {
    await page.goto("/");
    const scrollBehavior = () => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    const faq = page.locator("section#faq");

    await test.step("the header's links glide to How It Works, Pricing and FAQ, each heading left below the sticky header", async () => {
      expect(await scrollBehavior()).toBe("smooth");
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const [name, id] of [
        ["How It Works", "how-it-works"],
        ["Pricing", "pricing"],
        ["FAQ", "faq"],
      ] as const) {
        await nav.getByRole("link", { name, exact: true }).click();
        await expectSectionInView(page, id);
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
      }
    });

    await test.step("opening one FAQ answer closes the other, an open answer can be closed, and Enter opens a focused one", async () => {
      const first = faq.locator("details").filter({ hasText: "How do I book a deal?" });
      const second = faq.locator("details").filter({ hasText: "Which airports and destinations do you cover?" });

      await first.locator("summary").click();
      await expect(first).toHaveAttribute("open", "");
      await expect(first).toContainText("Airline button");

      await second.locator("summary").click();
      await expect(second).toHaveAttribute("open", "");
      await expect(first).not.toHaveAttribute("open");
      await expect(faq.locator("details[open]")).toHaveCount(1);

      await second.locator("summary").click();
      await expect(second).not.toHaveAttribute("open");
      await expect(faq.locator("details[open]")).toHaveCount(0);

      await first.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect(first).toHaveAttribute("open", "");
    });

    await test.step("with reduced motion, Get Started jumps to the plans and See How It Works to the steps", async () => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      expect(await scrollBehavior()).toBe("auto");
      await scrollToTop(page);
      await page.getByRole("button", { name: "Get Started" }).click();
      await expectSectionInView(page, "pricing");
      await scrollToTop(page);
      await page.getByRole("button", { name: "See How It Works" }).click();
      await expectSectionInView(page, "how-it-works");
    });

    await test.step("the footer's links jump to Pricing, How It Works and FAQ", async () => {
      const links = footer(page).getByRole("navigation", { name: "Footer" });
      for (const [name, id] of [
        ["Pricing", "pricing"],
        ["How It Works", "how-it-works"],
        ["FAQ", "faq"],
      ] as const) {
        await links.getByRole("link", { name }).click();
        await expectSectionInView(page, id);
      }
    });

    // The answer's text and the link's address are checked as the server sends them: tests/ssr/how-we-find-deals.test.ts.
    await test.step("the link in 'What counts as a deal?' opens the deal rule's page", async () => {
      await faq.getByText("What counts as a deal?").click();
      await faq.getByRole("link", { name: "How we find deals" }).click();
      await expect(page).toHaveURL(/\/how-we-find-deals$/);
      await expect(page.getByRole("heading", { level: 1, name: "How we find deals" })).toBeVisible();
    });
  });

  test("the privacy policy and the terms of service open as dialogs that keep the focus inside, state their terms, and close", async ({ page }) => {
    await page.goto("/");

    await test.step("the privacy policy closes with Escape and gives the focus back to its button", async () => {
      const dialog = await openFromFooter(page, "Privacy Policy");
      for (const text of ["email", "Stripe", "full card number", "mail provider", "don't sell", "support@gordu.test"]) {
        await expect(dialog).toContainText(text);
      }
      await expectFocusStaysIn(page, dialog);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(footer(page).getByRole("button", { name: "Privacy Policy" })).toBeFocused();
    });

    await test.step("the terms of service close with either Close button and with Escape", async () => {
      let dialog = await openFromFooter(page, "Terms of Service");
      await expect(dialog).toContainText("Subscribers must be 18 or older.");
      await expect(dialog).toContainText("Cancelling during the free trial lets the trial run to its end, and nothing is charged.");
      await expect(dialog).toContainText("After the trial there is no refund for amounts paid or for partial periods");
      await expect(dialog).toContainText("Cancelling an annual plan ends access immediately.");
      await expect(dialog).toContainText("capped at the amounts you paid us in the prior 12 months");
      await expect(dialog).toContainText("governed by North Carolina law");
      await expectFocusStaysIn(page, dialog);

      await dialog.getByRole("button", { name: "Close" }).first().click();
      await expect(dialog).toBeHidden();

      dialog = await openFromFooter(page, "Terms of Service");
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await expect(dialog).toBeHidden();

      dialog = await openFromFooter(page, "Terms of Service");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    });
  });

  test("on a phone the page does not scroll sideways, and the menu opens from the hamburger and closes when an item is chosen, the page scrolls or Escape is pressed", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const menu = page.locator("#mobile-menu");
    const openMenu = () => page.getByRole("button", { name: "Open menu" });

    await test.step("the hamburger opens the menu in place of the header's links", async () => {
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toBeHidden();
      await expect(openMenu()).toHaveAttribute("aria-expanded", "false");
      await expect(openMenu()).toHaveAttribute("aria-controls", "mobile-menu");
      await expect(menu).toBeHidden();

      await openMenu().click();
      await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link")).toHaveText(["How It Works", "Pricing", "FAQ"]);
      await expect(menu.getByRole("button", { name: "Login" })).toHaveAttribute("href", "/login");
    });

    await test.step("choosing an item closes the menu and scrolls to its section", async () => {
      await menu.getByRole("link", { name: "Pricing" }).click();
      await expect(menu).toBeHidden();
      await expectSectionInView(page, "pricing");
    });

    await test.step("scrolling the page closes the menu", async () => {
      await openMenu().click();
      await expect(menu).toBeVisible();
      await page.mouse.move(195, 600);
      await page.mouse.wheel(0, 400);
      await expect(menu).toBeHidden();
      await expect(openMenu()).toHaveAttribute("aria-expanded", "false");
    });

    await test.step("Escape closes the menu and gives the focus back to the hamburger", async () => {
      await openMenu().click();
      await expect(menu).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(openMenu()).toBeFocused();
    });
  });
});
