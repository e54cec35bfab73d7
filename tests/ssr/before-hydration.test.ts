/**
 * Every page as the server sends it, before its script has taken over (decision 104): no form can be sent natively
 * (a GET would put its passwords, codes or tokens in the URL), and no control that needs script can be used yet, so a
 * tap before hydration is refused visibly instead of lost.
 */
import { describe, expect, test } from "bun:test";
import type { DealShare } from "../../src/domain/api/trips.ts";
import { renderPage, sessionCookie, type RenderedPage } from "../support/html.ts";
import { createTestApp, json } from "../support/test-app.ts";
import { addDeals, addMember, ONLY_SEEDED_DEALS } from "../support/world/world.ts";

const t = createTestApp();

/** Every page state a visitor, a member or an admin can land on, by path and cookie. */
async function everyPage(): Promise<{ name: string; path: string; cookie?: string; status?: number }[]> {
  const member = await addMember(t, { preferences: ONLY_SEEDED_DEALS });
  const [dealId] = addDeals(t, member.id, { count: 12 });
  const memberCookie = sessionCookie(t, member.id);
  const share = await json<DealShare>(await t.request("POST", "/api/deal-shares", { cookie: memberCookie, body: { dealId } }));
  const newcomer = await addMember(t, { needsSetup: true });
  const lapsed = await addMember(t, { status: "Cancelled", type: "Free" });
  const admin = await addMember(t, { type: "Free" });
  t.db.$client.query("UPDATE users SET is_admin = 1 WHERE id = $id").run({ id: admin.id });
  return [
    { name: "the landing page", path: "/" },
    { name: "the landing page, signed in", path: "/", cookie: memberCookie },
    { name: "login", path: "/login" },
    { name: "subscribe", path: "/subscribe?plan=annual" },
    { name: "subscribe, a former member", path: "/subscribe", cookie: sessionCookie(t, lapsed.id) },
    { name: "a reset link", path: "/reset-password?token=abc123" },
    { name: "a reset link without its token", path: "/reset-password" },
    { name: "the dashboard with deals", path: "/dashboard", cookie: memberCookie },
    { name: "the dashboard of a member setting a password", path: "/dashboard", cookie: sessionCookie(t, newcomer.id) },
    { name: "the dashboard of a former member", path: "/dashboard", cookie: sessionCookie(t, lapsed.id) },
    { name: "admin", path: "/admin", cookie: sessionCookie(t, admin.id) },
    { name: "admin, not an admin", path: "/admin", cookie: memberCookie, status: 403 },
    { name: "a shared deal", path: new URL(share.url).pathname },
    { name: "how we find deals", path: "/how-we-find-deals" },
    { name: "not found", path: "/no-such-page", status: 404 },
  ];
}

const describeElement = (element: { tag: string; attributes: Record<string, string>; text: string }) =>
  `<${element.tag}${Object.entries(element.attributes)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join("")}>${element.text.slice(0, 40)}`;

/** The controls that act through script: buttons, and choices that act the moment they change (switches, radios, selects). */
async function controlsNeedingScript(page: RenderedPage) {
  return [...(await page.select("button")), ...(await page.select('input[role="switch"], input[type="radio"], select'))];
}

describe("every page before its script has taken over", async () => {
  const pages = await everyPage();

  test.each(pages)("$name: every form posts, so nothing typed can travel in a URL", async ({ path, cookie, status = 200 }) => {
    const page = await renderPage(t, path, { cookie });
    expect(page.status).toBe(status);
    const forms = await page.select("form");
    expect(forms.filter((form) => form.attributes.method?.toLowerCase() !== "post").map(describeElement)).toEqual([]);
  });

  test.each(pages)("$name: every button, switch, radio and select waits, disabled, for the script", async ({ path, cookie }) => {
    const page = await renderPage(t, path, { cookie });
    const controls = await controlsNeedingScript(page);
    expect(controls.filter((control) => !("disabled" in control.attributes)).map(describeElement)).toEqual([]);
  });

  test("the pages with a password, code or token field are among them", async () => {
    const withSecrets: string[] = [];
    for (const { name, path, cookie } of pages) {
      const page = await renderPage(t, path, { cookie });
      if ((await page.select('form input[type="password"], form input[autocomplete="one-time-code"]')).length > 0) withSecrets.push(name);
    }
    expect(withSecrets).toEqual(expect.arrayContaining(["login", "a reset link"]));
  });
});
