/** The server's one logging helper: one line per event, whatever text a client sent (src/server/log.ts). */
import { describe, expect, test } from "bun:test";
import { formatLogLine, log, setLogSink } from "../../src/server/log.ts";

/** A C0 or C1 control, DEL, or a Unicode line or paragraph separator. */
const isControl = (char: string) => {
  const code = char.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
};

const FORGERIES = ["pm_1\n[error] admin login from 10.0.0.1", "x\r\n[job] done", "a\u2028b\u2029c", "\u001b[31mred\u001b[0m", "\u0085next", "tab\there"];

describe("log lines", () => {
  test("no value, key or message can break a line: control characters and Unicode line breaks are escaped", () => {
    for (const text of FORGERIES) {
      for (const line of [
        formatLogLine("error", "[billing] failed", { id: text }),
        formatLogLine("info", `[mail] ${text}`),
        formatLogLine("warn", "x", { [text]: 1 }),
      ]) {
        expect([line, [...line].some(isControl)]).toEqual([line, false]);
      }
    }
    expect(formatLogLine("error", "[billing] failed", { id: "pm_1\n[error] forged" })).toBe('[billing] failed id="pm_1\\n[error] forged"');
  });

  test("plain values stay bare, others are JSON strings; errors show name and message, and their stack on error lines only", () => {
    expect(formatLogLine("info", "[scan] done", { routes: 12, source: "serpapi", ok: true, none: null, skipped: undefined })).toBe(
      "[scan] done routes=12 source=serpapi ok=true none=null",
    );
    expect(formatLogLine("info", "[mail] written", { subject: 'Say "hi" = hello', empty: "" })).toBe('[mail] written subject="Say \\"hi\\" = hello" empty=""');
    const error = new TypeError("boom\nsecond line");
    expect(formatLogLine("warn", "[share] not drawn", { error })).toBe('[share] not drawn error="TypeError: boom\\nsecond line"');
    const line = formatLogLine("error", "[error] request failed", { error });
    expect(line).toStartWith('[error] request failed error="TypeError: boom\\nsecond line" stack="TypeError: boom\\nsecond line\\n    at ');
    expect(line.split("\n")).toHaveLength(1);
  });

  test("the helper writes each event as one line at its level", () => {
    const lines: [string, string][] = [];
    const restore = setLogSink((level, line) => lines.push([level, line]));
    try {
      log.info("[a] one", { x: 1 });
      log.warn("[b] two");
      log.error("[c] three", { id: "1\n2" });
    } finally {
      restore();
    }
    expect(lines).toEqual([
      ["info", "[a] one x=1"],
      ["warn", "[b] two"],
      ["error", '[c] three id="1\\n2"'],
    ]);
  });
});
