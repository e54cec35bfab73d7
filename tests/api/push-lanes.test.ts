/**
 * Web pushes share the outbox with email but not its lane: a push endpoint that never answers, a failing push host or
 * a device that keeps failing cannot hold up anyone's email (a password reset above all), nor other hosts' pushes.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Socket, TCPSocketListener } from "bun";
import { emailOutbox, pushDevices } from "../../db/schema.ts";
import type { PushDevice } from "../../src/domain/api/alerts.ts";
import { PUSH_ALERT_KIND } from "../../src/server/alerts/alert-queue.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { emailRenderers, pushDelivery } from "../../src/server/jobs.ts";
import { deliverDueEmails, deliverDuePushes, MAX_PUSH_ATTEMPTS } from "../../src/server/mail/outbox.ts";
import { type PushOutcome, PushFailure, type PushSender, type PushTarget } from "../../src/server/mail/push-sender.ts";
import { insertDeal } from "../support/deals.ts";
import { newDevice } from "../support/push-service.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

/** A push service on loopback that accepts connections and never answers (as issue 44's stalled devices did). */
let silent: TCPSocketListener<undefined>;
const held: Socket<undefined>[] = [];
beforeAll(() => {
  silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { open: (socket) => void held.push(socket), data: () => {} } });
});
afterAll(() => {
  for (const socket of held) socket.end();
  silent.stop(true);
});
const silentEndpoint = (name: string) => `http://127.0.0.1:${silent.port}/push/${name}`;

const loopbackApp = () => createTestApp({ PUSH_ALLOW_LOOPBACK: "true" });

/** A new deal, fanned out: a push to every device, and an alert email to every member. */
async function announceDeal(t: TestApp, destination: string) {
  insertDeal(t, { destination });
  await fanOutOwedDeals(t.deps);
}

/** Members with `devices` push devices each, on these endpoints. */
async function membersWithDevices(t: TestApp, members: number, devices: number, endpoint: (name: string) => string) {
  const ids: PushDevice[] = [];
  for (let m = 0; m < members; m++) {
    const user = await createUser(t);
    const cookie = await signIn(t, user.email);
    // Quiet hours off: these pushes are due at once, whatever the test clock's hour.
    t.db.$client.query("UPDATE users SET quiet_start = 0, quiet_end = 0 WHERE id = $id").run({ id: user.id });
    for (let d = 0; d < devices; d++) {
      const { subscription } = newDevice(endpoint(`m${m}-d${d}-${Date.now()}`));
      const response = await t.request("POST", "/api/push-devices", { cookie, body: { ...subscription, label: `Phone ${d}` } });
      expect(response.status).toBe(200);
      ids.push(await json<PushDevice>(response));
    }
  }
  return ids;
}

const pushRows = (t: TestApp) =>
  t.db
    .select()
    .from(emailOutbox)
    .all()
    .filter((row) => row.kind === PUSH_ALERT_KIND);

/** A sender that answers per host: 'down' hosts fail as a push service that is down, others take the push. */
function scriptedSender(down: Set<string>) {
  const calls: string[] = [];
  const sender: PushSender = {
    async send(target: PushTarget) {
      const host = new URL(target.endpoint).host;
      calls.push(host);
      if (down.has(host)) throw new PushFailure("The push service answered 503", true);
      return "sent";
    },
  };
  return { sender, calls };
}

describe("email and pushes in separate lanes", () => {
  test("a reset email queued behind 30 pushes to endpoints that never answer goes out at once", async () => {
    const t = loopbackApp();
    await membersWithDevices(t, 3, 10, silentEndpoint);
    await announceDeal(t, "MIA");
    expect(pushRows(t)).toHaveLength(30);
    const member = await createUser(t);
    await t.request("POST", "/api/forgot-password", { body: { email: member.email } });
    const pushes = deliverDuePushes({ ...t.deps, push: pushDelivery(t.deps) });
    const started = performance.now();
    await deliverDueEmails({ ...t.deps, templates: emailRenderers(t.deps) });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(t.mailer.sent.filter((mail) => mail.to === member.email).map((mail) => mail.subject)).toEqual(["Reset your GoRDU password"]);
    // The pushes end by their own time budget, as failures to retry later.
    const result = await pushes;
    expect(result.sent).toBe(0);
    expect(pushRows(t).every((row) => row.status === "queued")).toBe(true);
  }, 60_000);
});

