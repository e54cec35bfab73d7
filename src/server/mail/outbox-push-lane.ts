/**
 * The outbox's push lane. Web pushes ride the outbox as rows with channel 'push' (the same queue, dedupe and purge as
 * email) but are sent in a lane of their own (deliverDuePushes), so no push endpoint can hold up an email.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { emailOutbox } from "../../../db/schema.ts";
import type { Clock } from "../clock.ts";
import { type DeliveryResult, inParallel } from "./outbox-batches.ts";
import type { PushHostBackoff } from "./outbox-backoff.ts";
import { dueRows, expireIfStale, markAttemptFailed, markDone } from "./outbox-rows.ts";
import { PushFailure, type PushSender, type PushTarget } from "./push-sender.ts";

/**
 * A push row at delivery time: the device, the text, and whose device it is (`owner`). `forget` removes a device its
 * push service says is gone; `dropFailing` removes one whose pushes keep failing and tells its member.
 */
export type PushRenderer = (payload: Record<string, unknown>) => {
  target: PushTarget;
  payload: string;
  owner: string;
  forget: () => void;
  dropFailing: () => void;
} | null;

export interface PushDelivery {
  sender: PushSender;
  renderers: Record<string, PushRenderer>;
  /** Push service hosts that are failing, while this process runs. */
  hosts: PushHostBackoff;
}

export interface PushLaneDeps {
  db: Db;
  clock: Clock;
  push: PushDelivery;
}

/** A push is tried 8 times, over about an hour (15 s, 30 s, … 16 min): a deal alert is stale long before a day. */
export const MAX_PUSH_ATTEMPTS = 8;
/** A device whose last this-many pushes all failed (every try) is dropped, and its member told. */
const FAILED_PUSHES_TO_DROP = 3;
/** One push service host, and one member's devices, hold at most this many of the push lane's workers at a time. */
const PUSHES_IN_FLIGHT_EACH = 2;

/** True when the device's last FAILED_PUSHES_TO_DROP pushes, the one just given up on included, all failed. */
function deviceKeepsFailing(db: Db, device: string): boolean {
  const finished = db.$client
    .query(
      `SELECT status FROM email_outbox WHERE channel = 'push' AND to_address = $device AND status IN ('sent', 'failed')
       ORDER BY id DESC LIMIT ${FAILED_PUSHES_TO_DROP}`,
    )
    .all({ device }) as { status: string }[];
  return finished.length === FAILED_PUSHES_TO_DROP && finished.every((row) => row.status === "failed");
}

/**
 * Sends the pushes that are due, in their own lane. No host or member can take the lane: a host that failed as a
 * service is backed off (its pushes wait, without an attempt), and one host, like one member's devices, holds at most
 * two workers at a time (the other pushes wait for the next batch). Each push has a short time budget
 * (push-sender.ts). A device whose pushes keep failing is dropped, and its member told.
 */
export async function deliverDuePushes(deps: PushLaneDeps, batchSize = 200, concurrency = 10): Promise<DeliveryResult> {
  const { db, clock, push } = deps;
  const result: DeliveryResult = { sent: 0, failed: 0, skipped: 0 };
  const inFlight = new Map<string, number>();
  await inParallel(dueRows(db, "push", clock.now(), batchSize), concurrency, async (row) => {
    if (expireIfStale(db, row, clock.now())) {
      result.skipped++;
      return;
    }
    const render = push.renderers[row.kind];
    const rendered = render ? render(row.payload ?? {}) : null;
    if (!rendered) {
      markDone(db, row, clock.now(), render ? "no longer owed" : `no push renderer for '${row.kind}'`);
      result.skipped++;
      return;
    }
    const host = new URL(rendered.target.endpoint).host;
    const hostWaitsUntil = push.hosts.waitUntil(host, clock.now());
    if (hostWaitsUntil) {
      db.update(emailOutbox).set({ nextAttemptAt: hostWaitsUntil }).where(eq(emailOutbox.id, row.id)).run();
      return;
    }
    const holders = [`host ${host}`, `owner ${rendered.owner}`];
    if (holders.some((holder) => (inFlight.get(holder) ?? 0) >= PUSHES_IN_FLIGHT_EACH)) return;
    for (const holder of holders) inFlight.set(holder, (inFlight.get(holder) ?? 0) + 1);
    try {
      const outcome = await push.sender.send(rendered.target, rendered.payload);
      push.hosts.answered(host);
      if (outcome === "gone") rendered.forget();
      markDone(db, row, clock.now(), outcome === "sent" ? null : "device gone");
      if (outcome === "sent") result.sent++;
      else result.skipped++;
    } catch (error) {
      if (!(error instanceof PushFailure) || error.hostFailed) push.hosts.failed(host, clock.now());
      const gaveUp = markAttemptFailed(db, row, clock.now(), error, MAX_PUSH_ATTEMPTS);
      if (gaveUp && deviceKeepsFailing(db, row.toAddress)) rendered.dropFailing();
      result.failed++;
    } finally {
      for (const holder of holders) inFlight.set(holder, inFlight.get(holder)! - 1);
    }
  });
  return result;
}
