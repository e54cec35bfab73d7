import { describe, expect, test } from "bun:test";
import { emailOutbox } from "../../db/schema.ts";
import type { AlertSettings, AlertsOverview, Snooze } from "../../src/domain/api/alerts.ts";
import type { FlightDeal } from "../../src/domain/api/deals.ts";
import { DEAL_ALERT_KIND, DEAL_DIGEST_KIND, type DealAlertPayload } from "../../src/server/alerts/alert-queue.ts";
import { snoozeUrl } from "../../src/server/alerts/snooze.service.ts";
import { fanOutOwedDeals } from "../../src/server/alerts/fan-out.ts";
import { emailRenderers } from "../../src/server/jobs.ts";
import { deliverDueEmails } from "../../src/server/mail/outbox.ts";
import { insertDeal } from "../support/deals.ts";
import { createTestApp, json, type TestApp } from "../support/test-app.ts";
import { createUser, signIn } from "../support/users.ts";

const HOUR = 3_600_000;

async function member(t: TestApp, change: Partial<AlertSettings> = {}) {
  const user = await createUser(t);
  const cookie = await signIn(t, user.email);
  const settings = (await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie }))).settings;
  const saved = await t.request("PUT", "/api/alert-settings", { cookie, body: { ...settings, ...change } });
  expect(saved.status).toBe(200);
  return { user, cookie };
}