describe("the push lane", () => {
  test("a host that fails is backed off: its other pushes wait without an attempt; other hosts' pushes go", async () => {
    const t = createTestApp({ PUSH_ALLOW_LOOPBACK: "true" });
    await membersWithDevices(t, 1, 4, (name) => `http://127.0.0.1:9/${name}`);
    await membersWithDevices(t, 1, 3, (name) => `http://[::1]:9/${name}`);
    await announceDeal(t, "MIA");
    const { sender, calls } = scriptedSender(new Set(["127.0.0.1:9"]));
    const push = pushDelivery(t.deps, sender);
    await deliverDuePushes({ ...t.deps, push }, 200, 1);
    expect(calls.filter((host) => host === "127.0.0.1:9")).toHaveLength(1);
    expect(calls.filter((host) => host === "[::1]:9").length).toBeGreaterThanOrEqual(3);
    const waiting = pushRows(t).filter((row) => row.status === "queued");
    expect(waiting).toHaveLength(4);
    expect(waiting.map((row) => row.attempts).sort()).toEqual([0, 0, 0, 1]);
    // Within the host's backoff nothing is tried; after it, one push tries the host again.
    await deliverDuePushes({ ...t.deps, push }, 200, 1);
    expect(calls.filter((host) => host === "127.0.0.1:9")).toHaveLength(1);
    t.clock.advance(16_000);
    await deliverDuePushes({ ...t.deps, push }, 200, 1);
    expect(calls.filter((host) => host === "127.0.0.1:9")).toHaveLength(2);
  });

  test("one host holds at most two of the lane's workers: a host that never answers does not hold up another's pushes", async () => {
    const t = loopbackApp();
    await membersWithDevices(t, 1, 8, silentEndpoint);
    const { sender, calls } = scriptedSender(new Set());
    const slowThenScripted: PushSender = {
      send: (target, payload) =>
        target.endpoint.includes(`:${silent.port}/`) ? pushDelivery(t.deps).sender.send(target, payload) : sender.send(target, payload),
    };
    await membersWithDevices(t, 1, 2, (name) => `http://[::1]:9/${name}`);
    await announceDeal(t, "MIA");
    const started = performance.now();
    const result = await deliverDuePushes({ ...t.deps, push: pushDelivery(t.deps, slowThenScripted) });
    expect(calls).toHaveLength(2);
    expect(result.sent).toBe(2);
    expect(result.failed).toBe(2);
    // Two tries of the silent host, side by side, each within the push's time budget.
    expect(performance.now() - started).toBeLessThan(9_000);
  }, 60_000);

  test("one member holds at most two of the lane's workers: ten devices on ten hosts that never answer do not hold up another member's push", async () => {
    const t = loopbackApp();
    const hostile = await membersWithDevices(t, 1, 10, silentEndpoint);
    await membersWithDevices(t, 1, 1, (name) => `http://[::1]:9/${name}`);
    await announceDeal(t, "MIA");
    const started: string[] = [];
    const never = new Promise<PushOutcome>(() => {});
    const sender: PushSender = {
      send(target) {
        started.push(target.endpoint);
        return target.endpoint.includes("[::1]") ? Promise.resolve("sent") : never;
      },
    };
    // Each hostile device on a host of its own, as ten subdomains would be.
    const push = pushDelivery(t.deps, sender);
    const render = push.renderers[PUSH_ALERT_KIND]!;
    push.renderers[PUSH_ALERT_KIND] = (payload) => {
      const rendered = render(payload);
      if (!rendered || rendered.target.endpoint.includes("[::1]")) return rendered;
      const device = hostile.findIndex((saved) => saved.id === payload.deviceId);
      return { ...rendered, target: { ...rendered.target, endpoint: `http://127.0.0.${device + 2}:9/hostile` } };
    };
    void deliverDuePushes({ ...t.deps, push });
    for (let wait = 0; wait < 100 && !started.some((endpoint) => endpoint.includes("[::1]")); wait++) await Bun.sleep(10);
    expect(started.filter((endpoint) => endpoint.includes("[::1]"))).toHaveLength(1);
    expect(started.filter((endpoint) => endpoint.includes("/hostile"))).toHaveLength(2);
  });

  test(`a device whose last pushes all failed (${MAX_PUSH_ATTEMPTS} tries each) is dropped, and its member told by email`, async () => {
    const t = createTestApp({ PUSH_ALLOW_LOOPBACK: "true" });
    const [device] = await membersWithDevices(t, 1, 1, (name) => `http://127.0.0.1:9/${name}`);
    await announceDeal(t, "MIA");
    const refusing: PushSender = {
      async send() {
        throw new PushFailure("The push service answered 400", false);
      },
    };
    const push = pushDelivery(t.deps, refusing);
    for (let alert = 0; alert < 3; alert++) {
      if (alert > 0) await announceDeal(t, ["BOS", "SEA"][alert - 1]!);
      for (let round = 0; round < 40 && pushRows(t).some((row) => row.status === "queued"); round++) {
        await deliverDuePushes({ ...t.deps, push });
        t.clock.advance(60 * 60_000);
      }
      const failed = pushRows(t).filter((row) => row.status === "failed");
      expect(failed.map((row) => row.attempts)).toEqual(failed.map(() => MAX_PUSH_ATTEMPTS));
      expect(failed).toHaveLength(alert + 1);
      expect(t.db.select().from(pushDevices).all()).toHaveLength(alert < 2 ? 1 : 0);
    }
    await deliverDueEmails({ ...t.deps, templates: emailRenderers(t.deps) });
    const notice = t.mailer.sent.find((mail) => mail.subject === "Instant alerts stopped on Phone 0");
    expect(notice?.text).toContain("didn't accept our last alerts");
    expect(notice?.text).toContain("/dashboard#alerts");
    expect(device).toBeDefined();
  });
});
