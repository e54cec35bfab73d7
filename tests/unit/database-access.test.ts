/** The rule for reaching the database (decision 136), as far as a reader of the source can check it. */
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { readFileSync } from "node:fs";

const sources = [...new Glob("src/**/*.{ts,tsx}").scanSync(".")].sort();

describe("reaching the database", () => {
  test("a deals row as raw SQL returns it is typed in deal-row.ts alone: other files pick its columns", () => {
    // destination_city and percent_below_typical are columns of deals alone; declaring either as a field types deals columns again.
    const retyped = sources.filter(
      (file) =>
        file !== "src/server/deals/deal-row.ts" && /^\s+(destination_city|percent_below_typical|typical_median)\??:\s/m.test(readFileSync(file, "utf8")),
    );
    expect(retyped).toEqual([]);
  });

  test("only the server and db/ reach SQLite directly", () => {
    const outside = sources.filter((file) => !file.startsWith("src/server/") && readFileSync(file, "utf8").includes("$client"));
    expect(outside).toEqual([]);
  });
});
