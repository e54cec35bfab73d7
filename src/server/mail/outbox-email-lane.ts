/** The outbox's email lane: renders each due email (stored whole, or from its payload by its kind's renderer) and sends it. */
import type { Db } from "../../../db/client.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Mailer } from "./mailer.ts";
import { type DeliveryResult, inParallel } from "./outbox-batches.ts";
import { DoneMarks, dueRows, expireIfStale, markAttemptFailed, type OutboxRow } from "./outbox-rows.ts";
import type { RenderedEmail } from "./templates/layout.ts";

/** Renders a templated message at delivery time; null means it is no longer owed (e.g. its deals are gone). */
export type TemplateRenderer = (payload: Record<string, unknown>, to: string) => (RenderedEmail & { headers?: Record<string, string> }) | null;

/** Retries wait 15 s, 30 s, … up to an hour; 80 attempts ride out a mail server outage of about three days. */
const MAX_ATTEMPTS = 80;

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, "mailFrom" | "appOrigin">;
  /** Renderers for templated kinds, by kind. */
  templates?: Record<string, TemplateRenderer>;
}

function contentOf(row: OutboxRow, templates: Record<string, TemplateRenderer>) {
  if (row.subject !== null && row.textBody !== null && row.htmlBody !== null) {
    return { subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers };
  }
  const render = templates[row.kind];
  if (!render) throw new Error(`No template renders emails of kind '${row.kind}'`);
  const rendered = render(row.payload ?? {}, row.toAddress);
  return rendered && { ...rendered, headers: { ...row.headers, ...rendered.headers } };
}

/**
 * Sends the emails that are due, a batch at a time, several in flight. A message is marked sent only after the mail
 * server accepted it, so a crash can repeat a send but never lose one; the Message-ID stays the same. Pushes are
 * not sent here: they have their own lane (deliverDuePushes).
 */
export async function deliverDueEmails(deps: DeliveryDeps, batchSize = 200, concurrency = 10): Promise<DeliveryResult> {
  const { db, mailer, clock, config } = deps;
  const result: DeliveryResult = { sent: 0, failed: 0, skipped: 0 };
  const domain = new URL(config.appOrigin).hostname || "gordu.local";
  const done = new DoneMarks(db);
  try {
    await inParallel(dueRows(db, "email", clock.now(), batchSize), concurrency, async (row) => {
      if (expireIfStale(db, row, clock.now())) {
        result.skipped++;
        return;
      }
      try {
        const content = contentOf(row, deps.templates ?? {});
        if (content) await mailer.send({ messageId: `<outbox-${row.id}@${domain}>`, from: config.mailFrom, to: row.toAddress, ...content });
        done.add(row, clock.now(), content ? null : "no longer owed");
        if (content) result.sent++;
        else result.skipped++;
      } catch (error) {
        markAttemptFailed(db, row, clock.now(), error, MAX_ATTEMPTS);
        result.failed++;
      }
    });
  } finally {
    // What the server accepted is marked even when the run stops on an error, so only a dying process repeats sends.
    done.flush();
  }
  return result;
}
