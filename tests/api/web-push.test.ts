import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { emailOutbox, pushDevices } from "../../db/schema.ts";
import type { AlertsOverview, PushDevice } from "../../src/domain/api/alerts.ts";
import { pushEndpointProblem } from "../../src/domain/push-endpoint.ts";
import { PUSH_ALERT_KIND } from "../../src/server/alerts/alert-queue.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { pushDelivery } from "../../src/server/jobs.ts";
import { deliverDuePushes } from "../../src/server/mail/outbox.ts";
import { vapidKeys } from "../../src/server/mail/push-keys.ts";
import { createPushSender } from "../../src/server/mail/push-sender.ts";
import { insertDeal } from "../support/deals.ts";
import { LoopbackPushService, newDevice, verifyVapid } from "../support/push-service.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

const pushService = new LoopbackPushService();
beforeAll(() => pushService.start());
afterAll(() => pushService.stop());

const loopbackApp = () => createTestApp({ PUSH_ALLOW_LOOPBACK: "true" });
const deliver = (t: TestApp) => deliverDuePushes({ ...t.deps, push: pushDelivery(t.deps) });

async function memberWithDevice(t: TestApp, name: string) {
  const user = await createUser(t);
  const cookie = await signIn(t, user.email);
  const device = newDevice(pushService.endpoint(name));
  const response = await t.request("POST", "/api/push-devices", { cookie, body: { ...device.subscription, label: "Chrome on Android" } });
  expect(response.status).toBe(200);
  return { user, cookie, device, saved: await json<PushDevice>(response) };
}

const pushRows = (t: TestApp) =>
  t.db
    .select()
    .from(emailOutbox)
    .all()
    .filter((row) => row.kind === PUSH_ALERT_KIND);

describe("instant web push", () => {
  test("a new deal reaches the device encrypted (aes128gcm), signed with VAPID, and opens the deal's details", async () => {
    const t = loopbackApp();
    const { user, device, saved } = await memberWithDevice(t, "decrypts");
    const deal = insertDeal(t, { destination: "MCO", price: 89, percentBelowTypical: 52, departDate: "2027-01-08", returnDate: "2027-01-11" });
    const fanOut = await fanOutOwedDeals(t.deps);
    expect(fanOut.pushes).toBe(1);
    expect(pushRows(t)).toMatchObject([{ channel: "push", toAddress: `push:${saved.id}`, status: "queued" }]);

    const before = pushService.received.length;
    // The push lane sends the push; the deal's alert email waits for the email lane.
    expect(await deliver(t)).toMatchObject({ sent: 1, failed: 0 });
    const pushes = pushService.received.slice(before).filter((push) => push.path === "/push/decrypts");
    expect(pushes).toHaveLength(1);
    const push = pushes[0]!;
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);

    const message = JSON.parse(device.decrypt(push.body));
    expect(message).toEqual({
      title: "$89 to Orlando",
      body: expect.stringContaining("52% below typical"),
      url: `/dashboard?deal=${deal.id}`,
      tag: `deal-${deal.id}`,
      destination: "MCO",
      snoozeUrl: `/snooze?token=${user.unsubscribeToken}&destination=MCO`,
    });

    const vapid = verifyVapid(push.headers.authorization!);
    expect(vapid.publicKey).toBe(vapidKeys(t.deps).publicKey);
    expect(vapid.claims.aud).toBe(new URL(pushService.endpoint("x")).origin);
    expect(vapid.claims.sub).toBe(`mailto:${t.config.supportEmail}`);
    const now = Date.now() / 1000;
    expect(vapid.claims.exp).toBeGreaterThan(now);
    expect(vapid.claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
    expect(pushRows(t)[0]!.status).toBe("sent");
  });

  test("the same deal version is pushed once per device, even when the fan-out runs again", async () => {
    const t = loopbackApp();
    await memberWithDevice(t, "once");
    insertDeal(t);
    await fanOutOwedDeals(t.deps);
    t.db.$client.query("UPDATE deals SET fanned_out_version = 0").run();
    await fanOutOwedDeals(t.deps);
    expect(pushRows(t)).toHaveLength(1);
  });

  test("a failing push service is retried with backoff; 410 Gone forgets the device", async () => {
    const t = loopbackApp();
    await memberWithDevice(t, "gone");
    insertDeal(t);
    await fanOutOwedDeals(t.deps);
    pushService.status = 503;
    try {
      expect((await deliver(t)).failed).toBe(1);
      const row = pushRows(t)[0]!;
      expect(row).toMatchObject({ status: "queued", attempts: 1 });
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
      t.clock.advance(60_000);
      pushService.status = 410;
      await deliver(t);
    } finally {
      pushService.status = 201;
    }
    expect(t.db.select().from(pushDevices).all()).toEqual([]);
    expect(pushRows(t)[0]!.status).toBe("sent");
  });

  test("the VAPID key pair is generated once and kept", async () => {
    const t = createTestApp();
    const first = vapidKeys(t.deps);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(vapidKeys(t.deps)).toEqual(first);
    const user = await createUser(t);
    const overview = await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie: await signIn(t, user.email) }));
    expect(overview.pushPublicKey).toBe(first.publicKey);
  });
});

