import { DESTINATION_COUNTS } from "../../src/domain/destinations.ts";
import { ADMIN, expect, test } from "./support/fixtures.ts";
import { PHONE, expectFocusStaysIn, expectSectionInView, footer, openFromFooter, scrollToTop } from "./support/landing-page.ts";

test.describe("landing page", () => {
  test("every section shows its key texts, with the page title and social tags", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("GoRDU · Flight deals from Raleigh-Durham (RDU)");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Raleigh-Durham/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "GoRDU · Flight deals from Raleigh-Durham (RDU)");
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /og-image\.png$/);
    expect((await page.request.get("/og-image.png")).status()).toBe(200);

    const hero = page.locator("section.hero");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(hero.getByRole("heading", { level: 1, name: "Never Miss a Deal from RDU" })).toBeVisible();
    await expect(hero.getByText("Raleigh. Set. Go.", { exact: true })).toBeVisible();
    await expect(hero.getByText("Take off with 7 days free-join today!", { exact: true })).toBeVisible();
    await expect(hero.getByRole("button", { name: "Get Started" })).toBeVisible();
    await expect(hero.getByRole("button", { name: "See How It Works" })).toBeVisible();

    const steps = page.locator("section#how-it-works");
    await expect(steps.getByRole("heading", { level: 2, name: "How It Works" })).toBeVisible();
    await expect(steps.getByRole("heading", { level: 3 })).toHaveText(["1. Subscribe", "2. Get Deals", "3. Book and Save"]);
    await expect(steps).toContainText("7-day free trial");
    await expect(steps).toContainText(
      `${DESTINATION_COUNTS.total} nonstop destinations (${DESTINATION_COUNTS.domestic} domestic and ${DESTINATION_COUNTS.international} international)`,
    );
    await expect(steps).toContainText("log in on your own time");
    await expect(steps).toContainText("Book directly with the airline");

    const pricing = page.locator("section#pricing");
    const monthly = pricing.getByRole("article", { name: "Monthly" });
    const annual = pricing.getByRole("article", { name: "Annual" });
    await expect(monthly).toContainText("$10/month");
    await expect(monthly).toContainText("Multiple destinations");
    await expect(monthly).not.toContainText("Best Value");
    await expect(annual).toContainText("$72/year");
    await expect(annual).toContainText("$6/month");
    await expect(annual).toContainText("Best Value");
    await expect(annual).toContainText(`${DESTINATION_COUNTS.total} Nonstop destinations`);
    await expect(annual).toContainText("Lock in current price");
    for (const plan of [monthly, annual]) {
      await expect(plan).toContainText("7-day free trial");
      await expect(plan).toContainText("Instant flight alerts");
      await expect(plan).toContainText("Cancel anytime");
    }

    const testimonials = page.locator("section#testimonials figure");
    await expect(testimonials).toHaveCount(3);
    for (const testimonial of await testimonials.all()) {
      await expect(testimonial.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
      await expect(testimonial.locator("figcaption")).toContainText(/Raleigh|Durham|Cary|Chapel Hill/);
    }
    await expect(testimonials.nth(0)).toContainText("$340");
    await expect(testimonials.nth(1)).toContainText("$1,200");
    await expect(testimonials.nth(2)).toContainText("$280 flight");

    const faq = page.locator("section#faq");
    await expect(faq.getByRole("heading", { level: 3 })).toHaveText(["Core FAQs", "Subscription and Access FAQs", "Travel-Specific FAQs"]);
    await expect(faq).toContainText(
      `${DESTINATION_COUNTS.total} nonstop destinations: ${DESTINATION_COUNTS.domestic} domestic and ${DESTINATION_COUNTS.international} international`,
      { useInnerText: false },
    );
  });

  test("the header links scroll to How It Works, Pricing and FAQ", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, id] of [
      ["How It Works", "how-it-works"],
      ["Pricing", "pricing"],
      ["FAQ", "faq"],
    ] as const) {
      await scrollToTop(page);
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", `#${id}`);
      await nav.getByRole("link", { name, exact: true }).click();
      await expectSectionInView(page, id);
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
    }
    await expect(nav.getByRole("button", { name: "Login" })).toHaveAttribute("href", "/login");
  });

  test("Get Started scrolls to pricing and See How It Works to the steps", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Get Started" }).click();
    await expectSectionInView(page, "pricing");
    await scrollToTop(page);
    await page.getByRole("button", { name: "See How It Works" }).click();
    await expectSectionInView(page, "how-it-works");
  });

  test("the footer links scroll to the sections and Account goes to the login page", async ({ page }) => {
    await page.goto("/");
    const links = footer(page).getByRole("navigation", { name: "Footer" });
    await links.getByRole("link", { name: "Pricing" }).click();
    await expectSectionInView(page, "pricing");
    await links.getByRole("link", { name: "How It Works" }).click();
    await expectSectionInView(page, "how-it-works");
    await links.getByRole("link", { name: "FAQ" }).click();
    await expectSectionInView(page, "faq");
    await expect(links.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/login");
  });

  test("opening one FAQ answer closes the other, and an open answer can be closed", async ({ page }) => {
    await page.goto("/");
    const faq = page.locator("section#faq");
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

    // The keyboard works too: Enter on a focused question opens it.
    await first.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("open", "");
  });

  test("the FAQ answers say what the spec promises", async ({ page }) => {
    await page.goto("/");
    const faq = page.locator("section#faq");
    for (const text of [
      "generally roundtrip",
      "Airline button",
      "Flight Deal Details",
      "web only",
      "24/7",
      "cancel anytime from your account dashboard",
      "Cancelling an annual plan ends access immediately",
      "7-day free trial",
      "18 or older",
      "turned on or off",
      "US dollars (USD)",
      "partial billing periods",
    ]) {
      await expect(faq, text).toContainText(text, { ignoreCase: true, useInnerText: false });
    }
  });

  for (const plan of ["monthly", "annual"] as const) {
    test(`choosing the ${plan} plan goes to the subscribe page for it`, async ({ page }) => {
      await page.goto("/");
      const card = page.locator(`section#pricing article[data-plan="${plan}"]`);
      await card.getByRole("button", { name: /^Choose/ }).click();
      await expect(page).toHaveURL(`/subscribe?plan=${plan}`);
    });
  }

  test("the privacy policy opens as a dialog, keeps focus inside and closes with Escape", async ({ page }) => {
    await page.goto("/");
    const dialog = await openFromFooter(page, "Privacy Policy");
    for (const text of ["email", "Stripe", "full card number", "mail provider", "don't sell", "support@gordu.test"]) {
      await expect(dialog).toContainText(text);
    }
    await expectFocusStaysIn(page, dialog);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(footer(page).getByRole("button", { name: "Privacy Policy" })).toBeFocused();
  });

  test("the terms of service state every term and close with their buttons and Escape", async ({ page }) => {
    await page.goto("/");
    let dialog = await openFromFooter(page, "Terms of Service");
    await expect(dialog).toContainText("Subscribers must be 18 or older.");
    await expect(dialog).toContainText("There is no refund for amounts paid or for partial periods.");
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

  test("on a phone the menu opens from the hamburger and closes when an item is chosen or the page scrolls", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.locator("#mobile-menu");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
    await expect(menu).toBeHidden();

    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText(["How It Works", "Pricing", "FAQ"]);
    await expect(menu.getByRole("button", { name: "Login" })).toHaveAttribute("href", "/login");

    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(menu).toBeHidden();
    await expectSectionInView(page, "pricing");

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await page.mouse.move(195, 600);
    await page.mouse.wheel(0, 400);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("on a phone the page does not scroll sideways", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test("the footer shows the support address and the copyright, and no admin link for a visitor", async ({ page }) => {
    await page.goto("/");
    const support = footer(page).getByRole("link", { name: "support@gordu.test" });
    await expect(support).toHaveAttribute("href", "mailto:support@gordu.test");
    await expect(footer(page)).toContainText("Support: support@gordu.test");
    await expect(footer(page)).toContainText("© 2024 GoRDU");
    await expect(page.getByRole("link", { name: "Thank You" })).toHaveCount(0);
    await expect(page.locator('a[href="/admin"]')).toHaveCount(0);
  });

  test("a signed-in admin sees the Thank You link to the admin page", async ({ page, baseURL }) => {
    const login = await page.request.post("/api/login", { data: ADMIN, headers: { origin: baseURL! } });
    expect(login.ok()).toBe(true);
    await page.goto("/");
    await expect(footer(page).getByRole("link", { name: "Thank You" })).toHaveAttribute("href", "/admin");
  });

  test("an unknown path shows 404 Page Not Found with HTTP status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });

  test("with reduced motion the page jumps to a section instead of animating", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await expectSectionInView(page, "faq");
  });
});
