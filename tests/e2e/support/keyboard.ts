/** Driving a page with the keyboard alone (page.keyboard only), checking that focus can always be seen. */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * "visible" when the focused element shows an outline (the shared `:focus-visible` ring in styles.css, or a page's
 * own) and nothing covers it; "browser" when focus has left the page for the browser's own controls (a native modal
 * dialog passes it there after its last element); otherwise what is wrong.
 */
export async function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "browser";
    const style = getComputedStyle(element);
    const width = Number.parseFloat(style.outlineWidth);
    const transparent = style.outlineColor === "transparent" || /rgba\(.*,\s*0\)$/.test(style.outlineColor);
    const label = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
    if (style.outlineStyle === "none" || width < 2 || transparent) return `no outline on ${label}`;
    // Not hidden under something else, such as a sticky header (WCAG 2.4.11): the middle of its part in view is its own.
    const box = element.getBoundingClientRect();
    const [left, right] = [Math.max(box.left, 0), Math.min(box.right, window.innerWidth)];
    const [upper, lower] = [Math.max(box.top, 0), Math.min(box.bottom, window.innerHeight)];
    if (left >= right || upper >= lower)
      return `${label} out of view (its top at ${Math.round(box.top)} px, the page scrolled ${Math.round(window.scrollY)} px)`;
    const top = document.elementFromPoint((left + right) / 2, (upper + lower) / 2);
    return top && (element.contains(top) || top.contains(element))
      ? "visible"
      : top
        ? `${label} covered by ${top.tagName.toLowerCase()}.${top.className}`
        : `${label} out of view`;
  });
}

export async function expectFocusVisible(page: Page) {
  // Polled: the browser may still be scrolling the focused element into view (smoothly on the landing page, unless motion is reduced).
  await expect.poll(() => focusIndicator(page), { message: "a visible focus indicator on the focused element" }).toMatch(/^(visible|browser)$/);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking at every stop that the focus shows. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  // Found once, not at every stop: resolving a role locator over the whole page took half of each stop's time.
  const element = await target.elementHandle();
  const isFocused = () => element!.evaluate((node) => node === document.activeElement).catch(() => false);
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused()) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    await expectFocusVisible(page);
  }
  await expect(target, `reached with ${max} presses of ${backwards ? "Shift+Tab" : "Tab"}`).toBeFocused({ timeout: 1 });
}

/** Tabs to `opener` (Shift+Tab when it is above the focus), opens `dialog` with Enter, and returns once the focus is inside it. */
export async function openWithKeyboard(page: Page, opener: Locator, dialog: Locator, { backwards = false } = {}) {
  await tabTo(page, opener, { backwards });
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

/** Escape closes `dialog` and the focus is back on the button that opened it, visibly. */
export async function closeWithEscape(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusVisible(page);
}
