/**
 * Accessibility in the browser tests: one axe check, and a table of states every page and dialog is checked in.
 *
 * `expectNoSeriousAxeViolations(page)` runs axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules and the best
 * practices, and fails on any serious or critical violation, naming the rule, the elements and (for contrast) the
 * colours and ratio; contrast axe measured too low but only flagged for review (a short count badge) fails too.
 *
 * `checkStates(states)` turns a table of states into one test per state and screen size (1280×800 and 390×844).
 * To check a new page or dialog, add a row to the table of the accessibility-*.e2e.ts file its area belongs to
 * (or a new such file, calling `checkStates`):
 *
 *   { name: "share page", reach: async ({ page, server }) => {
 *       const { ids } = await subscriberWithDeals(page, server, { count: 3 });
 *       await page.goto(`/deals/${ids[0]}`);
 *       await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
 *   } },
 *
 * `reach` gets the page at the state's screen size and leaves it in the state: signed in as whoever needs to be,
 * on the page, with the dialog open, and something visible awaited so axe does not run on a half-drawn page.
 * `only: "phone"` (or "desktop") limits a row to the size where the state exists (the phone menu, say).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import type { NodeResult, Result } from "axe-core";
import type { MailCatcher } from "../../support/mail-catcher.ts";
import { test } from "./fixtures.ts";
import type { RunningServer } from "./server.ts";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export const SCREENS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export type Screen = keyof typeof SCREENS;

interface ContrastData {
  fgColor?: string;
  bgColor?: string;
  contrastRatio?: number;
  expectedContrastRatio?: string;
}

const contrastOf = (node: NodeResult) => node.any.find((check) => check.id === "color-contrast")?.data as ContrastData | undefined;

/** One line per offending element: where it is and, for colour contrast, the colours and the ratio found. */
function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const data = contrastOf(node);
    const contrast = data?.contrastRatio ? ` — ${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1, needs ${data.expectedContrastRatio}` : "";
    return `    ${node.target.join(" ")}${contrast}`;
  });
  return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join("\n")}`;
}

/**
 * Axe only "needs review" contrast it measured but doubts (text of one or two characters, like a count badge):
 * where it did measure both colours and the ratio is too low, that is a failure all the same. Text on a gradient or
 * an image (ratio 0, unmeasured) stays a matter for the eye.
 */
function measuredLowContrast(incomplete: Result[]): Result[] {
  return incomplete
    .filter((result) => result.id === "color-contrast")
    .map((result) => ({
      ...result,
      nodes: result.nodes.filter((node) => {
        const data = contrastOf(node);
        return !!data?.contrastRatio && data.contrastRatio < Number.parseFloat(data.expectedContrastRatio ?? "4.5");
      }),
    }))
    .filter((result) => result.nodes.length > 0);
}

export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const serious = [...results.violations, ...measuredLowContrast(results.incomplete)].filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(serious.map(describeViolation), `serious axe violations on ${page.url()}`).toEqual([]);
}

export interface StateContext {
  page: Page;
  server: RunningServer;
  baseURL: string;
  /** The worker's SMTP catcher: a state reached from an email (the snooze link) reads its link here. */
  mail: MailCatcher;
  screen: Screen;
}

export interface AccessibilityState {
  name: string;
  reach: (context: StateContext) => Promise<void>;
  only?: Screen;
}

/** One test per state and screen size: reach the state at that size, then run axe on it. */
export function checkStates(states: AccessibilityState[]) {
  for (const state of states) {
    for (const screen of Object.keys(SCREENS) as Screen[]) {
      if (state.only && state.only !== screen) continue;
      const { width, height } = SCREENS[screen];
      test(`${state.name}, ${width}×${height}: no serious axe violation`, async ({ page, server, baseURL, mail }) => {
        await page.setViewportSize(SCREENS[screen]);
        await state.reach({ page, server, baseURL: baseURL!, mail, screen });
        await expectNoSeriousAxeViolations(page);
      });
    }
  }
}

/** Clicks `trigger` until `target` shows: a server-rendered page's button does nothing until React has hydrated it. */
export async function clickUntilVisible(trigger: Locator, target: Locator) {
  await expect(async () => {
    if (!(await target.isVisible())) await trigger.click();
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
