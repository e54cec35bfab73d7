import { resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");

export interface RealServer {
  url: string;
  pid: number;
  output(): string;
  /** Resolves once the server has written this text (stdout or stderr). */
  printed(text: string): Promise<void>;
  /** Like a power cut: no clean-up runs. */
  kill9(): Promise<void>;
  /** SIGTERM, as an orchestrator stops it; resolves to the exit code. */
  stop(): Promise<number>;
  /** The exit code, once the process has ended. */
  exited: Promise<number>;
}

/** A port nobody listens on now: the OS picks it. */
export async function freePort(): Promise<number> {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port!;
  await probe.stop(true);
  return port;
}

/**
 * The real product (`bun src/server/main.ts`) as a child process on loopback, for crash tests. The port is free when
 * chosen, but another socket can take it before the child listens: then it is started again on another.
 */
export async function startRealServer(databasePath: string, env: Record<string, string> = {}): Promise<RealServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(databasePath, await freePort(), env);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(databasePath: string, port: number, env: Record<string, string>): Promise<RealServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = Bun.spawn([process.execPath, "src/server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", APP_URL: url, DATABASE_PATH: databasePath, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const waiting = new Set<{ text: string; resolve: () => void }>();
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const reader = stream.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      output += new TextDecoder().decode(chunk.value);
      for (const waiter of waiting) {
        if (output.includes(waiter.text)) {
          waiting.delete(waiter);
          waiter.resolve();
        }
      }
    }
  };
  void collect(child.stdout);
  void collect(child.stderr);

  const deadline = Date.now() + 30_000;
  while (!output.includes("GoRDU listening")) {
    if (child.exitCode !== null) {
      await Bun.sleep(100);
      if (output.includes("EADDRINUSE")) throw new PortTaken(output);
      throw new Error(`the server exited during start-up (exit code ${child.exitCode}, signal ${child.signalCode ?? "none"}):\n${output}`);
    }
    if (Date.now() > deadline) throw new Error(`the server did not start within 30 s:\n${output}`);
    await Bun.sleep(20);
  }
  return {
    url,
    pid: child.pid,
    output: () => output,
    printed: (text) => (output.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiting.add({ text, resolve }))),
    exited: child.exited,
    async kill9() {
      child.kill("SIGKILL");
      await child.exited;
    },
    async stop() {
      child.kill("SIGTERM");
      return await child.exited;
    },
  };
}