const rows = (t: TestApp, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .all()
    .filter((row) => row.kind === kind);

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** The confirmation page's form as a browser submits it: its hidden fields, form-encoded. */
function formOf(html: string): string {
  const fields = [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map(([, name, value]) => `${name}=${encodeURIComponent(value!)}`);
  return fields.join("&");
}

const deliver = (t: TestApp) => deliverDueEmails({ ...t.deps, templates: emailRenderers(t.deps) });

describe("what an alert email says", () => {
  test("the travel dates with their year when it is not this year, and when the fare was checked in the member's zone, named", async () => {
    const t = createTestApp();
    const { user } = await member(t, { timeZone: "America/Chicago", quietStart: 0, quietEnd: 0 });
    insertDeal(t, { destination: "LHR", departDate: "2027-01-08", returnDate: "2027-01-10" });
    insertDeal(t, { destination: "DEN", departDate: "2026-12-04", returnDate: "2026-12-06" });
    await fanOutOwedDeals(t.deps);
    await deliver(t);
    const [alert] = t.mailer.sent.filter((mail) => mail.to === user.email);
    expect(alert?.text).toContain("Fri, Jan 8 - Sun, Jan 10, 2027 · Delta");
    expect(alert?.text).toContain("Fri, Dec 4 - Sun, Dec 6 · Delta");
    // The test clock is 10 am EST: 9 am in Chicago.
    expect(alert?.text).toContain("Last checked Sun, Nov 22, 9:00 am CST.");
    expect(alert?.html).toContain("Fri, Jan 8 - Sun, Jan 10, 2027");
  });
});

describe("quiet hours", () => {
  test("an alert found at 11 pm in New York waits, queued, until 7 am, then goes", async () => {
    const t = createTestApp();
    t.clock.set(new Date("2026-11-23T04:00:00Z"));
    const { user } = await member(t);
    insertDeal(t);
    await fanOutOwedDeals(t.deps);
    const [held] = rows(t, DEAL_ALERT_KIND);
    expect(held).toMatchObject({ status: "queued", toAddress: user.email });
    expect(held!.nextAttemptAt.toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect((await deliver(t)).sent).toBe(0);
    t.clock.set(new Date("2026-11-23T12:00:00Z"));
    expect((await deliver(t)).sent).toBe(1);
    expect(t.mailer.sent.map((mail) => mail.to)).toEqual([user.email]);
  });

  test("quiet hours turned off (equal hours) send at once", async () => {
    const t = createTestApp();
    t.clock.set(new Date("2026-11-23T04:00:00Z"));
    await member(t, { quietStart: 0, quietEnd: 0 });
    insertDeal(t);
    await fanOutOwedDeals(t.deps);
    expect(rows(t, DEAL_ALERT_KIND)[0]!.nextAttemptAt).toEqual(t.clock.now());
  });
});

describe("the daily cap", () => {
  test("past the cap, instant alerts wait for the next morning", async () => {
    const t = createTestApp();
    await member(t, { dailyCap: 2 });
    for (let i = 0; i < 3; i++) {
      insertDeal(t, { destination: ["LAX", "SEA", "DEN"][i] });
      await fanOutOwedDeals(t.deps);
      t.clock.advance(HOUR);
    }
    const due = rows(t, DEAL_ALERT_KIND).map((row) => row.nextAttemptAt.toISOString());
    expect(due).toEqual(["2026-11-22T15:00:00.000Z", "2026-11-22T16:00:00.000Z", "2026-11-23T12:00:00.000Z"]);
  });
});

describe("digests", () => {
  test("a daily digest collects the day's deals into one email at the chosen hour", async () => {
    const t = createTestApp();
    const { user } = await member(t, { delivery: "daily", digestHour: 18 });
    const first = insertDeal(t, { destination: "LAX", price: 150, typicalMedian: 400 });
    await fanOutOwedDeals(t.deps);
    t.clock.advance(2 * HOUR);
    const second = insertDeal(t, { destination: "SEA", price: 99, typicalMedian: 200 });
    await fanOutOwedDeals(t.deps);
    expect(rows(t, DEAL_ALERT_KIND)).toEqual([]);
    const digests = rows(t, DEAL_DIGEST_KIND);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.nextAttemptAt.toISOString()).toBe("2026-11-22T23:00:00.000Z");
    expect((digests[0]!.payload as unknown as DealAlertPayload).deals.map(([id]) => id)).toEqual([first.id, second.id]);

    expect((await deliver(t)).sent).toBe(0);
    t.clock.set(new Date("2026-11-22T23:00:00Z"));
    expect((await deliver(t)).sent).toBe(1);
    const [mail] = t.mailer.sent;
    expect(mail!.to).toBe(user.email);
    expect(mail!.subject).toStartWith("Your GoRDU digest: 2 deals from RDU");
    // Ranked by savings: $250 off Los Angeles before $101 off Seattle.
    expect(mail!.text.indexOf("Los Angeles")).toBeLessThan(mail!.text.indexOf("Seattle"));
  });

  test("a weekly digest is due on Saturday", async () => {
    const t = createTestApp();
    await member(t, { delivery: "weekly", digestHour: 8 });
    insertDeal(t);
    await fanOutOwedDeals(t.deps);
    expect(rows(t, DEAL_DIGEST_KIND)[0]!.nextAttemptAt.toISOString()).toBe("2026-11-28T13:00:00.000Z");
  });
});

describe("snoozing a destination", () => {
  test("from the dashboard: no alerts about it for 30 days, its deals still listed; unsnoozing brings alerts back", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t);
    const response = await t.request("POST", "/api/snoozes", { cookie, body: { destination: "lax" } });
    expect(response.status).toBe(200);
    expect(await json<Snooze>(response)).toEqual({ destination: "LAX", city: "Los Angeles", until: "2026-12-22T15:00:00.000Z" });
    const snoozed = insertDeal(t, { destination: "LAX" });
    const other = insertDeal(t, { destination: "SEA" });
    await fanOutOwedDeals(t.deps);
    const alerted = rows(t, DEAL_ALERT_KIND).flatMap((row) => (row.payload as unknown as DealAlertPayload).deals.map(([id]) => id));
    expect(alerted).toEqual([other.id]);
    const list = await json<FlightDeal[]>(await t.request("GET", "/api/flight-deals", { cookie }));
    expect(list.map((deal) => deal.id)).toContain(snoozed.id);
    expect((await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie }))).snoozes.map((s) => s.destination)).toEqual(["LAX"]);

    expect((await t.request("DELETE", "/api/snoozes/LAX", { cookie })).status).toBe(200);
    expect((await t.request("DELETE", "/api/snoozes/LAX", { cookie })).status).toBe(404);
    insertDeal(t, { destination: "LAX", departDate: "2027-03-03", returnDate: "2027-03-06" });
    await fanOutOwedDeals(t.deps);
    expect(rows(t, DEAL_ALERT_KIND).filter((row) => (row.payload as unknown as DealAlertPayload).userId === user.id)).toHaveLength(2);
  });

  test("the page's one-click form works without Fetch Metadata (Origin: null under no-referrer): its per-link token is the proof", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t);
    const path = snoozeUrl("", user.unsubscribeToken, "LAX");
    const form = formOf(await (await t.request("GET", path)).text());
    expect(form).toMatch(/^confirm=[\w-]{43}$/);
    // Firefox and Safari before Fetch Metadata: the page's no-referrer policy makes the POST say Origin: null, no Sec-Fetch-Site.
    const done = await t.request("POST", path, { headers: { ...FORM, origin: "null" }, body: form });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("No deal alerts about Los Angeles until Tue, Dec 22.");
    expect((await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie }))).snoozes.map((s) => s.destination)).toEqual(["LAX"]);
  });

  test("a snooze POST without the form's token changes nothing: none, another destination's, another member's, or a made-up one", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t);
    const other = await member(t);
    const path = snoozeUrl("", user.unsubscribeToken, "LAX");
    const forBos = formOf(await (await t.request("GET", snoozeUrl("", user.unsubscribeToken, "BOS"))).text());
    const othersForLax = formOf(await (await t.request("GET", snoozeUrl("", other.user.unsubscribeToken, "LAX"))).text());
    for (const body of ["", "confirm=", forBos, othersForLax, `confirm=${"a".repeat(43)}`, "confirm=1&confirm=2"]) {
      for (const origin of [t.config.appOrigin, "null"]) {
        const response = await t.request("POST", path, { headers: { ...FORM, origin }, body });
        // A well-formed form without the right token: 403 and a page saying why; a malformed one (the field twice): 400.
        expect([body, origin, response.status]).toEqual([body, origin, body.includes("&") ? 400 : 403]);
      }
    }
    expect((await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie }))).snoozes).toEqual([]);
  });

  test("from the email's link: the page asks first (a link scanner changes nothing), the button snoozes", async () => {
    const t = createTestApp();
    const { user, cookie } = await member(t);
    insertDeal(t, { destination: "LAX" });
    await fanOutOwedDeals(t.deps);
    await deliver(t);
    const link = /Snooze Los Angeles for 30 days: (\S+)/.exec(t.mailer.sent[0]!.text)![1]!;
    const path = link.replace(t.config.appUrl, "");
    const page = await t.request("GET", path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Snooze Los Angeles for 30 days");
    expect((await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie }))).snoozes).toEqual([]);

    const done = await t.request("POST", path, { headers: FORM, body: formOf(html) });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("No deal alerts about Los Angeles until Tue, Dec 22.");
    expect((await json<AlertsOverview>(await t.request("GET", "/api/alerts", { cookie }))).snoozes.map((s) => s.destination)).toEqual(["LAX"]);
    expect(t.mailer.sent[0]!.headers?.["List-Unsubscribe"]).toContain(user.unsubscribeToken);

    expect((await t.request("GET", path.replace(/token=\w+/, "token=abcdefghijklmnopqrstu"))).status).toBe(404);
  });
});
