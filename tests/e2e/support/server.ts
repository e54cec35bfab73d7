import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "../../..");
export const BUN = join(REPO_ROOT, "node_modules", ".bin", "bun");

/** Where global-setup.ts put this run's template database (migrations and the boot scan done). */
export const TEMPLATE_ENV = "GORDU_E2E_TEMPLATE";

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  databasePath: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the test server (tests/support/world/e2e-server.ts: the product with the test seam) on a free loopback port,
 * on a copy of the run's template database, so it answers at once with the fresh install's deals already there.
 * `fresh: true` starts on an empty database instead, for a test of what a fresh install does while it boots.
 */
export async function startServer(env: Record<string, string> = {}, { fresh = false } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "gordu-e2e-"));
  const databasePath = join(dataDir, "app.sqlite");
  if (!fresh) {
    const template = process.env[TEMPLATE_ENV];
    if (!template) throw new Error(`${TEMPLATE_ENV} is unset: tests/e2e/support/global-setup.ts builds the template database`);
    copyFileSync(template, databasePath);
  }
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(BUN, ["tests/support/world/e2e-server.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), HOST: "127.0.0.1", APP_URL: url, DATABASE_PATH: databasePath, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));

  const deadline = Date.now() + 30_000;
  while (!/GoRDU listening/.test(output)) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start within 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 25));
  }

  return {
    url,
    dataDir,
    databasePath,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
