import { readFileSync, statSync } from "node:fs";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Browser tests only (config.ts refuses it elsewhere, main.ts refuses it in the built executable): the system
 * clock plus the milliseconds written in `file`, read again whenever the file changes, so a test can step the running
 * server's time (a reminder due in 22 hours) without waiting. A missing or unreadable file means no offset.
 */
export function steppedClock(file: string): Clock {
  let seenChange = -1;
  let offsetMs = 0;
  return {
    now() {
      try {
        const changed = statSync(file).mtimeMs;
        if (changed !== seenChange) {
          seenChange = changed;
          offsetMs = Number(readFileSync(file, "utf8").trim()) || 0;
        }
      } catch {
        offsetMs = 0;
      }
      return new Date(Date.now() + offsetMs);
    },
  };
}
