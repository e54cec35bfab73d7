/**
 * What every benchmark needs: temporary folders and child processes that are cleaned up even when a run
 * fails or is interrupted (Ctrl-C), a free loopback port, and waiting for a server's first 200.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";

const tempDirs = new Set<string>();
const children = new Set<Subprocess>();

/** Children get SIGINT first, so those that own processes of their own (Lighthouse's Chromium) can end them. */
function cleanUpEverything(): void {
  for (const child of children) child.kill("SIGINT");
  if (children.size > 0) Bun.sleepSync(300);
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

process.on("exit", cleanUpEverything);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    cleanUpEverything();
    process.exit(130);
  });
}

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `gordu-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

type SpawnOptions = NonNullable<Parameters<typeof Bun.spawn>[1]>;

/** Bun.spawn, killed when the benchmark ends or after `timeoutMs`. */
export function spawnChild(cmd: string[], options: SpawnOptions & { timeoutMs: number }): Subprocess {
  const { timeoutMs, ...spawnOptions } = options;
  const child = Bun.spawn(cmd, { ...spawnOptions, timeout: timeoutMs, killSignal: "SIGKILL" } as SpawnOptions);
  children.add(child);
  void child.exited.then(() => children.delete(child));
  return child;
}

/** Asks a child to stop (SIGTERM), and kills it if it has not within `graceMs`. */
export async function stopChild(child: Subprocess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const stopped = await Promise.race([child.exited.then(() => true), Bun.sleep(graceMs).then(() => false)]);
  if (!stopped) child.kill("SIGKILL");
  await child.exited;
}

/** Runs a child that prints its result as JSON on the last line of stdout. */
export async function runJsonChild<T>(cmd: string[], timeoutMs: number, env?: Record<string, string | undefined>): Promise<T> {
  const child = spawnChild(cmd, { stdout: "pipe", stderr: "inherit", timeoutMs, env });
  const output = await new Response(child.stdout as ReadableStream).text();
  const code = await child.exited;
  if (code !== 0) throw new Error(`${cmd.slice(1).join(" ").slice(0, 120)} exited with ${code ?? child.signalCode}`);
  return JSON.parse(output.trim().split("\n").at(-1)!) as T;
}

/** A child process that talks over IPC: `request` sends a message and waits for the next one it sends back. */
export interface IpcChild {
  process: Subprocess;
  next<T>(timeoutMs?: number): Promise<T>;
  request<T>(message: unknown, timeoutMs?: number): Promise<T>;
}

export function spawnIpcChild(cmd: string[], options: Omit<SpawnOptions, "ipc"> & { timeoutMs: number }): IpcChild {
  const inbox: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  const child = spawnChild(cmd, {
    ...options,
    ipc(message) {
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else inbox.push(message);
    },
  });
  const next = <T>(timeoutMs = 30_000) =>
    new Promise<T>((resolve, reject) => {
      if (inbox.length > 0) return resolve(inbox.shift() as T);
      const waiter = (message: unknown) => {
        clearTimeout(timer);
        resolve(message as T);
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(new Error(`${cmd.slice(1).join(" ")} sent nothing within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.push(waiter);
    });
  return {
    process: child,
    next,
    request(message, timeoutMs) {
      child.send(message);
      return next(timeoutMs);
    },
  };
}

/** A port nothing listens on right now (loopback). */
export function freePort(): number {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/** Polls `url` until it answers 200; returns the milliseconds since `since`. */
export async function waitForOk(url: string, timeoutMs: number, since = performance.now()): Promise<number> {
  const deadline = since + timeoutMs;
  let last = "no answer";
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await Bun.sleep(2);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last})`);
}

export const megabytes = (bytes: number) => bytes / (1024 * 1024);
export const formatCount = (value: number) => Math.round(value).toLocaleString("en-US");
