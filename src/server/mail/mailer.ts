import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { Config } from "../config.ts";
import { addressOf, buildMimeMessage, type OutgoingEmail } from "./mime.ts";
import { log } from "../log.ts";

/** Hands one message to the world. Implementations throw when the message was not accepted. */
export interface Mailer {
  readonly description: string;
  send(email: OutgoingEmail): Promise<void>;
  close(): Promise<void>;
}

/** nodemailer is loaded with the first message, which keeps start-up fast. */
const loadNodemailer = () => import("nodemailer").then((module) => module.default);

/** Real delivery: a pooled SMTP connection to SMTP_URL. */
export function createSmtpMailer(smtpUrl: string): Mailer {
  let transport: Promise<Transporter> | null = null;
  const connect = () =>
    (transport ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 10,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as SMTPPool.Options),
    ));
  return {
    description: `SMTP (${new URL(smtpUrl).host})`,
    async send(email) {
      await (await connect()).sendMail({ envelope: { from: addressOf(email.from), to: [email.to] }, raw: buildMimeMessage(email, new Date()) });
    },
    async close() {
      if (transport) (await transport).close();
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
