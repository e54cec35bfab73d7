import { describe, expect, test } from "bun:test";
import Stripe from "stripe";
import { BillingUnavailableError } from "../../src/server/billing/billing.ts";
import { StripeBilling } from "../../src/server/billing/stripe-billing.ts";
import { rejectionOf, stripeBillingFixture } from "../support/stripe-billing-fixture.ts";
import { stripeEvent } from "../support/stripe-server.ts";

const { server, config, billing, signupInput } = stripeBillingFixture();

describe("StripeBilling when Stripe is in trouble", () => {
  test("a 500 is retried with the same idempotency key and, if it clears, creates one customer", async () => {
    server.failNext(500, { type: "api_error", message: "An unknown error occurred" });
    const input = signupInput();

    await billing.startEmbeddedSignup(input);

    const attempts = server.requestsTo("POST", "/v1/customers");
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);
    expect(attempts.map((r) => r.idempotencyKey)).toEqual([`${input.pendingSignupId}:customer`, `${input.pendingSignupId}:customer`]);
    expect(server.objects("customer")).toHaveLength(1);
  });

  test("a 500 that persists is retried twice, then reported as unavailable", async () => {
    server.failNext(500, { type: "api_error", message: "An unknown error occurred" }, 3);

    const error = await rejectionOf(billing.startEmbeddedSignup(signupInput()));

    expect(error).toBeInstanceOf(BillingUnavailableError);
    expect(server.requestsTo("POST", "/v1/customers").map((r) => r.status)).toEqual([500, 500, 500]);
    expect(server.objects("customer")).toHaveLength(0);
  });

  test("a 429 rate limit is reported as unavailable at once", async () => {
    server.failNext(429, { type: "invalid_request_error", code: "rate_limit", message: "Too many requests made to the API too quickly" });

    const error = await rejectionOf(billing.startEmbeddedSignup(signupInput()));

    expect(error).toBeInstanceOf(BillingUnavailableError);
    expect(server.requests).toHaveLength(1);
  });

  test("a 429 that Stripe says to retry (a lock timeout) is retried", async () => {
    server.failNext(429, { type: "invalid_request_error", code: "lock_timeout", message: "This object cannot be accessed right now", shouldRetry: true });

    await billing.startEmbeddedSignup(signupInput());

    expect(server.requestsTo("POST", "/v1/customers").map((r) => r.status)).toEqual([429, 200]);
  });

  test("Stripe answering slower than the timeout is reported as unavailable", async () => {
    const impatient = new StripeBilling(config, { timeoutMs: 150 });
    server.hangNext(5_000, 3);

    const error = await rejectionOf(impatient.getSubscription("sub_anything"));

    expect(error).toBeInstanceOf(BillingUnavailableError);
    expect(error.message).toContain("timeout");
    expect(server.requests).toHaveLength(3);
  });

  test("Stripe not listening at all is reported as unavailable", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const port = closed.port ?? 0;
    closed.stop(true);
    const unreachable = new StripeBilling({ ...config, apiBase: { host: "127.0.0.1", port, protocol: "http" } }, { timeoutMs: 500 });

    expect(await rejectionOf(unreachable.getSubscription("sub_anything"))).toBeInstanceOf(BillingUnavailableError);
  });

  test("a wrong API key is reported as unavailable", async () => {
    const misconfigured = new StripeBilling({ ...config, secretKey: "sk_test_wrong" });

    const error = await rejectionOf(misconfigured.startEmbeddedSignup(signupInput()));

    expect(error).toBeInstanceOf(BillingUnavailableError);
    expect(server.objects("customer")).toHaveLength(0);
  });
});

describe("StripeBilling webhook verification", () => {
  const secret = config.webhookSecret;
  const body = JSON.stringify(stripeEvent("customer.subscription.updated", { id: "sub_local1", object: "subscription", status: "active" }), null, 2);
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? secret, timestamp: options.timestamp });

  test("a correctly signed event passes and is parsed", async () => {
    const event = await billing.verifyWebhook(body, await sign(body));
    expect(event.type).toBe("customer.subscription.updated");
    expect(event.id).toBe(JSON.parse(body).id);
  });

  test("an event without a signature is refused", async () => {
    expect(await rejectionOf(billing.verifyWebhook(body, null))).toBeInstanceOf(Error);
    expect(await rejectionOf(billing.verifyWebhook(body, ""))).toBeInstanceOf(Error);
  });

  test("a body changed after signing is refused", async () => {
    const signature = await sign(body);
    const tampered = body.replace('"active"', '"canceled"');
    expect(await rejectionOf(billing.verifyWebhook(tampered, signature))).toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
  });

  test("an event signed more than five minutes ago is refused", async () => {
    const signature = await sign(body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(await rejectionOf(billing.verifyWebhook(body, signature))).toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
  });

  test("an event signed with another secret is refused", async () => {
    const signature = await sign(body, { secret: "whsec_someone_else" });
    expect(await rejectionOf(billing.verifyWebhook(body, signature))).toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
  });
});
