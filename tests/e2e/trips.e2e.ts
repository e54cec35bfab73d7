/** Issue 17, against the real server: share a deal, put it on the calendar, and track a booked trip. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { ADMIN, expect, test as base } from "./support/fixtures.ts";
import { money, subscriberWithDeals, tableRows } from "./support/deals-page.ts";
import { observeFareDrop, outboxKindsTo } from "./support/world.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const HOUR = 3_600_000;

/** This file's server has the test clock (docs/decisions/071): a file in its data folder holds the offset in ms. */
const test = base.extend<{ stepClock: (ms: number) => void }, { server: RunningServer }>({
  server: [
    async ({ mail }, use, workerInfo) => {
      const clockFile = join(workerInfo.project.outputDir, `trips-clock-${workerInfo.workerIndex}-${process.pid}`);
      writeFileSync(clockFile, "0");
      const server = await startServer({
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SCAN_SCHEDULE: "0 0 1 1 *",
        TRUST_PROXY: "true",
        NODE_ENV: "test",
        GORDU_TEST_CLOCK_FILE: clockFile,
      });
      await use(Object.assign(server, { clockFile }));
      await server.stop();
    },
    { scope: "worker" },
  ],
  stepClock: async ({ server }, use) => {
    const file = (server as RunningServer & { clockFile: string }).clockFile;
    await use((ms) => writeFileSync(file, String(ms)));
    writeFileSync(file, "0");
  },
});

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

async function openFirstDeal(page: Page) {
  await tableRows(page).first().click();
  const dialog = page.getByRole("dialog", { name: "Flight Deal Details" });
  await expect(dialog).toBeVisible();
  return dialog;
}

const SHARE_CREATED_MS = 20_000;

/**
 * Issue 45 (item 8): what to do with a deal (its primary action, Share, the calendar and "I booked it") is on screen
 * the moment its details open, at this window size: no scrolling, inside the window.
 */
async function expectDealActionsOnScreen(page: Page, dialog: Locator) {
  const { width, height } = page.viewportSize()!;
  expect(await dialog.locator("article").evaluate((article) => article.scrollTop)).toBe(0);
  const actions = [
    dialog.locator(".details-book button"),
    ...["Share", "Add to calendar", "Google Calendar", "I booked it"].map((name) => dialog.getByRole("button", { name, exact: true })),
  ];
  for (const action of actions) {
    await expect(action).toBeVisible();
    const box = (await action.boundingBox())!;
    const what = `${await action.textContent()} at ${width}×${height}`;
    expect(box.x, what).toBeGreaterThanOrEqual(0);
    expect(box.y, what).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, what).toBeLessThanOrEqual(width);
    expect(box.y + box.height, what).toBeLessThanOrEqual(height);
  }
}

/** Issue 45 (item 14): every dashboard card's title is one size, this card's too (Pico's own h2 is larger). */
async function expectCardTitleLikeTheOthers(page: Page, card: Locator) {
  const sizeOf = (heading: Locator) => heading.evaluate((element) => getComputedStyle(element).fontSize);
  const expected = await sizeOf(page.getByRole("heading", { name: "My Flight Deals" }));
  expect(await sizeOf(card.getByRole("heading", { level: 2 }))).toBe(expected);
  const sizes = await page.locator("main.dashboard article h2").evaluateAll((headings) => headings.map((element) => getComputedStyle(element).fontSize));
  expect(new Set(sizes)).toEqual(new Set([expected]));
}

