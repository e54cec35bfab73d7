import { spyOn } from "bun:test";

/** Everything the server writes to the console while `work` runs, one entry per write, with nothing printed. */
export async function consoleOutputDuring(work: () => Promise<unknown>): Promise<string[]> {
  const written: string[] = [];
  const spies = (["log", "warn", "error", "info"] as const).map((method) =>
    spyOn(console, method).mockImplementation((...args: unknown[]) => {
      written.push(args.map((arg) => (arg instanceof Error ? `${arg.stack}` : String(arg))).join(" "));
    }),
  );
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return written;
}
