/**
 * The real server (src/server/main.ts, configured by the environment) with one addition for load.bench.ts:
 * over IPC, "rss" answers the process's resident memory, and "gc" collects garbage first. Answers are
 * `{ rssBytes }`. It sends "ready" once listening.
 */
import { main } from "../../src/server/main.ts";

process.on("message", (message) => {
  if (message === "gc") Bun.gc(true);
  if (message === "gc" || message === "rss") process.send!({ rssBytes: process.memoryUsage().rss });
});

await main();
process.send!("ready");
