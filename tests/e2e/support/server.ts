import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "../../..");
export const BUN = join(REPO_ROOT, "node_modules", ".bin", "bun");

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

/** Starts the real product (`bun src/server/main.ts`) on a free loopback port with a fresh database, and waits for its boot scan. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "gordu-e2e-"));
  const databasePath = join(dataDir, "app.sqlite");
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(BUN, ["src/server/main.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", APP_URL: url, DATABASE_PATH: databasePath, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));

  const waitForOutput = async (pattern: RegExp, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`The server's output did not match ${pattern} within ${timeoutMs / 1000} s:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await waitForOutput(/GoRDU listening/, 30_000);
  // A fresh database gets a boot scan: a year of simulated history written and judged, seconds of CPU. A test started
  // meanwhile waits on it and, on a busy machine, ran out of time signing in; tests begin once it has finished.
  await waitForOutput(/\[scan\] \S+ (succeeded|failed)/, 60_000);

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
