import { format } from "date-fns";
import { alertsCard, isoDay, saveWindowFromPreset } from "./support/alerts-page.ts";
import { logIn } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { outboxKindsTo, seedDealAlert, seedUser } from "./support/world.ts";

/** Preferences only the deals this file seeds fit ($49 fares): the boot scan's deals stay out of the list. */
const SEEDED_ONLY = { destinations: ["MCO", "SEA", "DEN"], maxPrice: 50, nonstopOnly: false };

const addIsoDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A yyyy-mm-dd day as a local date, as the date pickers show it. */
const localDay = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
};

const alertCount = async (server: Parameters<typeof outboxKindsTo>[0], email: string) =>
  (await outboxKindsTo(server, email)).filter((kind) => kind === "deal-alert").length;

test("a window from a preset badges and filters the deals and gives the search its dates; 'only deals that fit my windows' alerts only those, and the email arrives", async ({
  page,
  server,
  mail,
}) => {
  const user = await seedUser(server, { firstName: "Wren", preferences: SEEDED_ONLY });
  await logIn(page, server, user);
  await test.step("a To date before From is refused at the field, and Save sends nothing", async () => {
    const card = alertsCard(page);
    const to = card.getByLabel("To", { exact: true });
    await card.getByLabel("Name", { exact: true }).fill("Spring trip");
    await card.getByLabel("From", { exact: true }).fill(isoDay(20));
    await to.fill(isoDay(10));
    const error = card.getByRole("alert").filter({ hasText: "The To date cannot be before the From date." });
    await expect(error).toBeVisible();
    await expect(to).toHaveAttribute("aria-invalid", "true");
    await expect(to).toHaveAttribute("aria-describedby", (await error.getAttribute("id"))!);
    await card.getByRole("button", { name: "Save window" }).click();
    await expect(to).toBeFocused();
    await expect(card.getByRole("list", { name: "Your travel windows" })).toHaveCount(0);
  });
  const window = await saveWindowFromPreset(page);
  await page.getByLabel("Dates from a travel window").selectOption({ label: window.name });
  const search = page.getByRole("article", { name: "Search Flight Deals" });
  await expect(search.getByRole("button", { name: /^Begin/ })).toHaveText(format(localDay(window.startDate), "MMM dd"));
  await expect(search.getByRole("button", { name: /^End/ })).toHaveText(format(localDay(window.endDate), "MMM dd"));

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

  // Only an outbox row becomes an email, and the fan-out wrote every row before seedDealAlert returned.
  const before = await alertCount(server, user.email);
  await seedDealAlert(server, { destination: "DEN", price: 48, depart: addIsoDays(window.endDate, 2), return: addIsoDays(window.endDate, 5), percent: 60 });
  expect(await alertCount(server, user.email)).toBe(before);
  await seedDealAlert(server, { destination: "MCO", price: 47, depart: window.startDate, return: addIsoDays(window.startDate, 2) });
  expect(await alertCount(server, user.email)).toBe(before + 1);
  const email = await mail.waitFor(user.email, (message) => (message.subject ?? "").includes("$47"));
  expect(email.subject).toBe("$47 round trip to Orlando, 45% below typical");
  expect(email.text).toContain("/dashboard");
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
