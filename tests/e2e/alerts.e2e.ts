import { format } from "date-fns";
import { alertsCard, saveWindowFromPreset } from "./support/alerts-page.ts";
import { logIn } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { outboxKindsTo, seedDealAlert, seedUser } from "./support/world.ts";
import { LoopbackPushService, newDevice } from "../support/push-service.ts";

/** Preferences only the deals this file seeds fit ($49 fares): the boot scan's deals stay out of the list. */
const SEEDED_ONLY = { destinations: ["MCO", "SEA", "DEN"], maxPrice: 50, nonstopOnly: false };

const addIsoDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const alertCount = async (server: Parameters<typeof outboxKindsTo>[0], email: string) =>
  (await outboxKindsTo(server, email)).filter((kind) => kind === "deal-alert").length;

test("a window from a preset badges and filters the deals, and 'only deals that fit my windows' alerts only those, by email and push", async ({
  page,
  server,
  mail,
}) => {
  const user = await seedUser(server, { firstName: "Wren", preferences: SEEDED_ONLY });
  await logIn(page, server, user);
  const window = await saveWindowFromPreset(page);
  const pushService = new LoopbackPushService();
  await pushService.start();
  const device = newDevice(pushService.endpoint(`wren-${Date.now()}`));
  const deviceName = device.subscription.endpoint.split("/").at(-1)!;
  const added = await page.evaluate(
    (body) => fetch("/api/push-devices", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status),
    { ...device.subscription, label: "Test phone" },
  );
  expect(added).toBe(200);

  const fitting = await seedDealAlert(server, { destination: "MCO", price: 49, depart: window.startDate, return: addIsoDays(window.startDate, 2) });
  const outside = await seedDealAlert(server, { destination: "SEA", price: 49, depart: addIsoDays(window.endDate, 3), return: addIsoDays(window.endDate, 6) });
  expect(fitting.matches).toBeGreaterThan(0);
  expect(outside.matches).toBeGreaterThan(0);
  await page.reload();

  const deals = page.getByRole("article", { name: "My Flight Deals" });
  const rows = deals.locator(".deals-table tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "MCO" })).toContainText(`Fits: ${window.name}`);
  await expect(rows.filter({ hasText: "SEA" })).not.toContainText("Fits:");
  await deals.getByRole("switch", { name: "Fits my windows" }).check();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("MCO");

  const card = alertsCard(page);
  await card.getByRole("radio", { name: "Only deals that fit my windows" }).check();
  await expectToast(page, "Alerts Updated");
  await card.getByRole("checkbox", { name: /Still send exceptional deals/ }).uncheck();
  await expect(card.getByRole("checkbox", { name: /Still send exceptional deals/ })).not.toBeChecked();

  const before = await alertCount(server, user.email);
  await seedDealAlert(server, { destination: "DEN", price: 48, depart: addIsoDays(window.endDate, 2), return: addIsoDays(window.endDate, 5), percent: 60 });
  expect(await alertCount(server, user.email)).toBe(before);
  const matching = await seedDealAlert(server, { destination: "MCO", price: 47, depart: window.startDate, return: addIsoDays(window.startDate, 2) });
  expect(await alertCount(server, user.email)).toBe(before + 1);
  const email = await mail.waitFor(user.email, (message) => (message.subject ?? "").includes("$47"));
  expect(email.text).toContain("Orlando");
  // Each push decrypted with the device's private key: pushes go out in the order they were queued.
  const pushed = () =>
    pushService.received
      .filter((push) => push.path.endsWith(deviceName))
      .map((push) => JSON.parse(device.decrypt(push.body)) as { title: string; url: string });
  // A push the push service did not take is retried by the outbox 15 seconds later: the member still gets it.
  await expect.poll(() => pushed().map((message) => message.url), { timeout: 20_000 }).toContain(`/dashboard?deal=${matching.dealId}`);
  expect(pushed().map((message) => message.title)).toEqual(["$49 to Orlando", "$49 to Seattle", "$47 to Orlando"]);
  await pushService.stop();

  // Snooze Orlando from the email: the link asks first, the button snoozes, and the next Orlando deal is not alerted.
  const snoozeLink = /Snooze Orlando for 30 days: (\S+)/.exec(email.text ?? "")![1]!;
  await page.goto(snoozeLink);
  await page.getByRole("button", { name: "Snooze Orlando for 30 days" }).click();
  await expect(page.getByRole("heading", { name: "Orlando is snoozed" })).toBeVisible();
  const afterSnooze = await alertCount(server, user.email);
  await seedDealAlert(server, { destination: "MCO", price: 46, depart: window.startDate, return: addIsoDays(window.startDate, 1) });
  expect(await alertCount(server, user.email)).toBe(afterSnooze);
  await page.goto("/dashboard");
  await expect(alertsCard(page).getByRole("list", { name: "Snoozed destinations" })).toContainText("Orlando (MCO)");
});

test("the Search card loads a window's dates", async ({ page, server }) => {
  const user = await seedUser(server, { preferences: SEEDED_ONLY });
  await logIn(page, server, user);
  const window = await saveWindowFromPreset(page);
  await page.getByLabel("Dates from a travel window").selectOption({ label: window.name });
  const [y, m, d] = window.endDate.split("-").map(Number) as [number, number, number];
  await expect(page.getByRole("article", { name: "Search Flight Deals" })).toContainText(format(new Date(y, m - 1, d), "MMM dd"));
});

test("two quick changes are both kept, in the order they were made, even when the first save is slow", async ({ page, server }) => {
  const user = await seedUser(server, { preferences: SEEDED_ONLY });
  await logIn(page, server, user);
  const card = alertsCard(page);
  // The first save waits in the browser until the second change is made.
  let releaseFirstSave = () => {};
  let held = false;
  const firstSaveHeld = new Promise<void>((resolve) => {
    void page.route("**/api/alert-settings", async (route) => {
      if (!held) {
        held = true;
        await new Promise<void>((release) => {
          releaseFirstSave = release;
          resolve();
        });
      }
      await route.continue();
    });
  });
  let savesAnswered = 0;
  page.on("response", (response) => {
    if (response.url().endsWith("/api/alert-settings") && response.ok()) savesAnswered += 1;
  });
  await card.getByRole("radio", { name: "Only deals that fit my windows" }).check();
  await firstSaveHeld;
  const exceptional = card.getByRole("checkbox", { name: /Still send exceptional deals/ });
  await exceptional.uncheck();
  releaseFirstSave();
  await expect.poll(() => savesAnswered).toBe(2);
  await expect(exceptional).not.toBeChecked();

  await page.reload();
  await expect(card.getByRole("radio", { name: "Only deals that fit my windows" })).toBeChecked();
  await expect(card.getByRole("checkbox", { name: /Still send exceptional deals/ })).not.toBeChecked();
});
