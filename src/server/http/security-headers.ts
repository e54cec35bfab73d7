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

/** Headers every response carries; the page renderer replaces the CSP with one naming its inline script. */
export function securityHeaders(config: Config) {
  const csp = contentSecurityPolicy(config);
  const hsts = config.secureCookies;
  return new Elysia({ name: "security-headers" }).mapResponse(
    { as: "global" },
    ({ response, set }) => {
      const headers = response instanceof Response ? response.headers : null;
      const apply = (name: string, value: string) => {
        if (headers) {
          if (!headers.has(name)) headers.set(name, value);
        } else if (set.headers[name] === undefined) set.headers[name] = value;
      };
      apply("content-security-policy", csp);
      apply("x-content-type-options", "nosniff");
      apply("referrer-policy", "strict-origin-when-cross-origin");
      apply("x-frame-options", "DENY");
      if (hsts) apply("strict-transport-security", "max-age=31536000; includeSubDomains");
      return undefined;
    },
  );
}