describe("push devices", () => {
  test("show in the overview and are removed by their owner only (another member's id: 404)", async () => {
    const t = loopbackApp();
    const owner = await memberWithDevice(t, "owned");
    const other = await createUser(t);
    const otherCookie = await signIn(t, other.email);
    expect((await t.request("DELETE", `/api/push-devices/${owner.saved.id}`, { cookie: otherCookie })).status).toBe(404);
    const overview = await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie: owner.cookie }));
    expect(overview.devices).toEqual([{ id: owner.saved.id, label: "Chrome on Android", createdAt: expect.any(String) }]);
    expect((await t.request("DELETE", `/api/push-devices/${owner.saved.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect(t.db.select().from(pushDevices).all()).toEqual([]);
  });

  test("refuse endpoints that are not https on a public host (SSRF), unless the test-only loopback flag is set", async () => {
    const t = createTestApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    for (const endpoint of [
      "http://push.example.com/x",
      "https://127.0.0.1/x",
      "https://localhost/x",
      "https://10.0.0.5/x",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/x",
      "https://[fd00::1]/x",
      "https://192.168.1.1/x",
      "https://metadata.google.internal/x",
      "file:///etc/passwd",
    ]) {
      const response = await t.request("POST", "/api/push-devices", { cookie, body: { ...newDevice(endpoint).subscription, label: "x" } });
      expect([endpoint, response.status]).toEqual([endpoint, 400]);
    }
    expect(pushEndpointProblem("https://fcm.googleapis.com/fcm/send/abc", false)).toBeNull();
    expect(pushEndpointProblem("http://127.0.0.1:8080/x", true)).toBeNull();
    expect(pushEndpointProblem("http://10.0.0.5/x", true)).not.toBeNull();
  });

  test("refuse keys that are not a P-256 public key and a 16-byte auth secret; nothing is stored", async () => {
    const t = loopbackApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const { subscription } = newDevice(pushService.endpoint("bad-keys"));
    for (const keys of [
      { p256dh: "AAAA", auth: "AA" },
      { p256dh: subscription.keys.p256dh, auth: "AA" },
      { p256dh: "AAAA", auth: subscription.keys.auth },
    ]) {
      const response = await t.request("POST", "/api/push-devices", { cookie, body: { ...subscription, keys, label: "x" } });
      expect(response.status).toBe(400);
    }
    expect(t.db.select().from(pushDevices).all()).toEqual([]);
    expect((await t.request("POST", "/api/push-devices", { cookie, body: { ...subscription, label: "x" } })).status).toBe(200);
  });

  test("adding devices is limited per member", async () => {
    const t = loopbackApp();
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const body = { ...newDevice(pushService.endpoint(`limit-${i % 5}`)).subscription, label: "x" };
      statuses.push((await t.request("POST", "/api/push-devices", { cookie, body })).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe("the push sender (SSRF at send time)", () => {
  const t = createTestApp();
  const subscription = (endpoint: string) => ({ ...newDevice(endpoint).subscription });

  /** A sender whose DNS gives the listed answers in turn, and whose fetch records where it would connect. */
  function senderWith(answers: string[][], options: { timeoutMs?: number; resolve?: (host: string) => Promise<string[]> } = {}) {
    const lookups: string[] = [];
    const connections: { url: string; host: string | null; serverName: string | undefined }[] = [];
    const sender = createPushSender({
      vapid: () => vapidKeys(t.deps),
      allowLoopback: false,
      timeoutMs: options.timeoutMs,
      resolve:
        options.resolve ??
        (async (host) => {
          lookups.push(host);
          return answers.shift() ?? [];
        }),
      fetch: (async (url: string, init: RequestInit & { tls?: { serverName?: string } }) => {
        connections.push({ url: String(url), host: new Headers(init.headers).get("host"), serverName: init.tls?.serverName });
        return new Response(null, { status: 201 });
      }) as unknown as typeof fetch,
    });
    return { sender, lookups, connections };
  }

  test("the host is resolved once and the push goes to the address that was checked (DNS rebinding)", async () => {
    const { sender, lookups, connections } = senderWith([["8.8.8.8"], ["10.0.0.1"], ["2001:4860:4860::8888"]]);
    expect(await sender.send(subscription("https://push.example.com/send/abc"), "{}")).toBe("sent");
    expect(lookups).toEqual(["push.example.com"]);
    expect(connections).toEqual([{ url: "https://8.8.8.8/send/abc", host: "push.example.com", serverName: "push.example.com" }]);
    // The name now answers an inside address: refused before any connection.
    await expect(sender.send(subscription("https://push.example.com/send/abc"), "{}")).rejects.toThrow("non-public");
    expect(connections).toHaveLength(1);
    expect(await sender.send(subscription("https://push.example.com/send/v6"), "{}")).toBe("sent");
    expect(connections[1]).toEqual({ url: "https://[2001:4860:4860::8888]/send/v6", host: "push.example.com", serverName: "push.example.com" });
  });

  test("a name with any non-public address among its answers, or none, is refused", async () => {
    const { sender, connections } = senderWith([["8.8.8.8", "127.0.0.1"], ["192.0.0.192"], ["64:ff9b::a00:1"], []]);
    for (let i = 0; i < 4; i++) await expect(sender.send(subscription("https://push.example.com/x"), "{}")).rejects.toThrow();
    expect(connections).toEqual([]);
  });

  test("a lookup that never answers fails within the push's time budget", async () => {
    const { sender, connections } = senderWith([], { timeoutMs: 300, resolve: () => new Promise<string[]>(() => {}) });
    const started = performance.now();
    await expect(sender.send(subscription("https://push.example.com/x"), "{}")).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(connections).toEqual([]);
  });
});
