/**
 * A finished budget job's result kept on disk, under the code it measured, so a full-year run that takes longer than a
 * sitting resumes where it stopped. The key is the git trees of src/ and tests/eval/: change either and every result is
 * measured again. Nothing is kept while either has uncommitted changes, since then no tree names the code.
 */
import { join } from "node:path";
import type { BudgetJobResult, BudgetJobSpec } from "./evaluate-budget.ts";

const REPOSITORY = join(import.meta.dir, "../..");
const RESULTS_DIRECTORY = join(REPOSITORY, ".eval-results");

function git(...args: string[]): string {
  const run = Bun.spawnSync(["git", ...args], { cwd: REPOSITORY });
  if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr.toString().trim()}`);
  return run.stdout.toString().trim();
}

/** The folder for results of the code as committed; undefined when src/ or tests/eval/ has uncommitted changes. */
export function resultsFolderOfCommittedCode(): string | undefined {
  if (git("status", "--porcelain", "--", "src", "tests/eval") !== "") return undefined;
  const [source, evaluation] = git("rev-parse", "HEAD:src", "HEAD:tests/eval").split("\n");
  return join(RESULTS_DIRECTORY, `${source!.slice(0, 12)}-${evaluation!.slice(0, 12)}`);
}

function fileOf(folder: string, spec: BudgetJobSpec): string {
  const completeness = spec.completeness ? "" : "-without-completeness";
  return join(folder, `${spec.provider}-${spec.searchesPerMonth}-${spec.kind}-seed${spec.seed}-${spec.days}d${completeness}.json`);
}

export async function keptResult(folder: string | undefined, spec: BudgetJobSpec): Promise<BudgetJobResult | undefined> {
  if (folder === undefined) return undefined;
  const file = Bun.file(fileOf(folder, spec));
  return (await file.exists()) ? ((await file.json()) as BudgetJobResult) : undefined;
}

export async function keepResult(folder: string | undefined, spec: BudgetJobSpec, result: BudgetJobResult): Promise<void> {
  if (folder !== undefined) await Bun.write(fileOf(folder, spec), JSON.stringify(result));
}
