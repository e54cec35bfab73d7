import type { StripeConfig } from "../../src/server/config.ts";
import { StripeApiError, type StripeErrorBody, type StripeObject, type StripeObjectsOptions, stripeFixture } from "./stripe-object-store.ts";
import { StripeObjects } from "./stripe-objects.ts";

/**
 * A local stand-in for Stripe's REST API, enough for StripeBilling: stripe-node talks to it over HTTP
 * exactly as it talks to api.stripe.com. This file is the HTTP side: it records every request, checks the key,
 * honours Idempotency-Key and fails or hangs on demand; the objects it answers with live in stripe-objects.ts and stripe-object-store.ts.
 */

export interface RecordedRequest {
  method: string;
  /** e.g. /v1/subscriptions/sub_local000002 */
  path: string;
  /** The form body (POST) or query (GET, DELETE), decoded from bracket notation into nested objects; values stay strings as sent. */
  params: StripeObject;
  idempotencyKey: string | null;
  /** What the fake answered; 0 while it is still answering (or never did: a hang cut short by reset or stop). */
  status: number;
}

/** An error as Stripe sends it under `error`, plus whether to send `Stripe-Should-Retry`. */
export interface StripeFailure extends StripeErrorBody {
  /** Sets the Stripe-Should-Retry header (stripe-node obeys it); unset sends no header. */
  shouldRetry?: boolean;
}

export interface StripeServerOptions extends StripeObjectsOptions {
  secretKey?: string;
}

const TEST_STRIPE_SETTINGS = {
  secretKey: "sk_test_local",
  publishableKey: "pk_test_local",
  webhookSecret: "whsec_test_local",
  priceMonthly: "price_monthly_test",
  priceAnnual: "price_annual_test",
} as const;

/**
 * Decodes stripe-node's form encoding (`items[0][price]=p`, `expand[0]=x`, `expand[]=x`, `a[b][c]=v`) into
 * nested objects and arrays. Values stay strings, as on the wire; an empty value (how stripe-node unsets a
 * field) stays "".
 */
export function parseStripeParams(entries: Iterable<[string, string]>): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of entries) assignPath(root, keySegments(key), value);
  return root;
}

function keySegments(key: string): string[] {
  const head = key.split("[", 1)[0] ?? key;
  const brackets = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? "");
  return [head, ...brackets];
}

function assignPath(root: StripeObject, segments: string[], value: string): void {
  let target: StripeObject = root;
  segments.forEach((segment, index) => {
    const key = segment === "" && Array.isArray(target) ? String(target.length) : segment;
    const next = segments[index + 1];
    if (next === undefined) {
      target[key] = value;
      return;
    }
    target[key] ??= /^\d*$/.test(next) ? [] : {};
    target = target[key];
  });
}

interface PendingHang {
  timer: ReturnType<typeof setTimeout>;
  finish: () => void;
}

interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: StripeObject;
}

/** Stripe's REST API over HTTP: key check, idempotent replay, recorded requests, and failures or hangs on demand. */
export class StripeServer extends StripeObjects {
  readonly port: number;
  readonly url: string;
  requests: RecordedRequest[] = [];

  private readonly server: ReturnType<typeof Bun.serve>;
  private readonly secretKey: string;
  private answersByIdempotencyKey = new Map<string, StoredAnswer>();
  private failures: Array<{ status: number; failure: StripeFailure }> = [];
  private targetedFailures: Array<{ method: string; path: string; status: number; failure: StripeFailure }> = [];
  private hangs: number[] = [];
  private pendingHangs = new Set<PendingHang>();
  /** Bumped by reset() and stop(): a request that started before must not touch the fresh state. */
  private generation = 0;

