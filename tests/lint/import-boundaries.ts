/**
 * The import boundaries: what each part of the code MAY import, as allow-lists. A part is a folder (`src/domain`,
 * `src/server/fares`, …) or one of `src/server`'s own files. Anything not listed is refused, so a new folder, a new
 * package or a new arrow between folders is a change to this table, made in review. Run by `npm run lint`:
 *   bun tests/lint/import-boundaries.ts
 */
import { Glob } from "bun";
import { dirname, relative, resolve } from "node:path";

interface Allowed {
  /** Parts this part may import (its own files always). */
  parts: string[];
  /** Packages by name; `node:*` allows every Node built-in. */
  packages: string[];
}

const SERVER_BASICS = ["src/server/clock.ts", "src/server/config.ts", "src/server/log.ts"];
/** A feature folder with routes: the rules, the database, the HTTP plumbing and the wired dependencies. */
function feature(parts: string[], packages: string[] = []): Allowed {
  return { parts: ["src/domain", "db", "src/server/http", "src/server/deps.ts", ...parts], packages: ["elysia", "drizzle-orm", ...packages] };
}

/** The composition root may import anything: it is where the parts are wired together (the scan thread is wired like main.ts). */
const COMPOSITION_ROOT = ["src/server/app.ts", "src/server/main.ts", "src/server/jobs.ts", "src/server/scan.worker.ts"];

export const MAY_IMPORT: Record<string, Allowed> = {
  "src/domain": { parts: [], packages: ["@date-fns/tz", "@oslojs/encoding", "@sinclair/typebox", "date-fns", "date-holidays", "ipaddr.js"] },
  "src/client": {
    parts: ["src/domain"],
    packages: ["@stripe/react-stripe-js", "@stripe/stripe-js", "date-fns", "jotai", "react", "react-dom", "react-router"],
  },
  db: { parts: ["src/domain"], packages: ["bun:sqlite", "drizzle-kit", "drizzle-orm", "node:*"] },

  "src/server/clock.ts": { parts: [], packages: ["node:*"] },
  "src/server/log.ts": { parts: [], packages: ["node:*"] },
  "src/server/job-thread.ts": { parts: ["src/domain", "src/server/log.ts"], packages: ["node:*"] },
  "src/server/config.ts": { parts: ["src/domain"], packages: ["node:*"] },
  "src/server/deps.ts": { parts: ["db", "src/server/billing", "src/server/fares", "src/server/mail", "src/server/ssr", ...SERVER_BASICS], packages: [] },
  "src/server/audit-log.ts": { parts: ["db", "src/domain", "src/server/auth"], packages: ["drizzle-orm"] },
  "src/server/health.routes.ts": feature(["src/server/log.ts"]),
  "src/server/public-config.routes.ts": feature([]),

  "src/server/http": { parts: ["src/server/config.ts", "src/server/log.ts"], packages: ["bun", "elysia"] },
  "src/server/fares": { parts: ["db", "src/domain", ...SERVER_BASICS], packages: ["croner", "drizzle-orm"] },
  "src/server/mail": { parts: ["db", "src/domain", ...SERVER_BASICS], packages: ["drizzle-orm", "nodemailer", "web-push", "node:*"] },
  "src/server/auth": feature(["src/server/mail", ...SERVER_BASICS], ["@oslojs/encoding", "node:*"]),
  "src/server/account": feature(["src/server/auth"]),
  "src/server/contact": feature(["src/server/mail"]),
  "src/server/deals": feature(["src/server/auth", "src/server/fares"]),
  "src/server/alerts": feature(["src/server/auth", "src/server/deals", "src/server/mail", "src/server/clock.ts"], ["node:*"]),
  "src/server/trips": feature(
    ["src/server/auth", "src/server/deals", "src/server/mail", "src/server/log.ts", "src/server/job-thread.ts"],
    ["@fontsource/inter", "@resvg/resvg-wasm", "ics", "satori"],
  ),
  "src/server/billing": feature(["src/server/auth", "src/server/mail", "src/server/audit-log.ts", ...SERVER_BASICS], ["date-fns", "stripe"]),
  "src/server/admin": feature(["src/server/account", "src/server/auth", "src/server/billing", "src/server/fares", "src/server/audit-log.ts"]),
  "src/server/ssr": {
    parts: ["src/client", "src/server/http", "src/server/config.ts", "src/server/log.ts"],
    packages: ["react-dom", "react-router", "node:*"],
  },
  "src/server/cli": {
    parts: ["db", "src/domain", "src/server/auth", "src/server/fares", "src/server/ssr", "src/server/job-thread.ts", ...SERVER_BASICS],
    packages: ["node:*"],
  },
};

/** The part a file belongs to: its folder under src/server, src/client, src/domain or db, or src/server's own file. */
export function partOf(path: string): string | undefined {
  const server = path.match(/^src\/server\/([^/]+)(\/)?/);
  if (server) return server[2] ? `src/server/${server[1]}` : path;
  return ["src/domain", "src/client", "db"].find((part) => path === part || path.startsWith(`${part}/`));
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`; `node:fs` → `node:*`. */
function packageOf(specifier: string): string {
  if (specifier.startsWith("node:")) return "node:*";
  const segments = specifier.split("/");
  return specifier.startsWith("@") ? segments.slice(0, 2).join("/") : segments[0]!;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|(?:^|[\s;])import\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every import of one file that its part's allow-list does not name, as readable lines. */
export function forbiddenImports(path: string, source: string): string[] {
  const part = partOf(path);
  if (!part || COMPOSITION_ROOT.includes(part)) return [];
  const allowed = MAY_IMPORT[part];
  if (!allowed) return [`${path}: ${part} has no entry in tests/lint/import-boundaries.ts; say what it may import`];
  const problems: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = (match[1] ?? match[2] ?? match[3])!;
    if (specifier.startsWith(".")) {
      const target = relative(process.cwd(), resolve(dirname(path), specifier));
      const targetPart = partOf(target);
      if (targetPart === part || (targetPart && allowed.parts.includes(targetPart))) continue;
      problems.push(`${path}: ${part} may not import ${targetPart ?? target} ("${specifier}")`);
    } else {
      const name = packageOf(specifier);
      if (allowed.packages.includes(name)) continue;
      problems.push(`${path}: ${part} may not import the package ${name} ("${specifier}")`);
    }
  }
  return problems;
}

if (import.meta.main) {
  const problems: string[] = [];
  for (const path of new Glob("{src,db}/**/*.{ts,tsx}").scanSync()) problems.push(...forbiddenImports(path, await Bun.file(path).text()));
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log("import boundaries: every import is allowed");
}
