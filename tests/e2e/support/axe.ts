/**
 * Accessibility in the browser tests: one axe check, and tables of the states every page and dialog is checked in.
 *
 * `expectNoSeriousAxeViolations(page)` runs axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules and the best
 * practices, and fails on any serious or critical violation, naming the rule, the elements and (for contrast) the
 * colours and ratio; contrast axe measured too low but only flagged for review (a short count badge) fails too.
 *
 * `checkStates(pages)` turns a table into one test per page: the test reaches the page's states one after another on
 * the same browser page (open a dialog, check it, close it, open the next) and runs axe once in each, inside a
 * `test.step` named after the state, so a failure says which state failed. To check a new dialog, add a state to its
 * page's row; to check a new page, add a row to the accessibility-*.e2e.ts file its area belongs to:
 *
 *   { page: "share page", states: [
 *       { name: "share page", reach: async ({ page, server }) => {
 *           const { ids } = await subscriberWithDeals(page, server, { count: 3 });
 *           await page.goto(`/deals/${ids[0]}`);
 *           await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
 *       } },
 *   ] },
 *
 * A state's `reach` starts where the state before it left the page (the first from a blank page) and leaves the page
 * in the state, with something visible awaited so axe does not run on a half-drawn page.
 *
 * How much is checked (issue 42: one axe run per page state, both screen sizes where they differ; none inside
 * feature tests):
 * - Every state is checked at 390×844. Pico scales the root font to 100 % there (125 % at 1280×800), so controls
 *   are smallest (target size, WCAG 2.5.8) and the least text counts as large for contrast: where a layout only
 *   reflows, the phone is the stricter size.
 * - `desktopToo` states are checked at 1280×800 as well: the pages whose desktop layout shows what the phone's hides
 *   (the deals table and its toolbar, the landing page's navigation and art, the admin's user table).
 * - A state with `within: OPEN_DIALOGS` is checked in its modal dialogs only (AxeBuilder.include): the page behind a
 *   modal <dialog> is inert, and the page itself has a row of its own. `within` may name another part by a CSS
 *   selector (a popover with the field that opens it).
 * - States are reached fast (a minted session cookie, seeding through the test seam, the admin signed in through
 *   /api/login) and in turn on one page rather than a fresh page each; a state's violations fail the test softly,
 *   so the states after it are still checked and reported.
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

/** The modal dialogs open on the page (a confirmation over an edit dialog: both). */
export const OPEN_DIALOGS = "dialog[open]";

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

/**
 * Axe on the whole page, or only on the part the CSS selector `within` names; `state` names what is checked. A soft
 * assertion: the test goes on to its page's next states, so that one state's violations do not hide another's.
 */
export async function expectNoSeriousAxeViolations(page: Page, { within, state }: { within?: string; state?: string } = {}) {
  // Legacy mode is one axe.run in the page: the default mode opens a blank page on every run to merge the results of
  // iframes (the app has none), which cost 1-4 s a run. Passes come back as one example each: only violations and
  // the incomplete (for contrast) are read.
  const axe = new AxeBuilder({ page })
    .options({ resultTypes: ["violations", "incomplete"] })
    .withTags(AXE_TAGS)
    .setLegacyMode();
  if (within) axe.include(within);
  const results = await axe.analyze();
  const serious = [...results.violations, ...measuredLowContrast(results.incomplete)].filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  const where = `${within ? `${within} on ` : ""}${page.url()}`;
  expect.soft(serious.map(describeViolation), `serious axe violations in ${state ? `"${state}", ` : ""}${where}`).toEqual([]);
}

export interface StateContext {
  page: Page;
  server: RunningServer;
  baseURL: string;
  /** The worker's SMTP catcher: a state reached from an email (the snooze link) reads its link here. */
  mail: MailCatcher;
}

export interface AccessibilityState {
  /** Names the test step and the failure. */
  name: string;
  /** Leaves the page in the state, starting where the state before it left the page (the first: a blank page). */
  reach: (context: StateContext) => Promise<void>;
  /** A CSS selector: only that part is checked (OPEN_DIALOGS: the open modal dialogs). */
  within?: string;
  /** Checked at 1280×800 as well as 390×844: the desktop layout shows parts the phone's hides. */
  desktopToo?: boolean;
}

/** One test: a page and the states reached on it one after another. */
export interface AccessibilityPage {
  page: string;
  states: AccessibilityState[];
}

/** One test per page: each of its states reached in turn and checked by axe once per screen size it differs at. */
export function checkStates(pages: AccessibilityPage[]) {
  for (const { page: title, states } of pages) {
    test(`${title}: no serious axe violation`, async ({ page, server, baseURL, mail }) => {
      await page.setViewportSize(SCREENS.phone);
      for (const state of states) {
        await test.step(state.name, async () => {
          await state.reach({ page, server, baseURL: baseURL!, mail });
          await expectNoSeriousAxeViolations(page, { within: state.within, state: `${state.name}, 390×844` });
          if (!state.desktopToo) return;
          await page.setViewportSize(SCREENS.desktop);
          await expectNoSeriousAxeViolations(page, { within: state.within, state: `${state.name}, 1280×800` });
          await page.setViewportSize(SCREENS.phone);
        });
      }
    });
  }
}

/** Closes the open modal dialogs (Escape closes the top one), leaving the page behind them for the next state. */
export async function closeDialogs(page: Page) {
  const open = page.locator(OPEN_DIALOGS);
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(open).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Clicks `trigger` until `target` shows: a server-rendered page's button does nothing until React has hydrated it. */
export async function clickUntilVisible(trigger: Locator, target: Locator) {
  await expect(async () => {
    if (!(await target.isVisible())) await trigger.click();
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
