import { readdirSync } from "node:fs";
import { extname, join, relative } from "node:path";

type Bytes = Uint8Array<ArrayBuffer>;

/** A file the server answers from memory, with its gzip form made once at start-up. */
export interface StaticFile {
  body: Bytes;
  gzipped: Bytes | null;
  contentType: string;
  cacheControl: string;
  etag: string;
}

export interface ClientAssets {
  entryScript: string;
  /** Pico and the site-wide CSS, on every page. */
  stylesheets: string[];
  /** The signed-in pages' CSS (dashboard, admin, forms), not loaded by the landing page. */
  appStylesheets: string[];
  /** URL path → file: hashed client bundle under /assets/, public/ files at the root. */
  files: ReadonlyMap<string, StaticFile>;
}

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".txt", ".json", ".webmanifest"]);
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";

export const CLIENT_ENTRY = new URL("../../client/entry.tsx", import.meta.url).pathname;
export const APP_STYLES_ENTRY = new URL("../../client/styles/app-pages.css", import.meta.url).pathname;
export const PUBLIC_DIR = new URL("../../../public", import.meta.url).pathname;

export const CLIENT_BUILD_OPTIONS = {
  entrypoints: [CLIENT_ENTRY, APP_STYLES_ENTRY],
  target: "browser",
  format: "esm",
  splitting: true,
  minify: true,
  naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
} satisfies Bun.BuildConfig;

function staticFile(name: string, body: Bytes, cacheControl: string): StaticFile {
  const extension = extname(name);
  return {
    body,
    gzipped: COMPRESSIBLE.has(extension) ? Bun.gzipSync(body) : null,
    contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
    cacheControl,
    etag: `"${Bun.hash(body).toString(36)}"`,
  };
}

/**
 * The client as files: Bun's bundle (minified, content-hashed names) plus Pico's stylesheet, served as the
 * file its authors ship (Bun's CSS bundler would add fallback copies of its selectors, about 2 KB gzip
 * more, and they can override the originals).
 */
export async function bundleClient(): Promise<[name: string, body: Bytes][]> {
  const result = await Bun.build(CLIENT_BUILD_OPTIONS);
  if (!result.success) throw new AggregateError(result.logs, "The client bundle failed to build");
  const files = await Promise.all(
    result.outputs.map(async (output) => [output.path.replace(/^\.\//, ""), new Uint8Array(await output.arrayBuffer())] as [string, Bytes]),
  );
  const pico = await Bun.file(Bun.fileURLToPath(import.meta.resolve("@picocss/pico/css/pico.min.css"))).bytes();
  return [[`pico-${Bun.hash(pico).toString(36).slice(0, 8)}.css`, pico], ...files];
}

function assemble(client: [name: string, body: Bytes][], publicFiles: [name: string, body: Bytes][]): ClientAssets {
  const files = new Map<string, StaticFile>();
  for (const [name, body] of publicFiles) files.set(`/${name}`, staticFile(name, body, SHORT));
  for (const [name, body] of client) files.set(`/assets/${name}`, staticFile(name, body, IMMUTABLE));
  const entry = client.find(([name]) => /^entry-.*\.js$/.test(name));
  const cssFiles = (prefix: string) => client.filter(([name]) => name.startsWith(prefix) && name.endsWith(".css")).map(([name]) => `/assets/${name}`);
  if (!entry) throw new Error("The client bundle has no entry script");
  return {
    entryScript: `/assets/${entry[0]}`,
    stylesheets: [...cssFiles("pico-"), ...cssFiles("entry-")],
    appStylesheets: cssFiles("app-pages-"),
    files,
  };
}

/** Bundles the client in memory: what `npm start` does at boot. */
export async function buildClientAssets(): Promise<ClientAssets> {
  return assemble(await bundleClient(), await readPublicDir());
}

/** Loads a bundle that was built ahead of time (the single executable embeds these files). */
export async function loadPrebuiltAssets(client: Record<string, string>, publicFiles: Record<string, string>): Promise<ClientAssets> {
  const read = (entries: Record<string, string>) =>
    Promise.all(Object.entries(entries).map(async ([name, path]) => [name, await Bun.file(path).bytes()] as [string, Bytes]));
  return assemble(await read(client), await read(publicFiles));
}

export function listPublicFiles(dir = PUBLIC_DIR): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

async function readPublicDir(): Promise<[string, Bytes][]> {
  return Promise.all(listPublicFiles().map(async (name) => [name, await Bun.file(join(PUBLIC_DIR, name)).bytes()] as [string, Bytes]));
}

/** Answers a static file, gzipped when the browser accepts it. */
export function serveStaticFile(file: StaticFile, request: Request): Response {
  const headers: Record<string, string> = {
    "content-type": file.contentType,
    "cache-control": file.cacheControl,
    etag: file.etag,
    vary: "accept-encoding",
  };
  if (request.headers.get("if-none-match") === file.etag) return new Response(null, { status: 304, headers });
  if (file.gzipped && acceptsGzip(request)) {
    return new Response(file.gzipped, { headers: { ...headers, "content-encoding": "gzip" } });
  }
  return new Response(file.body, { headers });
}

export const acceptsGzip = (request: Request) => /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
