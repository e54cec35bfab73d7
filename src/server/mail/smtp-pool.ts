/**
 * A small pool of SMTP connections (nodemailer's SMTPConnection: the protocol, STARTTLS, AUTH) that sends messages
 * already built as MIME text. nodemailer's own pooled transport runs each message through its composer, plugins
 * and a chain of streams before a byte reaches the socket, which cost a bulk alert run a third of its CPU
 * (decision 132). A connection that fails is closed and replaced; one that has sent MESSAGES_PER_CONNECTION is
 * renewed, as nodemailer's pool does; an idle one the server closed leaves the pool.
 */
import type SMTPConnection from "nodemailer/lib/smtp-connection";

/** nodemailer is loaded with the first message, which keeps start-up fast. */
const loadNodemailer = () => Promise.all([import("nodemailer/lib/smtp-connection"), import("nodemailer/lib/shared")]);

const MESSAGES_PER_CONNECTION = 100;

export interface SmtpPoolOptions {
  url: string;
  size: number;
  connectionTimeoutMs: number;
  greetingTimeoutMs: number;
  socketTimeoutMs: number;
}

interface Pooled {
  connection: SMTPConnection;
  sent: number;
  closed: boolean;
}

export class SmtpPool {
  private readonly idle: Pooled[] = [];
  private readonly waiting: (() => void)[] = [];
  private busy = 0;
  private closing = false;

  constructor(private readonly options: SmtpPoolOptions) {}

  /** Sends one message; rejects with the server's or the network's error when it was not accepted. */
  async send(envelope: { from: string; to: string[] }, message: string): Promise<void> {
    const pooled = await this.take();
    try {
      await new Promise<void>((resolve, reject) => pooled.connection.send(envelope, message, (error) => (error ? reject(error) : resolve())));
      pooled.sent++;
      this.giveBack(pooled);
    } catch (error) {
      this.discard(pooled);
      throw error;
    }
  }

  /** Closes every idle connection (QUIT); connections in use close as their message ends. */
  close(): void {
    this.closing = true;
    for (const pooled of this.idle.splice(0)) this.quit(pooled);
  }

  private async take(): Promise<Pooled> {
    while (this.busy >= this.options.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy++;
    const ready = this.idle.pop();
    if (ready) return ready;
    try {
      return await this.open();
    } catch (error) {
      this.release();
      throw error;
    }
  }

  private giveBack(pooled: Pooled): void {
    if (this.closing || pooled.closed || pooled.sent >= MESSAGES_PER_CONNECTION) this.quit(pooled);
    else this.idle.push(pooled);
    this.release();
  }

  private discard(pooled: Pooled): void {
    pooled.closed = true;
    pooled.connection.close();
    this.release();
  }

  private release(): void {
    this.busy--;
    this.waiting.shift()?.();
  }

  private quit(pooled: Pooled): void {
    pooled.closed = true;
    pooled.connection.quit();
  }

  private async open(): Promise<Pooled> {
    const [{ default: Connection }, { parseConnectionUrl }] = await loadNodemailer();
    const { auth, ...address } = parseConnectionUrl(this.options.url);
    const connection = new Connection({
      ...address,
      connectionTimeout: this.options.connectionTimeoutMs,
      greetingTimeout: this.options.greetingTimeoutMs,
      socketTimeout: this.options.socketTimeoutMs,
    });
    const pooled: Pooled = { connection, sent: 0, closed: false };
    return new Promise<Pooled>((resolve, reject) => {
      let settled = false;
      const fail = (error: Error) => {
        pooled.closed = true;
        this.forget(pooled);
        if (!settled) {
          settled = true;
          connection.close();
          reject(error);
        }
      };
      connection.on("error", fail);
      connection.on("end", () => {
        pooled.closed = true;
        this.forget(pooled);
      });
      connection.connect(() => {
        const ready = () => {
          settled = true;
          resolve(pooled);
        };
        if (!auth?.user) return ready();
        connection.login({ user: auth.user, pass: auth.pass }, (error) => (error ? fail(error) : ready()));
      });
    });
  }

  /** An idle connection the server or the network closed leaves the pool. */
  private forget(pooled: Pooled): void {
    const index = this.idle.indexOf(pooled);
    if (index >= 0) this.idle.splice(index, 1);
  }
}
