import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { apiFetchContext, type ApiFetch } from "../../client/api-fetch.ts";
import { AssetsContext } from "../../client/assets-context.tsx";
import { NOT_FOUND_ROUTE_ID, routes } from "../../client/routes.tsx";
import type { Config } from "../config.ts";
import { contentSecurityPolicy } from "../http/security-headers.ts";
import { SESSION_COOKIE } from "../auth/cookies.ts";
import { acceptsGzip, type ClientAssets } from "./assets.ts";

interface RenderedPage {
  status: number;
  html: string;
  gzipped: Uint8Array<ArrayBuffer> | null;
  csp: string;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP names each inline script (react-router's hydration data) by its hash: no 'unsafe-inline', no nonce. */
function inlineScriptHashes(html: string): string[] {
  return Array.from(html.matchAll(INLINE_SCRIPT), (match) => new Bun.CryptoHasher("sha256").update(match[1]!).digest("base64"));
}

function hasSessionCookie(request: Request): boolean {
  return (request.headers.get("cookie") ?? "").includes(`${SESSION_COOKIE}=`);
}

/** The version of a page every anonymous visitor sees alike (a shared deal's), or null when it must be rendered. */
export type AnonymousPageVersion = (url: URL) => string | null;

/** How many versioned pages are kept; the oldest go first. */
const MAX_VERSIONED_PAGES = 1000;

/**
 * Renders every page route with react-router's static handler. Loaders reach the API in-process with the
 * visitor's cookie. The landing page for an anonymous visitor is rendered once and kept; a page `pageVersion`
 * names is kept per version (a new version, or none, renders again).
 */
export function createPageRenderer(
  config: Config,
  assets: ClientAssets,
  handleApi: (request: Request) => Promise<Response>,
  pageVersion: AnonymousPageVersion = () => null,
) {
  const handler = createStaticHandler(routes);
  let anonymousLanding: RenderedPage | null = null;
  const versionedPages = new Map<string, { version: string; page: RenderedPage }>();

  function inProcessFetch(request: Request): ApiFetch {
    const cookie = request.headers.get("cookie");
    return (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set("cookie", cookie);
      headers.set("origin", config.appOrigin);
      return handleApi(new Request(new URL(path, config.appOrigin), { ...init, headers }));
    };
  }

  async function render(request: Request): Promise<RenderedPage | Response> {
    const requestContext = new RouterContextProvider(new Map([[apiFetchContext, inProcessFetch(request)]]));
    const context = await handler.query(request, { requestContext });
    if (context instanceof Response) return context;

    const router = createStaticRouter(handler.dataRoutes, context);
    const notFound = context.matches.some((match) => match.route.id === NOT_FOUND_ROUTE_ID);
    const stream = await renderToReadableStream(
      <AssetsContext value={{ stylesheets: assets.stylesheets, appStylesheets: assets.appStylesheets }}>
        <StaticRouterProvider router={router} context={context} />
      </AssetsContext>,
      {
        bootstrapModules: [assets.entryScript],
        onError(error) {
          console.error("[ssr]", error);
        },
      },
    );
    await stream.allReady;
    const html = await new Response(stream).text();
    return {
      status: notFound ? 404 : context.statusCode,
      html,
      gzipped: null,
      csp: contentSecurityPolicy(config, inlineScriptHashes(html)),
    };
  }

  function respond(page: RenderedPage, request: Request, url: URL, cacheControl: string): Response {
    const gzip = acceptsGzip(request);
    const headers: Record<string, string> = {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": page.csp,
      "cache-control": cacheControl,
      vary: "accept-encoding, cookie",
    };
    if (url.pathname === "/reset-password") headers["referrer-policy"] = "no-referrer";
    if (!gzip) return new Response(page.html, { status: page.status, headers });
    headers["content-encoding"] = "gzip";
    page.gzipped ??= Bun.gzipSync(page.html);
    return new Response(page.gzipped, { status: page.status, headers });
  }

  async function renderAndKeep(request: Request, url: URL, cacheable: boolean, version: string | null): Promise<Response> {
    const page = await render(request);
    if (page instanceof Response) return page;
    if (cacheable && page.status === 200) anonymousLanding = page;
    if (version !== null && page.status === 200) {
      versionedPages.delete(url.pathname);
      versionedPages.set(url.pathname, { version, page });
      if (versionedPages.size > MAX_VERSIONED_PAGES) versionedPages.delete(versionedPages.keys().next().value!);
    }
    return respond(page, request, url, cacheable || version !== null ? "no-cache" : "private, no-store");
  }

  // Not async: a kept page answers without a promise, as a static file does.
  return function renderPage(request: Request): Response | Promise<Response> {
    const url = new URL(request.url);
    const anonymous = !hasSessionCookie(request);
    const cacheable = url.pathname === "/" && url.search === "" && anonymous;
    if (cacheable && anonymousLanding) return respond(anonymousLanding, request, url, "no-cache");
    const version = anonymous ? pageVersion(url) : null;
    if (version !== null) {
      const kept = versionedPages.get(url.pathname);
      if (kept?.version === version) return respond(kept.page, request, url, "no-cache");
    }
    return renderAndKeep(request, url, cacheable, version);
  };
}
