import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.ts";
import { addressOf, buildMimeMessage, type OutgoingEmail } from "./mime.ts";
import { log } from "../log.ts";
import { SmtpPool } from "./smtp-pool.ts";

/** Hands one message to the world. Implementations throw when the message was not accepted. */
export interface Mailer {
  readonly description: string;
  send(email: OutgoingEmail): Promise<void>;
  close(): Promise<void>;
}

/** Real delivery: a pool of SMTP connections to SMTP_URL (smtp-pool.ts). */
export function createSmtpMailer(smtpUrl: string): Mailer {
  const pool = new SmtpPool({ url: smtpUrl, size: 10, connectionTimeoutMs: 10_000, greetingTimeoutMs: 10_000, socketTimeoutMs: 30_000 });
  return {
    description: `SMTP (${new URL(smtpUrl).host})`,
    async send(email) {
      await pool.send({ from: addressOf(email.from), to: [email.to] }, buildMimeMessage(email, new Date()));
    },
    async close() {
      pool.close();
    },
  };
}

/**
 * The embedded default: every message becomes an .eml file under db/outbox/ and one log line, so a
 * local user can open a reset link without any mail server.
 */
export function createFileOutboxMailer(directory: string): Mailer {
  return {
    description: `outbox files (${directory})`,
    async send(email) {
      mkdirSync(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = join(directory, `${stamp}-${email.messageId.replace(/[^\w.-]/g, "")}.eml`);
      await Bun.write(file, buildMimeMessage(email, new Date()));
      const link = email.text.match(/https?:\/\/\S+/)?.[0];
      log.info("[mail] written to the outbox folder", { to: email.to, subject: email.subject, link, file });
    },
    async close() {},
  };
}

export function createMailer(config: Config): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createFileOutboxMailer(config.outboxDir);
}
