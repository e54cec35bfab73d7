import { describe, expect, test } from "bun:test";
import { JobThread, ThreadBusyError } from "../../src/server/job-thread.ts";
import type { EchoRequest } from "../support/echo.worker.ts";

const ECHO = "tests/support/echo.worker.ts";

describe("a job thread (decision 121)", () => {
  test("answers on its own thread, and its log lines come back to the job runner's log", async () => {
    const lines: string[] = [];
    const thread = new JobThread<EchoRequest, string>(ECHO, { maxQueued: 4, log: (line) => lines.push(line) });
    expect(await thread.run({ kind: "echo", value: "one" })).toBe("one");
    expect(lines).toEqual(["echo one"]);
    await thread.stop();
  });

  test("work that fails rejects its own request with its message; the thread serves the next", async () => {
    const thread = new JobThread<EchoRequest, string>(ECHO, { maxQueued: 4, log: () => {} });
    await expect(thread.run({ kind: "throw" })).rejects.toThrow("the work failed");
    expect(await thread.run({ kind: "echo", value: "still here" })).toBe("still here");
    await thread.stop();
  });

  test("a thread that dies rejects what it held, and the next request starts a new one", async () => {
    const thread = new JobThread<EchoRequest, string>(ECHO, { maxQueued: 4, log: () => {} });
    const dying = thread.run({ kind: "die" });
    await expect(dying).rejects.toThrow("the background thread ended");
    expect(await thread.run({ kind: "echo", value: "again" })).toBe("again");
    await thread.stop();
  });

  test("back-pressure: past maxQueued requests held, one more is refused at once", async () => {
    const thread = new JobThread<EchoRequest, string>(ECHO, { maxQueued: 2, log: () => {} });
    const first = thread.run({ kind: "echo", value: "a", afterMs: 100 });
    const second = thread.run({ kind: "echo", value: "b" });
    await expect(thread.run({ kind: "echo", value: "c" })).rejects.toBeInstanceOf(ThreadBusyError);
    expect(thread.queued).toBe(2);
    expect(await Promise.all([first, second])).toEqual(["a", "b"]);
    expect(await thread.run({ kind: "echo", value: "room again" })).toBe("room again");
    await thread.stop();
  });

  test("stop waits for the work held, then refuses new work", async () => {
    const thread = new JobThread<EchoRequest, string>(ECHO, { maxQueued: 4, log: () => {} });
    const held = thread.run({ kind: "echo", value: "finished", afterMs: 150 });
    let answered = null as string | null;
    void held.then((value) => {
      answered = value;
    });
    await thread.stop();
    expect(answered).toBe("finished");
    await expect(thread.run({ kind: "echo", value: "late" })).rejects.toThrow("stopping");
  });
});
