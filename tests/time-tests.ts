/**
 * Times `npm test` as a newcomer runs it: N whole runs in a row (3 by default), each tier's wall time from
 * tests/run-tiers.ts's table, then minimum / median / maximum per tier. `--write` puts the table in README.md between
 * its test-times markers, so the README's figures are always a measurement this script can repeat.
 *   bun tests/time-tests.ts [--runs N] [--write]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" }, write: { type: "boolean", default: false } } });
const runs = Number(values.runs);

/** One run of every tier: the seconds of each tier by name, and whether all passed. */
async function timeOneRun(): Promise<{ tiers: Map<string, number>; passed: boolean }> {
  const child = Bun.spawn([process.execPath, "tests/run-tiers.ts"], { stdout: "pipe", stderr: "inherit" });
  const output = await new Response(child.stdout).text();
  const passed = (await child.exited) === 0;
  const table = output.slice(output.lastIndexOf("Tier wall times:"));
  const tiers = new Map<string, number>();
  for (const match of table.matchAll(/^\s+(passed|FAILED)\s+([\d.]+) s\s+(.+)$/gm)) tiers.set(match[3]!, Number(match[2]));
  const total = table.match(/^\s+total\s+([\d.]+) s$/m);
  if (total) tiers.set("total", Number(total[1]));
  return { tiers, passed };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const results: Map<string, number>[] = [];
for (let run = 1; run <= runs; run++) {
  const result = await timeOneRun();
  console.log(`run ${run}: ${result.passed ? "passed" : "FAILED"} in ${result.tiers.get("total")?.toFixed(0)} s`);
  if (!result.passed) process.exit(1);
  results.push(result.tiers);
}

const seconds = (value: number) => (value >= 90 ? `${Math.floor(value / 60)} min ${Math.round(value % 60)} s` : `${value.toFixed(0)} s`);
const rows = [...results[0]!.keys()].map((tier) => {
  const figures = results.map((tiers) => tiers.get(tier)!);
  return `| ${tier} | ${seconds(Math.min(...figures))} | ${seconds(median(figures))} | ${seconds(Math.max(...figures))} |`;
});
const cores = navigator.hardwareConcurrency;
const table = [
  `\`npm test\`, ${runs} runs in a row on this ${cores}-core machine (\`bun tests/time-tests.ts --write\`, ${new Date().toISOString().slice(0, 10)}):`,
  "",
  "| tier | min | median | max |",
  "|---|---|---|---|",
  ...rows,
].join("\n");
console.log(`\n${table}`);

if (values.write) {
  const readme = readFileSync("README.md", "utf8");
  const begin = "<!-- test-times:begin -->";
  const end = "<!-- test-times:end -->";
  const start = readme.indexOf(begin);
  const stop = readme.indexOf(end);
  if (start < 0 || stop < start) throw new Error("README.md has no test-times markers");
  writeFileSync("README.md", `${readme.slice(0, start + begin.length)}\n${table}\n${readme.slice(stop)}`);
  console.log("README.md updated");
}
