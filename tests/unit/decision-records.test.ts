import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// The decision records (docs/decisions/): each says whether it is still in force, and the index lists each once.
const folder = join(import.meta.dir, "../../docs/decisions");
const recordNames = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const numberOf = (name: string) => name.slice(0, 3);
const fileOfNumber = new Map(recordNames.map((name) => [numberOf(name), name]));

// The status line right under the title, in one of its four forms.
const STATUS = /^Status: (accepted|history, see docs\/deal-rules\.md|(superseded|amended) by \[(\d{3})\]\((\d{3}-[^)]+\.md)\))$/;

function statusLineOf(name: string): string | undefined {
  const lines = readFileSync(join(folder, name), "utf8").split("\n");
  if (!lines[0]?.startsWith(`# ${numberOf(name)}`)) return undefined;
  return lines.slice(1).find((line) => line.trim() !== "");
}

describe("decision records", () => {
  test("there are records to check", () => {
    expect(recordNames.length).toBeGreaterThan(100);
  });

  test("every record has a status line of an allowed form right under its title", () => {
    const without = recordNames.filter((name) => !STATUS.test(statusLineOf(name) ?? ""));
    expect(without).toEqual([]);
  });

  test("every 'superseded by' and 'amended by' links a later record that exists and links back", () => {
    const broken: string[] = [];
    for (const name of recordNames) {
      const match = STATUS.exec(statusLineOf(name) ?? "");
      if (!match?.[2]) continue;
      const [, , kind, number = "", file] = match;
      const target = fileOfNumber.get(number);
      if (target === undefined || target !== file || number <= numberOf(name)) {
        broken.push(`${name}: ${kind} by ${number} (${file})`);
        continue;
      }
      const backLink = kind === "superseded" ? "Supersedes:" : "Amends:";
      const targetText = readFileSync(join(folder, target), "utf8");
      const back = targetText.split("\n").find((line) => line.startsWith(backLink)) ?? "";
      if (!back.includes(`[${numberOf(name)}](${name})`)) broken.push(`${target} lacks "${backLink} [${numberOf(name)}]"`);
    }
    expect(broken).toEqual([]);
  });

  test("the index lists every record exactly once, with the status its file has", () => {
    const index = readFileSync(join(folder, "README.md"), "utf8");
    const rows = index.split("\n").filter((line) => /^\| \d{3} \|/.test(line));
    const problems: string[] = [];
    for (const name of recordNames) {
      const rowsOfIt = rows.filter((row) => row.startsWith(`| ${numberOf(name)} |`));
      if (rowsOfIt.length !== 1) {
        problems.push(`${name}: listed ${rowsOfIt.length} times`);
        continue;
      }
      const cells = (rowsOfIt[0] as string).split(" | ");
      const status = (statusLineOf(name) ?? "").replace(/^Status: /, "");
      const listed = status.startsWith("history") ? "history, see [deal-rules.md](../deal-rules.md#history)" : status;
      if (!cells[1]?.endsWith(`](${name})`)) problems.push(`${name}: the row does not link the file`);
      if (cells[2] !== listed) problems.push(`${name}: listed as "${cells[2]}", the file says "${status}"`);
    }
    const unknown = rows.map((row) => row.slice(2, 5)).filter((number) => !fileOfNumber.has(number));
    expect(problems).toEqual([]);
    expect(unknown).toEqual([]);
  });

  test("every history record has its paragraph in docs/deal-rules.md's History", () => {
    const rules = readFileSync(join(folder, "../deal-rules.md"), "utf8");
    const history = rules.slice(rules.indexOf("\n## History"));
    const missing = recordNames.filter((name) => statusLineOf(name)?.startsWith("Status: history") && !history.includes(`(decisions/${name})`));
    expect(rules.includes("\n## History")).toBe(true);
    expect(missing).toEqual([]);
  });
});
