/** The lane that bounds expensive work a visitor can cause (src/server/http/work-lane.ts). */
import { describe, expect, test } from "bun:test";
import { HttpError } from "../../src/server/http/errors.ts";
import { WorkLane } from "../../src/server/http/work-lane.ts";

/** A job that runs until the test lets it finish, noting when it starts. */
function heldJob(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const holdCpu = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("the work lane", () => {
  test("one job at a time, a bounded queue, and anything beyond refused at once with 503 and Retry-After", async () => {
    const lane = new WorkLane({ maxWaiting: 2, restFactor: 0, busyMessage: "busy" });
    const log: string[] = [];
    const jobs = ["a", "b", "c"].map((name) => heldJob(log, name));
    const running = jobs.map((job) => lane.run(job.work));
    const refused = await lane.run(async () => "d").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 503, message: "busy", headers: { "retry-after": "5" } });
    await tick();
    expect(log).toEqual(["start a"]);
    jobs[0]!.finish();
    await tick();
    expect(log).toEqual(["start a", "end a", "start b"]);
    jobs[1]!.finish();
    jobs[2]!.finish();
    expect(await Promise.all(running)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(await lane.run(async () => "after")).toBe("after");
  });

  test("a failing job frees its place too", async () => {
    const lane = new WorkLane({ maxWaiting: 0, restFactor: 0, busyMessage: "busy" });
    await expect(
      lane.run(async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await tick();
    expect(await lane.run(async () => "next")).toBe("next");
  });

  test("after a job that held the CPU, the lane rests three times as long: other work runs, and the next job waits", async () => {
    const lane = new WorkLane({ maxWaiting: 4, restFactor: 3, busyMessage: "busy" });
    const events: [string, number][] = [];
    const started = performance.now();
    const at = () => performance.now() - started;
    const jobs = [1, 2].map((n) =>
      lane.run(async () => {
        events.push([`job ${n} starts`, at()]);
        holdCpu(20);
        events.push([`job ${n} ends`, at()]);
      }),
    );
    setTimeout(() => events.push(["a health check", at()]), 1);
    await Promise.all(jobs);
    expect(events.map(([name]) => name)).toEqual(["job 1 starts", "job 1 ends", "a health check", "job 2 starts", "job 2 ends"]);
    const gap = events[3]![1] - events[1]![1];
    expect(gap).toBeGreaterThanOrEqual(55);
  });
});
