import { test as base, expect, type Page } from "@playwright/test";
import { MailCatcher } from "../../support/mail-catcher.ts";
import { startServer, type RunningServer } from "./server.ts";

export const ADMIN = { email: "admin@gordu.test", password: "admin-password-1" };

const hashOf = (text: string) => [...text].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);

interface WorkerFixtures {
  server: RunningServer;
  mail: MailCatcher;
}

interface TestFixtures {
  /** Fails the test on any console error or uncaught exception in the page (hydration warnings included). */
  consoleErrors: string[];
}

/**
 * Each Playwright worker runs its own real server (the product with the test seam) on a copy of the run's template
 * database, with an admin account, and a real SMTP server on loopback that receives every email the product sends.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  mail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const mail = new MailCatcher();
      await mail.start();
      await use(mail);
      await mail.stop();
    },
    { scope: "worker" },
  ],
  server: [
    async ({ mail }, use) => {
      const server = await startServer({
        SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SUPPORT_EMAIL: "support@gordu.test",
        // The template holds the boot scan's deals; a scheduled scan would change deals in the middle of a test.
        SCAN_SCHEDULE: "0 0 1 1 *",
        // Each test is one visitor at an address of its own (see extraHTTPHeaders), as behind our proxy in
        // production, so the per-address limits count one test's requests, not the whole worker's.
        TRUST_PROXY: "true",
        // Web pushes go to a push service the test plays on loopback (tests/support/push-service.ts).
        PUSH_ALLOW_LOOPBACK: "true",
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n = hashOf(`${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`);
    await use({ "x-forwarded-for": `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}` });
  },
  // A page opened or reloaded by a test is used once React has hydrated it: typed before, a form's values would be
  // reset (seen under load). Pages without the app's script (a download, an API answer) are used at once.
  page: async ({ page }, use) => {
    const whenHydrated = async () => {
      if (await page.locator('script[type="module"][src]').count()) await expect(page.locator("html[data-hydrated]")).toBeAttached();
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await whenHydrated();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await whenHydrated();
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().includes("Failed to load resource")) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}
