import { describe, expect, test } from "bun:test";
import { idFromPath } from "../../src/server/http/path-id.ts";

describe("a row id from a URL path", () => {
  test("a positive safe integer is the id", () => {
    expect(idFromPath("1", "Not found")).toBe(1);
    expect(idFromPath("9007199254740991", "Not found")).toBe(Number.MAX_SAFE_INTEGER);
  });

  test.each(["0", "01", "-1", "1.5", "1e3", "abc", "", " 1", "9007199254740992", "9999999999999999", "99999999999999999"])(
    "%p answers 404 with the route's own words, as an unknown id would",
    (raw) => {
      expect(() => idFromPath(raw, "Travel window not found")).toThrow("Travel window not found");
    },
  );
});
