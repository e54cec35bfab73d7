/**
 * The server's one way to write a log line (docs/hardening.md): one line per event, the message and then `key=value`
 * fields. Everything a line carries is escaped, so text a client sent (an id, a subject, an address) can never break
 * it in two and forge a line of its own: control characters and Unicode line breaks become `\n`-style escapes, and a
 * value with a space, a quote or an escape is written as a JSON string. Biome's noConsole rule keeps console.* out of
 * the rest of src/server (biome.json).
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators: anything a log reader may split a line at. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const SHORT_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const escapeControls = (text: string) => text.replace(CONTROL, (char) => SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** A value as it appears after `key=`: bare when it is one plain word, else a JSON string, escaped to one line. */
function valueText(value: unknown): string {
  if (value instanceof Error) return valueText(`${value.name}: ${value.message}`);
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean") return String(value);
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  if (text !== "" && !/[\s"'=\\]/.test(text) && !text.match(CONTROL)) return text;
  return escapeControls(JSON.stringify(text));
}

/**
 * The line for one event. An Error among an error line's fields brings its stack (as a JSON string, on the same line):
 * what an operator needs to find an unexpected failure.
 */
export function formatLogLine(level: LogLevel, message: string, fields: LogFields = {}): string {
  const parts = [escapeControls(message)];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(`${escapeControls(key).replace(/[\s=]/g, "_")}=${valueText(value)}`);
    if (level === "error" && value instanceof Error && value.stack) parts.push(`stack=${escapeControls(JSON.stringify(value.stack))}`);
  }
  return parts.join(" ");
}

export type LogSink = (level: LogLevel, line: string) => void;

const consoleSink: LogSink = (level, line) => {
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
};

let sink: LogSink = consoleSink;

/** Sends log lines elsewhere (tests read them); returns what puts the console back. */
export function setLogSink(next: LogSink): () => void {
  sink = next;
  return () => {
    sink = consoleSink;
  };
}

export const log = {
  info: (message: string, fields?: LogFields) => sink("info", formatLogLine("info", message, fields)),
  warn: (message: string, fields?: LogFields) => sink("warn", formatLogLine("warn", message, fields)),
  error: (message: string, fields?: LogFields) => sink("error", formatLogLine("error", message, fields)),
};

/** A plain line-writer (the scan's and the jobs' `log` option) that goes through the helper. */
export const logLine = (line: string) => log.info(line);
