/** The browser tests' seam (tests/support/world/seam.ts) exists only in the test server, never in the product. */
import { describe, expect, test } from "bun:test";
import { createApp } from "../../src/server/app.ts";
import { createTestApp, json } from "../support/test-app.ts";
import { testSeam } from "../support/world/seam.ts";

describe("the test seam", () => {
  test("the product's app has no /__test routes", async () => {
    const t = createTestApp();
    expect((await t.request("POST", "/__test/members", { body: {} })).status).toBe(404);
    expect((await t.request("POST", "/__test/members/1/sessions")).status).toBe(404);
  });

  test("refuses to be built outside NODE_ENV=test or for a public APP_URL", () => {
    const previous = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = "production";
      expect(() => testSeam(createTestApp({ APP_URL: "http://127.0.0.1:4000" }).deps)).toThrow("never part of the product");
      process.env.NODE_ENV = "test";
      expect(() => testSeam(createTestApp({ APP_URL: "https://deals.example.com" }).deps)).toThrow("never part of the product");
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  test("mounted, it makes a member with deals whose session cookie opens their deal list", async () => {
    const seamApp = createApp(createTestApp({ APP_URL: "http://127.0.0.1:4000" }).deps, { extraRoutes: testSeam });
    const origin = "http://127.0.0.1:4000";
    const made = await seamApp.handle(
      new Request(`${origin}/__test/members`, {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify({ firstName: "Casey", preferences: { destinations: [], maxPrice: 0, nonstopOnly: false }, deals: { count: 3 }, signedIn: true }),
      }),
    );
    expect(made.status).toBe(200);
    const member = await json<{ id: number; dealIds: number[] }>(made);
    expect(member.dealIds).toHaveLength(3);
    const cookie = made.headers.getSetCookie().find((header) => header.startsWith("gordu_session="))!;
    expect(cookie).toContain("HttpOnly");
    const list = await seamApp.handle(new Request(`${origin}/api/flight-deals`, { headers: { cookie: cookie.split(";")[0]! } }));
    expect(list.status).toBe(200);
    expect((await json<{ id: number }[]>(list)).map((deal) => deal.id).sort()).toEqual([...member.dealIds].sort());
  });
});
