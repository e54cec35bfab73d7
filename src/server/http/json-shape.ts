/** The most nesting and the most values a request body may have; ours need depth 3 and a few hundred values. */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_VALUES = 10_000;

export type JsonShapeProblem = "too-deep" | "too-many-values" | null;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
const COMMA = 44;

/**
 * One pass over the raw text, before anything parses it: refuses nesting deeper than `maxDepth` and more than
 * `maxValues` containers and list items. It looks only at brackets and commas outside strings (skipping
 * escaped quotes), so its cost is one step per character whatever the text is; malformed JSON is left for
 * `JSON.parse` to refuse.
 */
export function checkJsonShape(text: string, maxDepth = MAX_JSON_DEPTH, maxValues = MAX_JSON_VALUES): JsonShapeProblem {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
      continue;
    }
    if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth > maxDepth) return "too-deep";
      if (++values > maxValues) return "too-many-values";
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
    else if (char === COMMA && ++values > maxValues) return "too-many-values";
  }
  return null;
}
