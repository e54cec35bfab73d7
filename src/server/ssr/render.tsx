import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { apiFetchContext, type ApiFetch } from "../../client/api-fetch.ts";
import { AssetsContext } from "../../client/assets-context.tsx";
import { NOT_FOUND_ROUTE_ID, routes } from "../../client/routes.tsx";
import type { Config } from "../config.ts";
import { contentSecurityPolicy } from "../http/security-headers.ts";
import { RateLimiter } from "../http/rate-limit.ts";
import { acceptsGzip, type ClientAssets } from "./assets.ts";
import { log } from "../log.ts";

interface RenderedPage {
  status: number;
  html: string;
  gzipped: Uint8Array<ArrayBuffer> | null;
  csp: string;
  /** A kept page's headers, plain and gzip, made once (a Response copies a Headers faster than a plain object). */
  keptHeaders: { plain: Headers; gzip: Headers } | null;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP names each inline script (react-router's hydration data) by its hash: no 'unsafe-inline', no nonce. */
function inlineScriptHashes(html: string): string[] {
  return Array.from(html.matchAll(INLINE_SCRIPT), (match) => new Bun.CryptoHasher("sha256").update(match[1]!).digest("base64"));
}

/** The version of a page every anonymous visitor sees alike (the landing page, a shared deal's), or null when it must be rendered. */
export type AnonymousPageVersion = (url: URL) => string | null;

/** How many versioned pages are kept; the oldest go first. */
const MAX_VERSIONED_PAGES = 1000;

/** Pages rendered for one address a minute; a kept page costs no render and is not counted. */
export const PAGE_RENDERS_PER_MINUTE = 60;

export interface PageRenderer {
  /** The copy kept for every anonymous visitor alike (a page `pageVersion` names, at its current version), if any. */
  keptPage(request: Request): Response | undefined;
  /**
   * Renders the page with react-router's static handler, and keeps it when every anonymous visitor sees it alike.
   * Counted per client address before the work (429 past PAGE_RENDERS_PER_MINUTE).
   */
  renderPage(request: Request, clientAddress: string): Promise<Response>;
}

export interface PageRendererOptions {
  config: Config;
  assets: ClientAssets;
  /** Answers an API request a loader makes while `page` renders; the request shares the page's session. */
  handleApi: (request: Request, page: Request) => Promise<Response>;
  /** True when the request carries a live session, read as the auth plugin reads it: then nothing kept is served. */
  isSignedIn: (request: Request) => boolean;
  now: () => Date;
  pageVersion?: AnonymousPageVersion;
}

/**
 * Renders every page route with react-router's static handler. Loaders reach the API in-process with the
 * visitor's cookie. A page `pageVersion` names (the landing page, the recent deals, a shared deal's) is kept for
 * anonymous visitors per version: a new version, or none, renders again. Such a page reads no query string, so a
 * query string (`/?v=1`, a campaign's tags) is answered from the kept page too.
 */
export function createPageRenderer({ config, assets, handleApi, isSignedIn, now, pageVersion = () => null }: PageRendererOptions): PageRenderer {
  const handler = createStaticHandler(routes);
  const versionedPages = new Map<string, { version: string; page: RenderedPage }>();

  /** The API as one page render reaches it: with the visitor's cookie, and each GET asked once however many loaders ask. */
  function inProcessFetch(page: Request): ApiFetch {
    const cookie = page.headers.get("cookie");
    const reads = new Map<string, Promise<Response>>();
    return (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set("cookie", cookie);
      headers.set("origin", config.appOrigin);
      const ask = () => handleApi(new Request(new URL(path, config.appOrigin), { ...init, headers }), page);
      if ((init.method ?? "GET").toUpperCase() !== "GET") return ask();
      const read = reads.get(path) ?? ask();
      reads.set(path, read);
      return read.then((response) => response.clone());
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
          log.error("[ssr] render failed", { path: new URL(request.url).pathname, error });
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
      keptHeaders: null,
    };
  }

  function headersOf(page: RenderedPage, url: URL, cacheControl: string, gzip: boolean): Headers {
    const headers = new Headers({
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": page.csp,
      "cache-control": cacheControl,
      vary: "accept-encoding, cookie",
    });
    if (url.pathname === "/reset-password") headers.set("referrer-policy", "no-referrer");
    if (gzip) headers.set("content-encoding", "gzip");
    return headers;
  }

  function respond(page: RenderedPage, request: Request, url: URL, cacheControl: string): Response {
    const gzip = acceptsGzip(request);
    if (gzip) page.gzipped ??= Bun.gzipSync(page.html);
    return new Response(gzip ? page.gzipped : page.html, { status: page.status, headers: headersOf(page, url, cacheControl, gzip) });
  }

  /** A page kept for every anonymous visitor alike. */
  function respondKept(page: RenderedPage, request: Request, url: URL): Response {
    const gzip = acceptsGzip(request);
    page.gzipped ??= Bun.gzipSync(page.html);
    page.keptHeaders ??= { plain: headersOf(page, url, "no-cache", false), gzip: headersOf(page, url, "no-cache", true) };
    return gzip
      ? new Response(page.gzipped, { status: page.status, headers: page.keptHeaders.gzip })
      : new Response(page.html, { status: page.status, headers: page.keptHeaders.plain });
  }

  /**
   * The version of a page every anonymous visitor sees alike (any query string ignored), or null. The session is
   * looked up only for those paths: every other GET (a script, a stylesheet) passes by at once.
   */
  function keptVersion(request: Request, url: URL): string | null {
    const version = pageVersion(url);
    return version === null || isSignedIn(request) ? null : version;
  }

  function keptPage(request: Request): Response | undefined {
    const url = new URL(request.url);
    const version = keptVersion(request, url);
    if (version === null) return undefined;
    const kept = versionedPages.get(url.pathname);
    return kept?.version === version ? respondKept(kept.page, request, url) : undefined;
  }

  const renders = new RateLimiter(PAGE_RENDERS_PER_MINUTE, 60_000);

  async function renderPage(request: Request, clientAddress: string): Promise<Response> {
    renders.attempt(`page:${clientAddress}`, now(), "Too many pages requested. Please wait a minute and try again.");
    const url = new URL(request.url);
    const version = keptVersion(request, url);
    // A page kept for every visitor is the page of its path alone: rendered without the query string it was asked with.
    const page = await render(version !== null && url.search ? new Request(`${url.origin}${url.pathname}`, { headers: request.headers }) : request);
    if (page instanceof Response) return page;
    if (version !== null && page.status === 200) {
      versionedPages.delete(url.pathname);
      versionedPages.set(url.pathname, { version, page });
      if (versionedPages.size > MAX_VERSIONED_PAGES) versionedPages.delete(versionedPages.keys().next().value!);
    }
    return respond(page, request, url, version !== null ? "no-cache" : "private, no-store");
  }

  return { keptPage, renderPage };
}
