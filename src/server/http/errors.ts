import { Elysia, type ValidationError } from "elysia";
import { log } from "../log.ts";

/** A failure a client can act on: its message is shown to the user as is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Please log in to continue") => new HttpError(401, message);
export const forbidden = (message = "You do not have permission to do that") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const serviceUnavailable = (message: string) => new HttpError(503, message);

const jsonError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: message }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
}

/** The schema of `segment` under `node` (a declared property, or an array's item), or null when it declares none. */
function childSchema(node: SchemaNode, segment: string): SchemaNode | null {
  if (node.properties && Object.hasOwn(node.properties, segment)) return node.properties[segment]!;
  if (node.items && /^\d{1,6}$/.test(segment)) return node.items;
  for (const branch of node.anyOf ?? []) {
    const child = childSchema(branch, segment);
    if (child) return child;
  }
  return null;
}

/**
 * Names the offending field as the schema declares it, never as the client spelled it: a key the schema does not
 * declare is the client's own text (of any length), so the path stops before it. Nor is the value echoed.
 */
function validationMessage(error: Readonly<ValidationError>): string {
  const first = error.valueError;
  const segments = first && "path" in first ? String(first.path).split("/").slice(1) : [];
  const declared: string[] = [];
  let node = (error.validator as { schema?: SchemaNode } | undefined)?.schema ?? null;
  for (const segment of segments) {
    node = node && childSchema(node, segment);
    if (!node) break;
    declared.push(segment);
  }
  if (declared.length > 0) return `Invalid request: check the field '${declared.join(".")}'`;
  return segments.length > 0 ? "Invalid request: unexpected field" : "Invalid request";
}

/**
 * A stack overflow comes from input shaped to recurse (the body parser refuses deep JSON, so this is a last
 * line): it is the request's fault, answered like other refused input, never as a crash.
 */
function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === "SQLITE_FULL" || (error instanceof Error && /database or disk is full/i.test(error.message));
}

/** Maps every failure to a short JSON answer; nothing a client sent and no stack trace leaves the server. */
export const errorHandling = new Elysia({ name: "errors" }).onError({ as: "global" }, ({ code, error, request }) => {
  // Elysia wraps what a parse hook throws in a ParseError; the HttpError inside is the real answer.
  const httpError = error instanceof HttpError ? error : (error as { cause?: unknown }).cause;
  if (httpError instanceof HttpError) return jsonError(httpError.status, httpError.message, httpError.headers);
  switch (code) {
    case "VALIDATION":
      return jsonError(400, validationMessage(error));
    case "PARSE":
      return jsonError(400, "Malformed request body: send valid JSON");
    case "NOT_FOUND":
      return jsonError(404, "Not found");
    case "INVALID_COOKIE_SIGNATURE":
      return jsonError(400, "Invalid cookie");
  }
  if (isDiskFull(error)) return jsonError(503, "We can't save changes right now. Please try again later.");
  if (isStackOverflow(error) || isStackOverflow((error as { cause?: unknown }).cause)) {
    log.error("[error] stack overflow, answered 400", { method: request.method, path: new URL(request.url).pathname });
    return jsonError(400, "This request is too complex to process.");
  }
  log.error("[error] request failed, answered 500", { method: request.method, path: new URL(request.url).pathname, error });
  return jsonError(500, "Something went wrong on our side. Please try again.");
});
