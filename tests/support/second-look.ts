import { secondLookDelayMs } from "../../src/domain/deal-rules.ts";
import type { ScanSummary } from "../../src/server/fares/scanner.ts";
import type { TestClock } from "./test-clock.ts";

/** More looks than any drop needs to hold (DEAL_RULES.dropHoldsHours, a look an hour), so a test cannot loop forever. */
const MOST_LOOKS = 6;

/**
 * A scan as src/server/jobs.ts runs it on a grid source: while it leaves drops that have not held yet, the clock
 * moves to the next look (a minute past the next full hour) and the scan runs again for those dates. Returns the
 * first summary.
 */
export async function scanWithSecondLook(clock: TestClock, scan: (options: { secondLook: boolean }) => Promise<ScanSummary>): Promise<ScanSummary> {
  const summary = await scan({ secondLook: false });
  let awaiting = summary.dropsAwaitingLook;
  for (let look = 0; awaiting > 0 && look < MOST_LOOKS; look++) {
    clock.advance(secondLookDelayMs(clock.now().getTime()));
    awaiting = (await scan({ secondLook: true })).dropsAwaitingLook;
  }
  return summary;
}
