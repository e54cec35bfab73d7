/** The outbox's hourly clean-up (jobs.ts): expired links dropped, rows done with removed after their retention. */
import { and, inArray, lte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { emailOutbox } from "../../../db/schema.ts";
import { DAY_MS } from "../../domain/calendar.ts";

/** How long rows stay for the Operations view once they are done with: sent, skipped or expired, and failed. */
export const OUTBOX_RETENTION_MS = { done: 30 * DAY_MS, failed: 90 * DAY_MS };

/** Rows a purge deletes per transaction; it yields to requests between, so a month of alerts never holds the loop. */
export const PURGE_CHUNK_ROWS = 2000;

const nextTick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The hourly clean-up: a message whose link expired while it waited (the mail server down) is dropped with its
 * body, and rows done with are removed after their retention (done: 30 days, failed: 90 days), PURGE_CHUNK_ROWS at a
 * time with a pause between (decision 121): after a month of 100,000-subscriber fan-outs an hour's purge is 100,000 rows.
 */
export async function purgeOutbox(db: Db, now: Date): Promise<void> {
  db.update(emailOutbox)
    .set({ status: "expired", textBody: null, htmlBody: null, payload: null, headers: {} })
    .where(and(inArray(emailOutbox.status, ["queued", "failed"]), lte(emailOutbox.expiresAt, now)))
    .run();
  const deleteChunk = db.$client.query(
    `DELETE FROM email_outbox WHERE id IN (
       SELECT id FROM email_outbox WHERE status IN (SELECT value FROM json_each($statuses)) AND created_at < $before LIMIT ${PURGE_CHUNK_ROWS})`,
  );
  const retained = [
    { statuses: ["sent", "expired"], before: now.getTime() - OUTBOX_RETENTION_MS.done },
    { statuses: ["failed"], before: now.getTime() - OUTBOX_RETENTION_MS.failed },
  ];
  for (const { statuses, before } of retained) {
    while (deleteChunk.run({ statuses: JSON.stringify(statuses), before }).changes === PURGE_CHUNK_ROWS) await nextTick();
  }
}
