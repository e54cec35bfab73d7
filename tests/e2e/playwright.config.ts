import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/** Debian's Chromium when present (CI); otherwise Playwright's own browser on a developer's laptop. */
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((path) => existsSync(path));

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.e2e.ts",
  outputDir: ".output",
  globalSetup: "./support/global-setup.ts",
  // Above Playwright's 30 s and 5 s: the keyboard journeys walk three pages each (about 20 s alone), and two workers
  // share two cores with their servers and Chromium, so a step that takes 2 s alone has taken 6 s in a full run.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    // Playwright's default is no limit: a hung click or page load fails here, with its step named, not at the test's end.
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: {
      executablePath: systemChromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
});
