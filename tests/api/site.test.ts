import { describe, expect, test } from "bun:test";
import { createTestApp, json, TEST_ORIGIN } from "../support/test-app.ts";

describe("pages", () => {
  test.each(["/", "/subscribe", "/login", "/reset-password", "/admin"])("%s is rendered on the server with hydration data", async (path) => {
    const t = createTestApp();
    const response = await t.request("GET", path);
    expect(response.status).toBeLessThan(400);
    if (response.status !== 200) return;
    const html = await response.text();
    expect(html).toStartWith("<!DOCTYPE html>");
    expect(html).toContain("window.__staticRouterHydrationData");
    expect(html).toContain('src="/assets/entry-test.js"');
  });

  test("an unknown path answers 404 with the '404 Page Not Found' card", async () => {
    const t = createTestApp();
    const response = await t.request("GET", "/no/such/page");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("404 Page Not Found");
  });

  test("the landing page names its inline hydration script in the CSP by hash", async () => {
    const t = createTestApp();
    const response = await t.request("GET", "/");
    const html = await response.text();
    const inline = html.match(/<script>([\s\S]*?)<\/script>/)![1]!;
    const hash = new Bun.CryptoHasher("sha256").update(inline).digest("base64");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain("unsafe-inline' 'sha");
  });

  test("the anonymous landing page is rendered once and served again from memory", async () => {
    const t = createTestApp();
    const first = await (await t.request("GET", "/")).text();
    const second = await (await t.request("GET", "/")).text();
    expect(second).toBe(first);
  });

  test("pages are gzipped for browsers that accept it", async () => {
    const t = createTestApp();
    const response = await t.request("GET", "/", { headers: { "accept-encoding": "gzip, br" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await response.arrayBuffer())));
    expect(html).toContain("Never Miss a Deal from RDU");
  });

  test("client assets are served with an immutable cache header", async () => {
    const t = createTestApp();
    const response = await t.request("GET", "/assets/entry-test.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toStartWith("text/javascript");
  });
});

describe("security headers", () => {
  test.each(["/", "/api/app-config", "/api/me", "/api/nothing-here"])("%s carries nosniff, a referrer policy and a CSP", async (path) => {
    const t = createTestApp();
    const response = await t.request("GET", path);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  test("HSTS is sent when the product is served over https", async () => {
    const t = createTestApp({ APP_URL: "https://gordu.example" });
    const response = await t.app.handle(new Request("https://gordu.example/api/app-config"));
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });
});

describe("GET /api/app-config", () => {
  test("tells the browser the support address and that test billing is on", async () => {
    const t = createTestApp({ SUPPORT_EMAIL: "help@gordu.example" });
    expect(await json(await t.request("GET", "/api/app-config"))).toEqual({
      appUrl: "http://localhost:3000",
      supportEmail: "help@gordu.example",
      billing: { mode: "test", publishableKey: null, checkout: "embedded" },
    });
  });
});

describe("CSRF", () => {
  const body = { email: "a@example.com", name: "A", subject: "S", description: "D" };

  test("a state change from another origin is refused", async () => {
    const t = createTestApp();
    const response = await t.request("POST", "/api/contact", { body, headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
  });

  test("a state change with neither Origin nor Sec-Fetch-Site is refused", async () => {
    const t = createTestApp();
    const response = await t.app.handle(
      new Request(`${TEST_ORIGIN}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    );
    expect(response.status).toBe(403);
  });

  test("Sec-Fetch-Site: same-origin is accepted without an Origin header", async () => {
    const t = createTestApp();
    const response = await t.app.handle(
      new Request(`${TEST_ORIGIN}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(200);
  });

  test("a page opened at another address of this server (127.0.0.1, a LAN address) can still post: the browser says same-origin", async () => {
    const t = createTestApp();
    const response = await t.app.handle(
      new Request("http://127.0.0.1:3000/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(200);
  });

  test("another site's page is refused even when it names itself cross-site", async () => {
    const t = createTestApp();
    const response = await t.request("POST", "/api/contact", { body, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(403);
  });
});

describe("hardening details (docs/hardening.md)", () => {
  test("the reset-password page is served with Referrer-Policy: no-referrer, so the token never leaks in a Referer", async () => {
    const t = createTestApp();
    const response = await t.request("GET", "/reset-password?token=abc");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  test("the CSP names Stripe's hosts only when Stripe is configured", async () => {
    const plain = await createTestApp().request("GET", "/");
    expect(plain.headers.get("content-security-policy")).not.toContain("stripe.com");
    const withStripe = createTestApp({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_ANNUAL: "price_a",
    });
    const csp = (await withStripe.request("GET", "/")).headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  test("a name containing HTML is rendered as text on the dashboard", async () => {
    const { createUser, signIn } = await import("../support/users.ts");
    const t = createTestApp();
    const user = await createUser(t, { firstName: "<img src=x onerror=alert(1)>" });
    const html = await (await t.request("GET", "/dashboard", { cookie: await signIn(t, user.email) })).text();
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img src=x onerror=alert(1)>");
  });
});
