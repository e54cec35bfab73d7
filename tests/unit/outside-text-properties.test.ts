import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { parsePrice } from "../../src/domain/deals.ts";
import { parseTravelDates } from "../../src/domain/travel-dates.ts";
import { isValidEmail } from "../../src/domain/validation.ts";
import { checkJsonShape } from "../../src/server/http/json-shape.ts";

/**
 * Property tests for the pure parsers that read text from outside (providers, request bodies, forms): no input
 * makes them throw, their answer keeps its shape, and inputs built to make a parser backtrack or recurse still
 * finish (completion is asserted, never a time).
 */

const NOW = new Date("2026-11-22T15:00:00Z");
const DAY_MS = 24 * 60 * 60_000;
const anyText = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "binary", maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 100 }));

/** Text shaped like the accepted travel-date forms, mangled: what a provider might send. */
const travelDateLike = fc
  .tuple(
    fc.constantFrom("", "Mon, ", "Tuesday ", "Xyz. "),
    fc.constantFrom("Jan", "feb", "MARCH", "Sept.", "Foo", ""),
    fc.integer({ min: -5, max: 40 }),
    fc.constantFrom(" - ", "-", " – ", "—", " to ", ""),
    fc.constantFrom("", "Fri, ", "Dec "),
    fc.integer({ min: -5, max: 40 }),
    fc.constantFrom("", ", 2026", " 2027", ", 99999", ",2024"),
  )
  .map(([weekday, month, day, dash, weekday2, day2, year]) => `${weekday}${month} ${day}${dash}${weekday2}${day2}${year}`);

/** Long repetitions of the pieces the travel-date and email patterns are built from. */
const PATHOLOGICAL = [
  "a ".repeat(50_000),
  `${"Mon, ".repeat(20_000)}Jan 1`,
  "Jan 1 - ".repeat(20_000),
  `${"1".repeat(100_000)}x`,
  "1,".repeat(100_000),
  `${"9".repeat(50_000)}.${"9".repeat(50_000)}`,
  `${"a".repeat(100_000)}@`,
  `a@${"b.".repeat(126)}`,
  `a@${"b".repeat(250)}.`,
  "\t".repeat(100_000),
];

describe("travel dates (parseTravelDates)", () => {
  test("any text: no throw; unparsed text gives today and today + 7; parsed gives a real start and an end not before it", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, travelDateLike), (text) => {
        const dates = parseTravelDates(text, NOW);
        expect(Number.isNaN(dates.start.getTime())).toBe(false);
        if (!dates.parsed) {
          expect(dates.end!.getTime() - dates.start.getTime()).toBeGreaterThanOrEqual(7 * DAY_MS - 2 * 60 * 60_000);
        } else if (dates.end !== null) {
          expect(dates.end.getTime()).toBeGreaterThanOrEqual(dates.start.getTime());
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("pathological text completes and is not parsed", () => {
    for (const text of PATHOLOGICAL) expect(parseTravelDates(text, NOW).parsed).toBe(false);
  });
});

describe("price strings (parsePrice)", () => {
  test("any text: no throw; the answer is null or a finite, non-negative number whose digits are in the text", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.double(), fc.constantFrom(null, undefined)), (value) => {
        const price = parsePrice(value as string | number | null | undefined);
        if (price === null) return;
        expect(Number.isFinite(price)).toBe(true);
        if (typeof value === "string") {
          expect(price).toBeGreaterThanOrEqual(0);
          expect(value).toMatch(/\d/);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("a formatted amount reads back as itself", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom("$", "USD ", "", "from $"), (amount, prefix) => {
        expect(parsePrice(`${prefix}${amount.toLocaleString("en-US")}`)).toBe(amount);
      }),
    );
  });

  test("pathological text completes", () => {
    for (const text of PATHOLOGICAL) expect(parsePrice(text) === null || Number.isFinite(parsePrice(text)!)).toBe(true);
  });
});

describe("email addresses (isValidEmail)", () => {
  test("any text: no throw; an accepted address has one @, a dotted domain, no spaces, at most 254 characters", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.emailAddress()), (text) => {
        const valid = isValidEmail(text);
        expect(typeof valid).toBe("boolean");
        if (!valid) return;
        const address = text.trim();
        expect(text.length).toBeLessThanOrEqual(254);
        expect(address.split("@")).toHaveLength(2);
        expect(address.split("@")[1]).toContain(".");
        expect(address).not.toMatch(/\s/);
      }),
      { numRuns: 3000 },
    );
  });

  test("plain addresses are accepted", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9._+-]{1,30}$/),
        fc.stringMatching(/^[a-z0-9-]{1,30}$/),
        fc.constantFrom("com", "org", "co.uk", "travel"),
        (local, host, tld) => {
          expect(isValidEmail(`${local}@${host}.${tld}`)).toBe(true);
        },
      ),
    );
  });

  test("pathological text completes; what has spaces, no dotted domain or over 254 characters is refused", () => {
    for (const text of PATHOLOGICAL) expect(typeof isValidEmail(text)).toBe("boolean");
    for (const text of [PATHOLOGICAL[0]!, PATHOLOGICAL[6]!, PATHOLOGICAL[8]!, `a@${"b".repeat(300)}.com`]) expect(isValidEmail(text)).toBe(false);
  });
});

/** What the pre-scan should find, counted on the value itself: nesting depth and containers plus list separators. */
function shapeOf(value: unknown, depth = 1): { depth: number; values: number } {
  if (value === null || typeof value !== "object") return { depth: 0, values: 0 };
  const children = Array.isArray(value) ? value : Object.values(value);
  let deepest = depth;
  let values = 1 + Math.max(0, children.length - 1);
  for (const child of children) {
    const inner = shapeOf(child, depth + 1);
    deepest = Math.max(deepest, inner.depth);
    values += inner.values;
  }
  return { depth: deepest, values };
}

describe("the JSON body pre-scan (checkJsonShape)", () => {
  test("on any JSON text it answers exactly what the value's depth and size say, strings with brackets and escapes included", () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 8, stringUnit: "binary" }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 60 }),
        (value, maxDepth, maxValues) => {
          const text = JSON.stringify(value);
          const shape = shapeOf(value);
          const problem = checkJsonShape(text, maxDepth, maxValues);
          if (shape.depth > maxDepth) expect(problem).not.toBeNull();
          else if (shape.values > maxValues) expect(problem).toBe("too-many-values");
          else expect(problem).toBeNull();
        },
      ),
      { numRuns: 3000 },
    );
  });

  test("brackets, commas and escaped quotes inside strings never count", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("[", "{", ",", '"', "\\", "]", "}", "a"), { maxLength: 200 }), (pieces) => {
        const text = JSON.stringify({ s: pieces.join("") });
        expect(checkJsonShape(text, 1, 1)).toBeNull();
      }),
    );
  });

  test("any text: no throw, one of its three answers", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect([null, "too-deep", "too-many-values"]).toContain(checkJsonShape(text));
      }),
      { numRuns: 3000 },
    );
  });

  test("pathological bodies complete: a mebibyte of brackets, escapes or commas", () => {
    const MiB = 1024 * 1024;
    expect(checkJsonShape("[".repeat(MiB))).toBe("too-deep");
    expect(checkJsonShape("[".repeat(32) + "]".repeat(MiB))).toBeNull();
    expect(checkJsonShape(`"${'\\"'.repeat(MiB / 2)}`)).toBeNull();
    expect(checkJsonShape(`[${"0,".repeat(MiB / 2)}0]`)).toBe("too-many-values");
    expect(checkJsonShape("]".repeat(MiB) + "[".repeat(MiB))).not.toBeNull();
  });
});
