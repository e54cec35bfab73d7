import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on loopback that keeps every message it accepts, parsed. */
export class MailCatcher {
  readonly messages: ParsedMail[] = [];
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.messages.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    // A sender killed mid-message (a crash test) resets its connection; that is not the catcher's failure.
    this.server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET") console.error("[mail-catcher]", error);
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  messagesTo(address: string): ParsedMail[] {
    return this.messages.filter((mail) => addressesOf(mail).includes(address.toLowerCase()));
  }

  async waitFor(address: string, predicate: (mail: ParsedMail) => boolean = () => true, timeoutMs = 10_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messagesTo(address).find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No email to ${address} arrived within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((entry) => (entry.address ?? "").toLowerCase()));
}
