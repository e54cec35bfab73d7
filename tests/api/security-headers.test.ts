import { describe, expect, test } from "bun:test";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

/** The headers of docs/hardening.md "CSRF and headers", which every answer carries, whatever produced it. */
function expectSecurityHeaders(response: Response, what: string, https = false) {
  expect(response.headers.get("content-security-policy"), what).toContain("default-src 'self'");
  expect(response.headers.get("content-security-policy"), what).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(response.headers.get("x-frame-options"), what).toBe("DENY");
  expect(response.headers.get("referrer-policy"), what).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  if (https) expect(response.headers.get("strict-transport-security"), what).toContain("max-age=");
  else expect(response.headers.get("strict-transport-security"), what).toBeNull();
}

/** One request of each kind the server answers: handlers, pages, files, and errors from every stage. */
async function oneOfEach(t: TestApp, origin: string): Promise<[string, Response, number][]> {
  const request = (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
    t.app.handle(new Request(`${origin}${path}`, { method, headers: { origin, "content-type": "application/json", ...init.headers }, body: init.body }));
  const user = await createUser(t);
  const wrongLogins = [];
  for (let i = 0; i < 5; i++)
    wrongLogins.push(await request("POST", "/api/login", { body: JSON.stringify({ email: user.email, password: "wrong password" }) }));
  return [
    ["JSON from a handler", await request("GET", "/api/app-config"), 200],
    ["the health check", await request("GET", "/healthz"), 200],
    ["an SSR page", await request("GET", "/"), 200],
    ["a kept page, answered before routing", await request("GET", "/"), 200],
    ["an SSR page with its own referrer policy", await request("GET", "/reset-password?token=abc"), 200],
    ["an SSR 404 page", await request("GET", "/no/such/page"), 404],
    ["a static asset", await request("GET", "/assets/entry-test.js"), 200],
    ["an unknown API path", await request("GET", "/api/nothing-here"), 404],
    ["an unknown API path posted to", await request("POST", "/api/nothing-here", { body: "{}" }), 404],
    ["the unsubscribe page", await request("GET", "/unsubscribe?token=nope"), 404],
    ["a 401 from a handler", await request("GET", "/api/me"), 401],
    ["a CSRF 403 thrown in onRequest", await request("POST", "/api/contact", { headers: { origin: "https://evil.example" }, body: "{}" }), 403],
    [
      "a 413 by Content-Length, thrown in onRequest",
      await request("POST", "/api/contact", { headers: { "content-length": String(2 * 1024 * 1024) }, body: "x".repeat(2 * 1024 * 1024) }),
      413,
    ],
    ["a 415 thrown by the body parser", await request("POST", "/api/contact", { headers: { "content-type": "text/plain" }, body: "hello" }), 415],
    ["a 400 for nesting, thrown by the body parser", await request("POST", "/api/contact", { body: "[".repeat(100) }), 400],
    ["a 400 from schema validation", await request("POST", "/api/contact", { body: JSON.stringify({ email: 5 }) }), 400],
    ["a 401 for a wrong password", wrongLogins[0]!, 401],
    ["a 429 with Retry-After", await request("POST", "/api/login", { body: JSON.stringify({ email: user.email, password: "wrong password" }) }), 429],
  ];
}

describe("every response carries the security headers", () => {
  test("over http: the same headers on handlers, pages, files, 404s, 413s, CSRF 403s and other hook errors; no HSTS", async () => {
    const t = createTestApp();
    for (const [what, response, status] of await oneOfEach(t, TEST_ORIGIN)) {
      expect(response.status, what).toBe(status);
      expectSecurityHeaders(response, what);
    }
  });

  test("over https: the same, plus HSTS on every one of them", async () => {
    const t = createTestApp({ APP_URL: "https://gordu.example" });
    for (const [what, response, status] of await oneOfEach(t, "https://gordu.example")) {
      expect(response.status, what).toBe(status);
      expectSecurityHeaders(response, what, true);
    }
  });

  test("errors thrown by hooks answer a short JSON body, not an empty one", async () => {
    const t = createTestApp();
    const csrf = await t.request("POST", "/api/contact", { body: "{}", headers: { origin: "https://evil.example" } });
    const tooLarge = await t.request("POST", "/api/contact", { body: "x".repeat(2 * 1024 * 1024), headers: { "content-length": String(2 * 1024 * 1024) } });
    for (const response of [csrf, tooLarge]) {
      expect(response.headers.get("content-type")).toStartWith("application/json");
      expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(10);
    }
  });

  test("a page keeps its own stricter header: the reset page's no-referrer, the renderer's CSP with its script hash", async () => {
    const t = createTestApp();
    const reset = await t.request("GET", "/reset-password?token=abc");
    expect(reset.headers.get("referrer-policy")).toBe("no-referrer");
    const landing = await t.request("GET", "/");
    expect(landing.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
  });
});
