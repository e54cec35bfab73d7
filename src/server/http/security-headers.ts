import { Elysia } from "elysia";
import type { Config } from "../config.ts";

const STRIPE_SOURCES = {
  script: "https://js.stripe.com",
  frame: "https://js.stripe.com https://hooks.stripe.com https://checkout.stripe.com",
  connect: "https://api.stripe.com",
};

export function contentSecurityPolicy(config: Config, inlineScriptHashes: string[] = []): string {
  const stripe = config.stripe !== null;
  const hashes = inlineScriptHashes.map((hash) => ` 'sha256-${hash}'`).join("");
  return [
    "default-src 'self'",
    `script-src 'self'${hashes}${stripe ? ` ${STRIPE_SOURCES.script}` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${stripe ? ` ${STRIPE_SOURCES.connect}` : ""}`,
    `frame-src ${stripe ? STRIPE_SOURCES.frame : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Headers every response carries, set as the very first step of every request: Elysia adds `set.headers` to
 * whatever answers it in the end, a handler's value or Response, a 404, or an error thrown by any later hook
 * (CSRF 403, 413). A Response's own header wins, which is how the page renderer names its inline script in the
 * CSP and the reset and unsubscribe pages send `Referrer-Policy: no-referrer`. Register this plugin first.
 */
export function securityHeaders(config: Config) {
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(config),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
  };
  if (config.secureCookies) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  return new Elysia({ name: "security-headers" }).onRequest(({ set }) => {
    Object.assign(set.headers, headers);
  });
}
