/** The landing page as the browser tests drive it: its sections, footer and dialogs. */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export const PHONE = { width: 390, height: 844 };

/** Once scrolling has settled, the section's heading sits just below the sticky header (not hidden under it). */
export async function expectSectionInView(page: Page, id: string) {
  const section = page.locator(`section#${id}`);
  await expect(section).toBeInViewport();
  let lastY = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        const settled = y === lastY;
        lastY = y;
        const headerBottom = (await page.locator("header.site-header").boundingBox())!.height;
        const heading = (await section.getByRole("heading", { level: 2 }).boundingBox())!;
        return settled && heading.y >= headerBottom - 1 && heading.y <= headerBottom + 200;
      },
      { intervals: [100] },
    )
    .toBe(true);
}

export async function scrollToTop(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

/**
 * Tabs through the dialog: focus never reaches the page behind it. (A native modal dialog lets focus pass to the
 * browser's own controls after its last element, which the page sees as <body>, then comes back to the dialog.)
 */
export async function expectFocusStaysIn(page: Page, dialog: Locator, presses = 10) {
  const where = () =>
    dialog.evaluate((element) => (element.contains(document.activeElement) ? "dialog" : document.activeElement === document.body ? "browser" : "page"));
  const seen: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    seen.push(await where());
  }
  expect(seen).not.toContain("page");
  expect(seen.filter((place) => place === "dialog").length).toBeGreaterThanOrEqual(presses / 2);
}

export const footer = (page: Page) => page.getByRole("contentinfo");

export async function openFromFooter(page: Page, name: string) {
  await footer(page).getByRole("button", { name }).click();
  const dialog = page.getByRole("dialog", { name: name === "Contact" ? "Contact Us" : name });
  await expect(dialog).toBeVisible();
  return dialog;
}
