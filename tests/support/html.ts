/**
 * Reading a server-rendered page in the server-render tier (tests/ssr): its status, title, meta tags, visible text,
 * and the elements a CSS selector matches (with their attributes and text), parsed by Bun's HTMLRewriter.
 */
import { mintSession, type World } from "./world/world.ts";
import type { TestApp } from "./test-app.ts";

export interface HtmlElement {
  tag: string;
  attributes: Record<string, string>;
  /** The element's text, tags removed, entities decoded, white space collapsed. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: "\u00a0" };
const decode = (text: string) =>
  text.replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (whole, name: string) => {
    if (ENTITIES[name] !== undefined) return ENTITIES[name]!;
    if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return whole;
  });
const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
/** Elements that flow inside a line; any other element's edges separate words, as a browser lays them out. */
const INLINE = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "cite",
  "code",
  "data",
  "em",
  "i",
  "kbd",
  "mark",
  "q",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
]);

/** Every element the selector matches, in document order. */
export async function select(html: string, selector: string): Promise<HtmlElement[]> {
  const found: HtmlElement[] = [];
  const open: { element: HtmlElement; raw: string }[] = [];
  let matched: HtmlElement | null = null;
  let hiddenDepth = 0;
  // One handler sees every element (an element keeps one end-tag callback); the selector's handler, registered
  // first, runs before it on the same element and marks it as one to collect.
  const rewriter = new HTMLRewriter()
    .on(selector, {
      element(element) {
        matched = { tag: element.tagName, attributes: Object.fromEntries(element.attributes), text: "" };
        found.push(matched);
      },
    })
    .on("*", {
      element(element) {
        const entry = matched ? { element: matched, raw: "" } : null;
        matched = null;
        const hidden = ["script", "style", "template"].includes(element.tagName);
        const separates = !INLINE.has(element.tagName);
        if (separates) for (const each of open) each.raw += " ";
        if (!element.canHaveContent || element.selfClosing) return;
        if (entry) open.push(entry);
        if (hidden) hiddenDepth++;
        element.onEndTag(() => {
          if (hidden) hiddenDepth--;
          if (separates) for (const each of open) each.raw += " ";
          if (entry) {
            open.splice(open.indexOf(entry), 1);
            entry.element.text = collapse(decode(entry.raw));
          }
        });
      },
      text(chunk) {
        if (hiddenDepth === 0) for (const entry of open) entry.raw += chunk.text;
      },
    });
  await rewriter.transform(new Response(html)).text();
  return found;
}

export interface RenderedPage {
  status: number;
  headers: Headers;
  html: string;
  /** The body's visible text, white space collapsed. */
  text: string;
  title: string;
  /** A meta tag's content by its name or property ('description', 'og:title'), or null. */
  meta(name: string): Promise<string | null>;
  select(selector: string): Promise<HtmlElement[]>;
}

/** GETs a page from the in-process app, as a browser would before any script runs. */
export async function renderPage(t: TestApp, path: string, options: { cookie?: string; headers?: Record<string, string> } = {}): Promise<RenderedPage> {
  const response = await t.request("GET", path, { cookie: options.cookie, headers: { accept: "text/html", ...options.headers } });
  const html = await response.text();
  const [body] = await select(html, "body");
  const [title] = await select(html, "title");
  return {
    status: response.status,
    headers: response.headers,
    html,
    text: body?.text ?? "",
    title: title?.text ?? "",
    async meta(name) {
      const tags = await select(html, `meta[name="${name}"], meta[property="${name}"]`);
      return tags[0]?.attributes.content ?? null;
    },
    select: (selector) => select(html, selector),
  };
}

/** The Cookie header of a signed-in member (a session minted as a sign-in opens one). */
export function sessionCookie(world: World, userId: number): string {
  const { name, value } = mintSession(world, userId);
  return `${name}=${value}`;
}
