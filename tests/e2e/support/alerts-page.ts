/** The dashboard's Alerts card: finding it, and saving a travel window from one of its holiday presets. */
import type { Page } from "@playwright/test";
import { expect, expectToast } from "./fixtures.ts";

/** The local date `offsetDays` from today, as yyyy-mm-dd. */
export const isoDay = (offsetDays: number) => {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
};

export const alertsCard = (page: Page) => page.getByRole("article", { name: "Alerts that fit your life" });

/** The presets' names (the preset list's option values), in the list's order, once the card has loaded them. */
export async function presetNames(page: Page) {
  const options = alertsCard(page).getByLabel("Start from a holiday").locator("option");
  await expect(options.nth(1)).toBeAttached();
  return options.evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
}

/** Saves the first preset that starts at least two days ahead; returns its name and dates. */
export async function saveWindowFromPreset(page: Page) {
  const card = alertsCard(page);
  const preset = card.getByLabel("Start from a holiday");
  const soon = isoDay(2);
  for (const name of await presetNames(page)) {
    await preset.selectOption(name);
    const startDate = await card.getByLabel("From", { exact: true }).inputValue();
    if (startDate >= soon) {
      const endDate = await card.getByLabel("To", { exact: true }).inputValue();
      await card.getByRole("button", { name: "Save window" }).click();
      await expectToast(page, "Window Saved");
      await expect(card.getByRole("list", { name: "Your travel windows" })).toContainText(name);
      return { name, startDate, endDate };
    }
  }
  throw new Error("no preset starts two days ahead");
}
