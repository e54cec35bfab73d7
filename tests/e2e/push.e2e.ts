import { logIn } from "./support/deals-page.ts";
import { expect, expectToast, test } from "./support/fixtures.ts";
import { seedDealAlert, seedUser } from "./support/world.ts";

/** What the tests use of a service worker's global scope (TypeScript's DOM library does not describe it). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  PushEvent: new (type: string, init: { data: string }) => Event;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

const SEEDED_ONLY = { destinations: ["MIA"], maxPrice: 50, nonstopOnly: false };

test("instant alerts are offered, never asked for on load; a device is added and removed; the service worker shows a pushed deal and opening it shows the deal's details", async ({
  page,
  context,
  server,
}) => {
  await context.grantPermissions(["notifications"]);
  // A real subscription needs a vendor's push service: the page's Notification and PushManager answer as a browser would.
  await page.addInitScript(() => {
    const asks = { count: 0 };
    Object.assign(window, { permissionAsks: asks });
    Notification.requestPermission = async () => {
      asks.count++;
      return "granted";
    };
    PushManager.prototype.subscribe = async () => {
      const json = {
        endpoint: "https://push.example.com/send/e2e-device",
        expirationTime: null,
        keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" },
      };
      return { ...json, toJSON: () => json } as unknown as PushSubscription;
    };
  });
  const user = await seedUser(server, { preferences: SEEDED_ONLY });
  const { dealId } = await seedDealAlert(server, { destination: "MIA", price: 44 });
  await logIn(page, server, user);
  const card = page.getByRole("article", { name: "Alerts that fit your life" });
  await expect(card.getByRole("button", { name: "Get instant alerts on this device" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { permissionAsks: { count: number } }).permissionAsks.count)).toBe(0);

  // The opt-in registers the service worker (/sw.js) and saves the subscription as a device.
  await card.getByRole("button", { name: "Get instant alerts on this device" }).click();
  await expectToast(page, "Instant Alerts On");
  expect(await page.evaluate(() => (window as unknown as { permissionAsks: { count: number } }).permissionAsks.count)).toBe(1);
  const devices = card.getByRole("list", { name: "Devices with instant alerts" });
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices).toContainText("Chrome on Linux");

  // The profile lists the device too, with a remove button.
  await page.getByRole("button", { name: "Profile" }).click();
  const profile = page.getByRole("dialog", { name: "Profile" });
  await profile.getByRole("button", { name: "Remove Chrome on Linux" }).click();
  await expectToast(page, "Device Removed");
  await expect(profile.getByRole("list", { name: "Devices with instant alerts" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(devices).toHaveCount(0);

  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const worker = context.serviceWorkers().find((sw) => sw.url().endsWith("/sw.js"))!;
  expect(worker).toBeDefined();

  const message = { title: "$44 to Miami", body: "55% below typical", url: `/dashboard?deal=${dealId}`, tag: `deal-${dealId}` };
  // Dispatches the push and reads what the worker shows; the tag makes a repeated dispatch replace, not add, a notification.
  const shown = () =>
    worker.evaluate(async (data) => {
      const scope = self as unknown as WorkerScope;
      scope.dispatchEvent(new scope.PushEvent("push", { data: JSON.stringify(data) }));
      return (await scope.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
    }, message);
  await expect
    .poll(shown)
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, data: { url: `${server.url}${message.url}`, snoozeUrl: null } }]);

  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: notification! }));
  });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("dialog")).toContainText("Miami");
});
