/**
 * Gzip bytes of what the landing page loads (issue 2 goal: JS ≤ 100 kB, CSS ≤ 15 kB): the entry script
 * plus every chunk it imports statically, followed recursively through the built files, and the stylesheets
 * the page links. Sizes are those of the gzip bodies the server sends. The floor is a minimal entry —
 * createBrowserRouter + RouterProvider + hydrateRoot, nothing else — bundled with the same options.
 * Alone: `bun tests/bench/client-size.bench.ts`.
 */
import { join } from "node:path";
import { buildClientAssets, CLIENT_BUILD_OPTIONS, type ClientAssets } from "../../src/server/ssr/assets.ts";
import { formatCount } from "./support.ts";

export interface ClientSizeResult {
  jsGzipBytes: number;
  /** URL paths of the scripts counted: the entry first, then its static imports. */
  scripts: string[];
  cssGzipBytes: number;
  stylesheets: string[];
  /** The same measure for the minimal router + hydration entry. */
  floorJsGzipBytes: number;
}

export const CLIENT_SIZE_GOALS = { jsBytes: 100_000, cssBytes: 15_000 };

/** `import … from "./chunk-…"`, `export … from "./chunk-…"` and bare `import "./chunk-…"`; not `import("…")`. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;

function staticImports(source: string): string[] {
  return Array.from(source.matchAll(STATIC_IMPORT), (match) => match[1]!);
}

/** The entry and everything it imports statically, as URL paths, each once. */
function scriptsLoadedBy(entryScript: string, readScript: (path: string) => string): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const folder = path.slice(0, path.lastIndexOf("/") + 1);
    for (const name of staticImports(readScript(path))) visit(folder + name);
  };
  visit(entryScript);
  return [...seen];
}

function gzipBytesOf(assets: ClientAssets, paths: string[]): number {
  return paths.reduce((total, path) => {
    const file = assets.files.get(path);
    if (!file?.gzipped) throw new Error(`${path} is not served gzipped`);
    return total + file.gzipped.byteLength;
  }, 0);
}

const FLOOR_ENTRY = `
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
const router = createBrowserRouter([{ path: "/", Component: () => null }]);
hydrateRoot(document, <RouterProvider router={router} />);
`;

/** The minimal entry, bundled like the client (an in-memory file beside the real entry, so it resolves the same packages). */
async function floorGzipBytes(): Promise<number> {
  const entry = join(import.meta.dir, "../../src/client/bench-floor-entry.tsx");
  const result = await Bun.build({ ...CLIENT_BUILD_OPTIONS, entrypoints: [entry], files: { [entry]: FLOOR_ENTRY } });
  if (!result.success) throw new AggregateError(result.logs, "The floor bundle failed to build");
  const scripts = result.outputs.filter((output) => output.path.endsWith(".js"));
  const sizes = await Promise.all(scripts.map(async (output) => Bun.gzipSync(new Uint8Array(await output.arrayBuffer())).byteLength));
  return sizes.reduce((a, b) => a + b, 0);
}

export async function benchClientSize(): Promise<ClientSizeResult> {
  const assets = await buildClientAssets();
  const decoder = new TextDecoder();
  const readScript = (path: string) => {
    const file = assets.files.get(path);
    if (!file) throw new Error(`${path} is imported but not in the bundle`);
    return decoder.decode(file.body);
  };
  const scripts = scriptsLoadedBy(assets.entryScript, readScript);
  return {
    jsGzipBytes: gzipBytesOf(assets, scripts),
    scripts,
    cssGzipBytes: gzipBytesOf(assets, assets.stylesheets),
    stylesheets: assets.stylesheets,
    floorJsGzipBytes: await floorGzipBytes(),
  };
}

export const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

if (import.meta.main) {
  const result = await benchClientSize();
  const verdict = (bytes: number, goal: number) => (bytes <= goal ? "meets goal" : "MISSES goal");
  console.log(
    `Landing JS, gzip: ${kilobytes(result.jsGzipBytes)} (${formatCount(result.jsGzipBytes)} B) in ${result.scripts.join(", ")}; goal ≤ ${kilobytes(CLIENT_SIZE_GOALS.jsBytes)}: ${verdict(result.jsGzipBytes, CLIENT_SIZE_GOALS.jsBytes)}`,
  );
  console.log(
    `Landing CSS, gzip: ${kilobytes(result.cssGzipBytes)} (${formatCount(result.cssGzipBytes)} B) in ${result.stylesheets.join(", ")}; goal ≤ ${kilobytes(CLIENT_SIZE_GOALS.cssBytes)}: ${verdict(result.cssGzipBytes, CLIENT_SIZE_GOALS.cssBytes)}`,
  );
  console.log(`Floor (react-dom + react-router data router + hydrateRoot, nothing else): ${kilobytes(result.floorJsGzipBytes)} JS gzip`);
}
