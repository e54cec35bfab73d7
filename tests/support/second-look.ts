import { secondLookDelayMs } from "../../src/domain/deal-rules.ts";
import type { ScanSummary } from "../../src/server/fares/scanner.ts";
import type { TestClock } from "./test-clock.ts";

/**
 * A scan as src/server/jobs.ts runs it on a grid source: when it leaves drops seen once, the clock moves to the
 * second look (a minute past the next full hour) and the scan runs again for those dates. Returns the first summary.
 */
export async function scanWithSecondLook(clock: TestClock, scan: (options: { secondLook: boolean }) => Promise<ScanSummary>): Promise<ScanSummary> {
  const summary = await scan({ secondLook: false });
  if (summary.awaitingSecondSighting > 0) {
    clock.advance(secondLookDelayMs(clock.now().getTime()));
    await scan({ secondLook: true });
  }
  return summary;
}
