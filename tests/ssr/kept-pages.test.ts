/**
 * The pages kept for every visitor alike (the landing page, a shared deal's): what decides that a request is a
 * visitor's, and what may make the server render again.
 */
import { describe, expect, spyOn, test } from "bun:test";
import { DAY_MS } from "../../src/domain/calendar.ts";
import { PAGE_RENDERS_PER_MINUTE } from "../../src/server/ssr/render.tsx";
import { renderPage, sessionCookie } from "../support/html.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { addDeals, addMember, mintSession } from "../support/world/world.ts";

describe("the kept landing page", () => {
  test("a session cookie the auth plugin accepts (here with a space before '=') is never kept for visitors", async () => {
    const t = createTestApp();
    const member = await addMember(t, { email: "kept-victim@example.com", firstName: "Valerie" });
    const { value } = mintSession(t, member.id);
    for (const cookie of [`gordu_session =${value}`, `other=1;gordu_session = ${value}`]) {
      const signedIn = await renderPage(t, "/", { cookie });
      expect(signedIn.html).toContain("kept-victim@example.com");
      const visitor = await renderPage(t, "/");
      expect(visitor.html).not.toContain("kept-victim@example.com");
      expect(visitor.html).not.toContain("Valerie");
    }
  });
});

/** How many pages the app rendered while `work` ran: each render's root loader asks the in-process API who is signed in. */
async function rendersDuring(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  const handle = spyOn(t.app, "handle");
  try {
    await work();
    return handle.mock.calls.filter(([request]) => new URL(request.url).pathname === "/api/me").length;
  } finally {
    handle.mockRestore();
  }
}

describe("what may make the server render a kept page again", () => {
  test("a query string, a junk or expired session cookie, or any other cookie: the kept page answers, nothing is rendered", async () => {
    const t = createTestApp();
    const member = await addMember(t);
    const { value: expired } = mintSession(t, member.id);
    t.clock.advance(31 * DAY_MS);
    // Kept from here: the landing page's recent deals are kept per day and hour (decision 134).
    const kept = await renderPage(t, "/");
    const requests: { path: string; cookie?: string }[] = [
      { path: "/?v=1" },
      { path: "/?v=2&utm_source=mail" },
      { path: "/?" },
      { path: "/", cookie: "gordu_session=junk" },
      { path: "/", cookie: `gordu_session=${"a".repeat(32)}` },
      { path: "/", cookie: `gordu_session=${expired}` },
      { path: "/?v=3", cookie: "theme=dark; tracking=xyz" },
    ];
    const renders = await rendersDuring(t, async () => {
      for (const { path, cookie } of requests) {
        const page = await renderPage(t, path, { cookie });
        expect([path, cookie, page.status]).toEqual([path, cookie, 200]);
        expect(page.html).toBe(kept.html);
      }
    });
    expect(renders).toBe(0);
  });

  test("a shared deal's page with a query string is its kept page", async () => {
    const t = createTestApp();
    const member = await addMember(t);
    const [dealId] = addDeals(t, member.id, { count: 1 });
    const shared = await t.request("POST", "/api/deal-shares", { cookie: sessionCookie(t, member.id), body: { dealId } });
    const path = new URL(((await shared.json()) as { url: string }).url).pathname;
    const kept = await renderPage(t, path);
    expect(kept.status).toBe(200);
    const renders = await rendersDuring(t, async () => {
      for (let i = 0; i < 5; i++) expect((await renderPage(t, `${path}?fbclid=${i}`)).html).toBe(kept.html);
    });
    expect(renders).toBe(0);
  });

  test(`pages rendered for one address are limited to ${PAGE_RENDERS_PER_MINUTE} a minute (429 with Retry-After); other addresses are not held up`, async () => {
    const t = createTestApp({ TRUST_PROXY: "true" });
    const from = (address: string) => ({ "x-forwarded-for": address });
    expect((await renderPage(t, "/", { headers: from("198.51.100.1") })).status).toBe(200);
    for (let i = 0; i < PAGE_RENDERS_PER_MINUTE; i++) {
      expect((await renderPage(t, `/no-such-page-${i}`, { headers: from("203.0.113.7") })).status).toBe(404);
    }
    const refused = await renderPage(t, "/login", { headers: from("203.0.113.7") });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await renderPage(t, "/login", { headers: from("203.0.113.8") })).status).toBe(200);
    // A kept page costs no render, so it is never refused.
    expect((await renderPage(t, "/?v=9", { headers: from("203.0.113.7") })).status).toBe(200);
    t.clock.advance(61_000);
    expect((await renderPage(t, "/login", { headers: from("203.0.113.7") })).status).toBe(200);
  });
});
