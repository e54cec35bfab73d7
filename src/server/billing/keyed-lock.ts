/** Runs async work one at a time per key (one process serves the product, so this is the whole truth). */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(work);
    this.tails.set(key, current);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === current) this.tails.delete(key);
    }
  }
}

/** Calls with the same key while one is running share that one's work and answer: a double click gets one result, twice. */
export class SingleFlight {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const existing = this.running.get(key);
    if (existing) return existing as Promise<T>;
    const current = work().finally(() => this.running.delete(key));
    this.running.set(key, current);
    return current;
  }
}
