import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";

const folder = "docs/decisions";
const records = readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(`${folder}/README.md`, "utf8");

test("every decision record is listed in docs/decisions/README.md exactly once, and every listed record exists", () => {
  for (const record of records) expect(index.split(`](${record})`).length - 1).toBe(1);
  const listed = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((match) => match[1]!);
  expect(listed.filter((name) => !records.includes(name))).toEqual([]);
});

test("decision numbers are not reused", () => {
  const numbers = records.map((record) => record.slice(0, 3));
  expect(new Set(numbers).size).toBe(numbers.length);
});
