/** The member's alert rule and snoozes decide instant pushes as they decide alert emails. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AlertsOverview } from "../../src/domain/api/alerts.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { emailRenderers, pushDelivery } from "../../src/server/jobs.ts";
import { deliverDueEmails, deliverDuePushes } from "../../src/server/mail/outbox.ts";
import { insertDeal } from "../support/deals.ts";
import { LoopbackPushService, newDevice } from "../support/push-service.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

const pushService = new LoopbackPushService();
beforeAll(() => pushService.start());
afterAll(() => pushService.stop());

/** The test clock's day is 2026-11-22: this window is under way. */
const THANKSGIVING = { name: "Thanksgiving week", startDate: "2026-11-21", endDate: "2026-11-29", minNights: null, maxNights: null, needsWeekend: false };
const FITS = { departDate: "2026-11-25", returnDate: "2026-11-27" };
const OUTSIDE = { departDate: "2026-12-05", returnDate: "2026-12-08" };

/** Both lanes, as the server runs them: the emails, then the pushes. */
async function deliver(t: TestApp) {
  await deliverDueEmails({ ...t.deps, templates: emailRenderers(t.deps) });
  await deliverDuePushes({ ...t.deps, push: pushDelivery(t.deps) });
}

/** A new deal, fanned out and delivered at once, as the server does after a scan. */
async function publish(t: TestApp, fields: Parameters<typeof insertDeal>[1]) {
  insertDeal(t, { percentBelowTypical: 45, ...fields });
  await fanOutOwedDeals(t.deps);
  await deliver(t);
}

describe("instant pushes follow the alert rule", () => {
  test("'only deals that fit my windows' pushes only those, a snoozed destination none; pushes arrive in the order they were queued", async () => {
    const t = createTestApp({ PUSH_ALLOW_LOOPBACK: "true" });
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const device = newDevice(pushService.endpoint("alert-rule"));
    expect((await t.request("POST", "/api/push-devices", { cookie, body: { ...device.subscription, label: "Test phone" } })).status).toBe(200);
    expect((await t.request("POST", "/api/travel-windows", { cookie, body: THANKSGIVING })).status).toBe(200);
    const titles = () =>
      pushService.received.filter((push) => push.path === "/push/alert-rule").map((push) => (JSON.parse(device.decrypt(push.body)) as { title: string }).title);

    // 'Every matching deal', the default: a deal outside the window is pushed too.
    await publish(t, { destination: "MCO", price: 49, ...FITS });
    await publish(t, { destination: "SEA", price: 49, ...OUTSIDE });
    expect(titles()).toEqual(["$49 to Orlando", "$49 to Seattle"]);

    const { settings } = await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie }));
    expect((await t.request("PUT", "/api/alert-settings", { cookie, body: { ...settings, rule: "windows", exceptional: false } })).status).toBe(200);
    await publish(t, { destination: "DEN", price: 48, percentBelowTypical: 60, ...OUTSIDE });
    await publish(t, { destination: "MCO", price: 47, departDate: "2026-11-24", returnDate: "2026-11-26" });
    expect(titles()).toEqual(["$49 to Orlando", "$49 to Seattle", "$47 to Orlando"]);

    expect((await t.request("POST", "/api/snoozes", { cookie, body: { destination: "MCO" } })).status).toBe(200);
    await publish(t, { destination: "MCO", price: 46, departDate: "2026-11-23", returnDate: "2026-11-25" });
    expect(titles()).toEqual(["$49 to Orlando", "$49 to Seattle", "$47 to Orlando"]);
  });
});