// The public page a link opens (live, ended, revoked) and its link-preview tags: tests/ssr/shared-deal-page.test.ts; the
// calendar file's content: tests/api/trip-calendar.test.ts.
test("Share copies a deal's public link, from its details and from a phone card; the email's Share link opens the details; Add to calendar downloads the trip; revoking in 'Shared links' stops the link", async ({
  page,
  server,
}) => {
  const { ids, deals } = await subscriberWithDeals(page, server, { count: 2 });
  const deal = deals[0]!;
  const dialog = await openFirstDeal(page);
  await test.step("at 1280×800 the deal's actions are on screen as its details open", () => expectDealActionsOnScreen(page, dialog));
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  const confirmation = dialog.locator(".share-confirmation");
  // Creating the link is a server round trip: twice over 7 s in full runs on a loaded 2-core machine (e2e 27 min).
  await expect(confirmation).toContainText("Link copied", { timeout: SHARE_CREATED_MS });
  const link = (await confirmation.getByRole("link").getAttribute("href"))!;
  expect(link).toMatch(new RegExp(`^${server.url}/deals/[a-z2-7]{26}$`));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect((await page.request.get(link)).status()).toBe(200);

  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Add to calendar" }).click()]);
  expect(download.suggestedFilename()).toBe(`gordu-${deal.destination.toLowerCase()}-${deal.departDate}.ics`);
  const ics = readFileSync((await download.path())!, "utf8");
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain(`DTSTART;VALUE=DATE:${deal.departDate.replaceAll("-", "")}`);
  const google = new URL((await dialog.getByRole("button", { name: "Google Calendar" }).getAttribute("href"))!);
  expect(google.hostname).toBe("calendar.google.com");
  expect(google.searchParams.get("dates")?.slice(0, 8)).toBe(deal.departDate.replaceAll("-", ""));
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();

  // On a phone, the alert email's Share link (/dashboard?share=<deal id>) opens that deal's details once.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard?share=${ids[1]}`);
  await expect(dialog).toContainText(money(deals[1]!.price));
  await test.step("at 390×844 too", () => expectDealActionsOnScreen(page, dialog));
  await expect(page).toHaveURL(/\/dashboard$/);
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();

  // The phone card's own Share button: the same deal's link is copied again, and a toast says so.
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await page.getByRole("button", { name: `Share ${deal.airline} to Los Angeles` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const shared = page.getByRole("article", { name: "Shared links" });
  await expectCardTitleLikeTheOthers(page, shared);
  await shared.getByRole("button", { name: /^Revoke the shared link/ }).click();
  await expect(shared).toBeHidden();
  expect((await page.request.get(link)).status()).toBe(404);
});

test("I booked it: the 24-hour reminder arrives once the clock steps 22 hours; a further drop is told once", async ({ page, server, mail, stepClock }) => {
  const { user, ids, deals } = await subscriberWithDeals(page, server, { count: 1 });
  const dialog = await openFirstDeal(page);
  await dialog.getByRole("button", { name: "I booked it" }).click();
  await dialog.getByLabel("Price paid (optional)").fill(String(deals[0]!.price));
  await dialog.getByRole("button", { name: "Save booked trip" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Marked booked" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  const trips = page.getByRole("article", { name: "Booked trips" });
  await expect(trips).toContainText(`paid ${money(deals[0]!.price)}`);
  // Times in the member's zone, named (Eastern by default); a zone chosen in the alert settings applies at once.
  const zonedTime = (zone: string) => String.raw`\w{3}, \w{3} \d{1,2}(, \d{4})?, \d{1,2}:\d\d [ap]m ${zone}`;
  await expect(trips).toContainText(new RegExp(`Free cancellation until ${zonedTime("E[SD]T")}`));
  await expect(trips).toContainText(new RegExp(`24-hour reminder ${zonedTime("E[SD]T")}`));
  await page.getByLabel("Time zone").selectOption("America/Los_Angeles");
  await expect(page.getByRole("status").filter({ hasText: "Alerts Updated" })).toBeVisible();
  await expect(trips).toContainText(new RegExp(`Free cancellation until ${zonedTime("P[SD]T")}`));
  await expect(trips).toContainText(new RegExp(`24-hour reminder ${zonedTime("P[SD]T")}`));
  await expectCardTitleLikeTheOthers(page, trips);
  // Opened again, the deal says it is booked rather than offering "I booked it".
  await tableRows(page).first().click();
  await expect(dialog.getByRole("status").filter({ hasText: "You marked this trip booked" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "I booked it" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  expect(mail.messagesTo(user.email).filter((message) => message.subject?.startsWith("Free cancellation"))).toHaveLength(0);

  stepClock(22 * HOUR + 60_000);
  const reminder = await mail.waitFor(user.email, (message) => message.subject?.startsWith("Free cancellation ends soon") ?? false, 15_000);
  expect(reminder.text).toContain("24-hour rule");
  await page.reload();
  await expect(trips).toContainText("24-hour reminder sent");

  // Below the larger of 10 % and $25 under the price paid.
  const lower = Math.floor(deals[0]!.price - Math.max(deals[0]!.price * 0.1, 25) - 1);
  expect(await observeFareDrop(server, ids[0]!, lower)).toBe(1);
  const drop = await mail.waitFor(user.email, (message) => message.subject?.includes("cheaper now") ?? false, 15_000);
  expect(drop.text).toContain(`fell to ${money(lower)}`);
  // The same fare seen again tells nobody twice.
  expect(await observeFareDrop(server, ids[0]!, lower)).toBe(0);
  expect((await outboxKindsTo(server, user.email)).filter((kind) => kind === "trip-fare-drop")).toHaveLength(1);
  await page.reload();
  await expect(trips).toContainText(`Watching for a fare below ${money(lower)} (1 drop found)`);

  await trips.getByRole("button", { name: /^Remove booked trip/ }).click();
  await expect(trips).toBeHidden();
});

// Decision 135; the panel's words and counts: tests/ssr/referral-panel.test.ts; the rules: tests/api/referrals-*.test.ts.
test("the referral panel's Copy link puts the member's link on the clipboard; the link's subscribe page keeps it when the plan changes", async ({
  page,
  server,
}) => {
  await subscriberWithDeals(page, server, { count: 1 });
  const panel = page.getByRole("article", { name: "Invite a friend, get a free month" });
  await expectCardTitleLikeTheOthers(page, panel);
  await panel.getByRole("button", { name: "Copy link" }).click();
  await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await panel.getByRole("textbox", { name: "Your referral link" }).inputValue());
  expect(link).toMatch(new RegExp(`^${server.url}/subscribe\\?ref=[a-z2-7]{32}$`));

  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole("link", { name: /^Switch to annual/ }).click();
  await expect(page).toHaveURL(`${server.url}/subscribe?plan=annual&ref=${new URL(link).searchParams.get("ref")}`);
});
