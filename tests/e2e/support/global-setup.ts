import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUN, REPO_ROOT, TEMPLATE_ENV } from "./server.ts";

/** Builds the run's template database once (about 6 s); every worker's server starts on a copy of it. */
export default function globalSetup() {
  const folder = mkdtempSync(join(tmpdir(), "gordu-e2e-template-"));
  const template = join(folder, "template.sqlite");
  execFileSync(BUN, ["tests/support/world/template-database.ts", template], { cwd: REPO_ROOT, stdio: ["ignore", "ignore", "inherit"] });
  process.env[TEMPLATE_ENV] = template;
  return () => rmSync(folder, { recursive: true, force: true });
}
