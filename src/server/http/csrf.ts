import { Elysia } from "elysia";
import { forbidden } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request must come from our own pages: its Origin is APP_URL's origin, or the browser
 * says it is same-origin (a page cannot set Sec-Fetch-Site, and it lets the site work at 127.0.0.1 or a LAN
 * address as well as at APP_URL). Paths in `exempt` authenticate themselves (the Stripe webhook signs its body).
 */
export function csrfProtection(appOrigin: string, exempt: string[] = []) {
  return new Elysia({ name: "csrf" }).onRequest(({ request }) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = new URL(request.url).pathname;
    if (exempt.includes(path)) return;
    const origin = request.headers.get("origin");
    if (origin === appOrigin) return;
    if (request.headers.get("sec-fetch-site") === "same-origin") return;
    throw forbidden("This request did not come from the GoRDU site. Reload the page and try again.");
  });
}
