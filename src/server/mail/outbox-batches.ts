/** The outbox's delivery loop, the same for both lanes: batches until nothing is due, a batch's rows several at a time. */
import type { OutboxRow } from "./outbox-rows.ts";

export interface DeliveryResult {
  sent: number;
  failed: number;
  /** Messages no longer owed when their turn came (alerts turned off, deals gone, link expired). */
  skipped: number;
}

export async function inBatches(deliver: (batchSize: number) => Promise<DeliveryResult>, maxBatches: number, batchSize: number): Promise<DeliveryResult> {
  const total: DeliveryResult = { sent: 0, failed: 0, skipped: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = await deliver(batchSize);
    total.sent += result.sent;
    total.failed += result.failed;
    total.skipped += result.skipped;
    if (result.sent + result.failed + result.skipped < batchSize) break;
  }
  return total;
}

/** `concurrency` workers each take the next row as soon as their last one is done. */
export async function inParallel(rows: readonly OutboxRow[], concurrency: number, deliverOne: (row: OutboxRow) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < rows.length) await deliverOne(rows[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
