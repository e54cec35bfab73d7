import { Elysia } from "elysia";
import { HttpError } from "./errors.ts";
import { checkJsonShape, MAX_JSON_DEPTH, MAX_JSON_VALUES } from "./json-shape.ts";

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => new HttpError(413, "Request body too large (limit 1 MiB)");

const rawBodies = new WeakMap<Request, string>();

/** The exact text of a request's body, as received: what a signature (Stripe's webhook) is computed over. */
export function rawBodyOf(request: Request): string {
  return rawBodies.get(request) ?? "";
}

const SHAPE_MESSAGES = {
  "too-deep": `Request body is nested too deeply (limit ${MAX_JSON_DEPTH} levels)`,
  "too-many-values": `Request body has too many values (limit ${MAX_JSON_VALUES})`,
};

/**
 * JSON only: at most 1 MiB, refused before a byte is parsed; at most 32 levels deep and 10,000 values, refused
 * by a one-pass scan before JSON.parse and before any schema validation sees it.
 */
export const bodyParsing = new Elysia({ name: "body-parsing" })
  .onRequest(({ request }) => {
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > MAX_BODY_BYTES) throw tooLarge();
  })
  .onParse({ as: "global" }, async ({ request, contentType }) => {
    const text = await readLimited(request);
    rawBodies.set(request, text);
    if (text.trim() === "") return undefined;
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType ?? "")) {
      throw new HttpError(415, "Send the request body as JSON (Content-Type: application/json)");
    }
    const problem = checkJsonShape(text);
    if (problem) throw new HttpError(400, SHAPE_MESSAGES[problem]);
    try {
      return JSON.parse(text);
    } catch {
      throw new HttpError(400, "Malformed request body: send valid JSON");
    }
  });

async function readLimited(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
