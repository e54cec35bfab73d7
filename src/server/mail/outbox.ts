/**
 * The outbox, the one writer of email_outbox: messages are queued in the database (nothing lost on a crash, one row
 * per dedupe key) and delivered by two jobs, emails and web pushes in lanes of their own. A row queued as data is
 * rendered when it is sent, by the renderer of its kind that the job runner hands in: src/server/jobs.ts,
 * emailRenderers (deal alerts and digests: alerts/alert-email.ts; trip reminders and fare drops: trips/) and
 * pushDelivery (alerts/push-alert.ts). This folder imports no feature folder.
 *
 * This file is the outbox's face, what the rest of the code imports; each job is a file of its own:
 *   outbox-queue.ts       the queue writes (one message, many templated rows, a digest's merge, a withdrawal)
 *   outbox-rows.ts        taking the due rows, marking them expired, done or failed
 *   outbox-batches.ts     the delivery loop: batches, and a batch's rows several at a time
 *   outbox-email-lane.ts  rendering and sending emails
 *   outbox-push-lane.ts   sending web pushes, with per-host and per-member limits
 *   outbox-backoff.ts     retry waits, and push service hosts backed off
 *   outbox-purge.ts       the hourly clean-up
 */
import { type DeliveryResult, inBatches } from "./outbox-batches.ts";
import { type DeliveryDeps, deliverDueEmails } from "./outbox-email-lane.ts";
import { deliverDuePushes, type PushLaneDeps } from "./outbox-push-lane.ts";

export { backoffMs, PushHostBackoff } from "./outbox-backoff.ts";
export type { DeliveryResult } from "./outbox-batches.ts";
export { type DeliveryDeps, deliverDueEmails, type TemplateRenderer } from "./outbox-email-lane.ts";
export { deliverDuePushes, MAX_PUSH_ATTEMPTS, type PushDelivery, type PushLaneDeps, type PushRenderer } from "./outbox-push-lane.ts";
export {
  mergeTemplatedEmails,
  type QueuedEmail,
  type QueuedTemplatedEmail,
  queueEmail,
  queueTemplatedEmails,
  type TemplatedRow,
  unqueue,
} from "./outbox-queue.ts";

/**
 * Sends batches until nothing is due or `maxBatches` ran, so a fan-out's thousands of alerts go out at the
 * speed of the mail server rather than one batch per job tick; the cap keeps a shutdown waiting seconds, not minutes.
 */
export async function deliverAllDueEmails(deps: DeliveryDeps, maxBatches = 25, batchSize = 200): Promise<DeliveryResult> {
  return inBatches((size) => deliverDueEmails(deps, size), maxBatches, batchSize);
}

/** The push lane's deliverAllDueEmails. */
export async function deliverAllDuePushes(deps: PushLaneDeps, maxBatches = 25, batchSize = 200): Promise<DeliveryResult> {
  return inBatches((size) => deliverDuePushes(deps, size), maxBatches, batchSize);
}