  constructor(options: StripeServerOptions = {}) {
    super(options);
    this.secretKey = options.secretKey ?? TEST_STRIPE_SETTINGS.secretKey;
    this.server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => this.answer(request) });
    this.port = this.server.port ?? 0;
    this.url = `http://127.0.0.1:${this.port}`;
  }

  // ---- test controls ----

  /** The next `times` requests (after any hang) answer `status` with this error; like Stripe's edge failing, they are not stored for idempotent replay. */
  failNext(status: number, failure: StripeFailure, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push({ status, failure });
  }

  /** The next request to exactly this method and path answers `status` with this error (e.g. a card declined when a subscription is created). */
  failNextRequestTo(method: string, path: string, status: number, failure: StripeFailure): void {
    this.targetedFailures.push({ method, path, status, failure });
  }

  /** The next `times` requests wait `ms` before they are handled (a slow Stripe; the client's timeout fires first). */
  hangNext(ms: number, times = 1): void {
    for (let i = 0; i < times; i++) this.hangs.push(ms);
  }

  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)));
  }

  /** Forgets objects, requests, idempotency keys and pending failures or hangs. */
  reset(): void {
    this.generation++;
    this.releaseHangs();
    this.requests = [];
    this.forgetObjects();
    this.answersByIdempotencyKey = new Map();
    this.failures = [];
    this.targetedFailures = [];
    this.hangs = [];
  }

  stop(): void {
    this.reset();
    this.server.stop(true);
  }

  // ---- HTTP ----

  private async answer(request: Request): Promise<Response> {
    const generation = this.generation;
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const body = method === "POST" ? await request.text() : "";
    const params = parseStripeParams(method === "POST" ? new URLSearchParams(body) : url.searchParams);
    const idempotencyKey = request.headers.get("idempotency-key");
    const recorded: RecordedRequest = { method, path: url.pathname, params, idempotencyKey, status: 0 };
    this.requests.push(recorded);

    const hangMs = this.hangs.shift();
    if (hangMs !== undefined) await this.hang(hangMs);
    if (generation !== this.generation) return new Response(null, { status: 503 });

    const authorization = request.headers.get("authorization");
    const { status, body: answer, headers } = this.handle(authorization, method, url.pathname, params, idempotencyKey);
    recorded.status = status;
    return Response.json(answer, {
      status,
      headers: {
        "request-id": `req_local${++this.counter}`,
        "stripe-version": request.headers.get("stripe-version") ?? "",
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        ...headers,
      },
    });
  }

  private handle(
    authorization: string | null,
    method: string,
    path: string,
    params: StripeObject,
    idempotencyKey: string | null,
  ): { status: number; body: StripeObject; headers: Record<string, string> } {
    const targeted = this.targetedFailures.findIndex((entry) => entry.method === method && entry.path === path);
    const failure = targeted >= 0 ? this.targetedFailures.splice(targeted, 1)[0] : this.failures.shift();
    if (failure) {
      const { shouldRetry, ...error } = failure.failure;
      return { status: failure.status, body: { error }, headers: shouldRetry === undefined ? {} : { "stripe-should-retry": String(shouldRetry) } };
    }
    if (authorization !== `Bearer ${this.secretKey}`) {
      return { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_****" } }, headers: {} };
    }

    // Like Stripe: a key replays the first successful answer, and refuses different parameters.
    const fingerprint = JSON.stringify([method, path, params]);
    const stored = idempotencyKey && method === "POST" ? this.answersByIdempotencyKey.get(idempotencyKey) : undefined;
    if (stored && stored.fingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return { status: 400, body: { error: { type: "idempotency_error", message } }, headers: {} };
    }
    if (stored) return { status: stored.status, body: stored.body, headers: { "idempotent-replayed": "true" } };

    try {
      const body = this.route(method, path, params);
      if (idempotencyKey && method === "POST") this.answersByIdempotencyKey.set(idempotencyKey, { fingerprint, status: 200, body });
      return { status: 200, body, headers: {} };
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body }, headers: {} };
      const message = error instanceof Error ? error.message : String(error);
      return { status: 500, body: { error: { type: "api_error", message: `Fake Stripe failed: ${message}` } }, headers: {} };
    }
  }

  private hang(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const pending: PendingHang = { timer: setTimeout(() => pending.finish(), ms), finish: () => {} };
      pending.finish = () => {
        clearTimeout(pending.timer);
        this.pendingHangs.delete(pending);
        resolve();
      };
      this.pendingHangs.add(pending);
    });
  }

  private releaseHangs(): void {
    for (const pending of [...this.pendingHangs]) pending.finish();
  }
}

export function startStripeServer(options: StripeServerOptions = {}): StripeServer {
  return new StripeServer(options);
}

/** A StripeConfig whose stripe-node client talks to this server: `new StripeBilling(stripeTestConfig(server))`. */
export function stripeTestConfig(server: StripeServer, overrides: Partial<StripeConfig> = {}): StripeConfig {
  return {
    ...TEST_STRIPE_SETTINGS,
    checkout: "embedded",
    apiBase: { host: "127.0.0.1", port: server.port, protocol: "http" },
    ...overrides,
  };
}

/** The STRIPE_* variables matching stripeTestConfig, for createTestApp(env, { billing }) so that config.stripe is set too. */
export function stripeTestEnv(checkout: "embedded" | "hosted" = "embedded"): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: TEST_STRIPE_SETTINGS.secretKey,
    STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_SETTINGS.publishableKey,
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE_SETTINGS.webhookSecret,
    STRIPE_PRICE_MONTHLY: TEST_STRIPE_SETTINGS.priceMonthly,
    STRIPE_PRICE_ANNUAL: TEST_STRIPE_SETTINGS.priceAnnual,
    STRIPE_CHECKOUT: checkout,
  };
}

/** An Event as Stripe sends it to webhooks (from the `event` fixture), wrapping `object`. */
export function stripeEvent(type: string, object: StripeObject, overrides: StripeObject = {}): StripeObject {
  return {
    ...stripeFixture("event"),
    id: `evt_local_${crypto.randomUUID().replaceAll("-", "")}`,
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object, previous_attributes: null },
    ...overrides,
  };
}
