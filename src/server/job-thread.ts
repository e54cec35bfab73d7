/**
 * Heavy work away from the request loop (decision 121): a worker thread (Bun Worker) that answers requests of one kind,
 * such as a fare scan with its fan-out, or drawing a preview image. The thread starts with its first request and
 * does not keep the process alive by itself.
 * - Back-pressure: at most `maxQueued` requests are held (the one in progress included); one more is refused at once
 *   (ThreadBusyError), so a burst cannot grow memory without bound.
 * - Errors: work that throws rejects its own request with the thread's message; the thread keeps serving. A thread that
 *   dies (an uncaught error, out of memory) rejects what it held and is started again by the next request.
 * - Shutdown: stop() refuses new requests, waits for those held, lets the thread release what it opened, and ends it.
 * Lines the work logs come back to `log` on this thread, so they keep the job runner's log.
 */

import { join, resolve } from "node:path";
import { messageOf } from "../domain/error-text.ts";
import { logLine } from "./log.ts";

/** Every worker thread's entry file, from the repository root: cli/build.ts embeds each in the executable. */
export const WORKER_ENTRIES = {
  scan: "src/server/scan.worker.ts",
  shareImage: "src/server/trips/share-image.worker.ts",
} as const;

/**
 * A worker entry file as Worker takes it: the file itself when run from source; in the built executable, its path
 * from the root of the embedded files (the repository root, the entry points' common folder).
 */
function workerPath(entry: string): string {
  return import.meta.path.startsWith("/$bunfs/") ? `./${entry}` : join(resolve(import.meta.dir, "../.."), entry);
}

/** What the thread is sent and answers, by `id`. */
type ToThread<Request> = { id: number; request: Request } | { id: number; close: true };
type FromThread<Response> = { id: number; ok: true; value: Response } | { id: number; ok: false; message: string } | { log: string };

export class ThreadBusyError extends Error {}

export interface JobThreadOptions {
  /** Requests held at once, the one in progress included; more are refused. */
  maxQueued: number;
  /** Where the thread's log lines go. */
  log?: (line: string) => void;
}

interface Held<Response> {
  resolve(value: Response): void;
  reject(error: Error): void;
}

export class JobThread<Request, Response> {
  private worker: Worker | null = null;
  private readonly held = new Map<number, Held<Response>>();
  private readonly answers = new Set<Promise<Response>>();
  private nextId = 1;
  private stopped = false;

  constructor(
    /** The entry file's path from the repository root: one of WORKER_ENTRIES (a test's own too). */
    private readonly entry: string,
    private readonly options: JobThreadOptions,
  ) {}

  /** Requests held now (in progress or waiting). */
  get queued(): number {
    return this.held.size;
  }

  run(request: Request): Promise<Response> {
    if (this.stopped) return Promise.reject(new Error("The background thread is stopping"));
    if (this.held.size >= this.options.maxQueued) return Promise.reject(new ThreadBusyError("The background thread is busy"));
    const id = this.nextId++;
    const answer = new Promise<Response>((resolve, reject) => this.held.set(id, { resolve, reject }));
    this.answers.add(answer);
    const forget = () => this.answers.delete(answer);
    answer.then(forget, forget);
    this.post({ id, request });
    return answer;
  }

  /** Waits for the requests held, lets the thread close what it opened (a database connection), then ends it. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled(this.answers);
    if (!this.worker) return;
    const id = this.nextId++;
    const closed = new Promise<void>((resolve) => this.held.set(id, { resolve: () => resolve(), reject: () => resolve() }));
    this.post({ id, close: true });
    await Promise.race([closed, Bun.sleep(5000)]);
    this.worker?.terminate();
    this.worker = null;
  }

  private post(message: ToThread<Request>): void {
    this.start().postMessage(message);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerPath(this.entry));
    // Bun's Worker has unref(); the DOM typings do not.
    (worker as Worker & { unref(): void }).unref();
    worker.addEventListener("message", (event: MessageEvent<FromThread<Response>>) => {
      const message = event.data;
      if ("log" in message) {
        (this.options.log ?? logLine)(message.log);
        return;
      }
      const entry = this.held.get(message.id);
      if (!entry) return;
      this.held.delete(message.id);
      if (message.ok) entry.resolve(message.value);
      else entry.reject(new Error(message.message));
    });
    worker.addEventListener("error", (event: ErrorEvent) => this.died(worker, event.message || "the background thread failed"));
    worker.addEventListener("close", () => this.died(worker, "the background thread ended"));
    this.worker = worker;
    return worker;
  }

  /** Everything the thread held fails; the next request starts a new thread. */
  private died(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const held = [...this.held.values()];
    this.held.clear();
    for (const entry of held) entry.reject(new Error(reason));
  }
}

/**
 * The thread's side: answers each request with `handle`, one at a time in the order sent, and runs `close` when the
 * owner stops. Call once, in the worker's entry file.
 */
export function serveThreadRequests<Request, Response>(
  handle: (request: Request, log: (line: string) => void) => Promise<Response> | Response,
  close?: () => void,
): void {
  const scope = globalThis as unknown as { onmessage: ((event: MessageEvent) => void) | null; postMessage(message: unknown): void };
  const log = (line: string) => scope.postMessage({ log: line });
  let queue = Promise.resolve();
  scope.onmessage = (event: MessageEvent<ToThread<Request>>) => {
    const message = event.data;
    queue = queue.then(async () => {
      if ("close" in message) {
        close?.();
        scope.postMessage({ id: message.id, ok: true, value: null });
        return;
      }
      try {
        scope.postMessage({ id: message.id, ok: true, value: await handle(message.request, log) });
      } catch (error) {
        scope.postMessage({ id: message.id, ok: false, message: messageOf(error, 2000) });
      }
    });
  };
}
