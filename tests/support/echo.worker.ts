/** A worker thread for tests/api/job-thread.test.ts: answers, fails, dies or takes its time, as asked. */
import { serveThreadRequests } from "../../src/server/job-thread.ts";

export type EchoRequest = { kind: "echo"; value: string; afterMs?: number } | { kind: "throw" } | { kind: "die" };

let closed = false;

serveThreadRequests<EchoRequest, string>(
  async (request, log) => {
    if (request.kind === "throw") throw new Error("the work failed");
    if (request.kind === "die") process.exit(1);
    if (request.kind === "echo") {
      if (request.afterMs) await Bun.sleep(request.afterMs);
      log(`echo ${request.value}`);
      return `${request.value}${closed ? " after close" : ""}`;
    }
    return "";
  },
  () => {
    closed = true;
  },
);
