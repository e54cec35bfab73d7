import { HttpError } from "./errors.ts";

export interface WorkLaneOptions {
  /** Jobs waiting behind the one in progress; more are refused at once (503 with Retry-After). */
  maxWaiting: number;
  /** After a job that took d ms, the lane rests `restFactor` × d ms before the next: such work takes at most 1 / (1 + restFactor) of the CPU. */
  restFactor: number;
  busyMessage: string;
}

/**
 * A lane for expensive work a visitor can cause (drawing a preview image): one job at a time, a bounded queue, and
 * anything beyond refused at once (503 with Retry-After), so no number of requests makes the server do more such work
 * at a time or hold a growing queue in memory. After each job the lane rests in proportion to how long the job held
 * the CPU, so however many ask, the rest of the server (a health check, a page) keeps most of the CPU.
 */
export class WorkLane {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: WorkLaneOptions) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (!this.busy) this.busy = true;
    else if (this.waiting.length < this.options.maxWaiting) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw new HttpError(503, this.options.busyMessage, { "retry-after": "5" });
    const started = performance.now();
    try {
      return await work();
    } finally {
      // The lane stays busy through the rest; then the place passes to the next waiting job, or the lane is free.
      setTimeout(() => this.next(), (performance.now() - started) * this.options.restFactor);
    }
  }

  private next(): void {
    const waiting = this.waiting.shift();
    if (waiting) waiting();
    else this.busy = false;
  }
}
