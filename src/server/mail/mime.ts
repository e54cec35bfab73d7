/**
 * One outgoing email as RFC 5322 text: a multipart/alternative of a plain-text and an HTML part, each base64.
 * Built here rather than by nodemailer's composer, which streams a message in dozens of small writes and
 * spent most of the CPU of a bulk alert run; nodemailer still speaks SMTP.
 */
/** One message as the mailer hands it on. */
export interface OutgoingEmail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const isAscii = (value: string) => /^[\x20-\x7e]*$/.test(value);

/**
 * Header text on one logical line. Text that is not plain printable ASCII becomes RFC 2047 encoded-words of
 * at most 45 UTF-8 bytes each (75 characters encoded, the RFC's limit), never splitting a character, folded.
 */
function headerText(value: string): string {
  const oneLine = value.replace(/[\r\n]+/g, " ");
  if (isAscii(oneLine)) return oneLine;
  const words: string[] = [];
  let chunk = "";
  for (const character of oneLine) {
    if (Buffer.byteLength(chunk + character) > 45) {
      words.push(chunk);
      chunk = "";
    }
    chunk += character;
  }
  words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, "utf8").toString("base64")}?=`).join("\r\n ");
}

const MAILBOX = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/;

/** The address alone, for the SMTP envelope: `GoRDU <deals@gordu.com>` → `deals@gordu.com`. */
export const addressOf = (mailboxText: string) => mailboxText.match(MAILBOX)?.[2] ?? mailboxText.trim();

/** `Name <address>` with the name encoded when needed; a bare address stays as it is. */
function mailbox(value: string): string {
  const match = value.match(MAILBOX);
  if (!match) return value.trim();
  const [, name, address] = match;
  if (!name) return `<${address}>`;
  const plainName = name.replace(/^"(.*)"$/, "$1");
  return `${isAscii(plainName) ? `"${plainName.replace(/["\\]/g, "\\$&")}"` : headerText(plainName)} <${address}>`;
}

/** Base64 in lines of 76 characters, as MIME requires. */
function base64Lines(body: string): string {
  const encoded = Buffer.from(body, "utf8").toString("base64");
  const lines: string[] = [];
  for (let start = 0; start < encoded.length; start += 76) lines.push(encoded.slice(start, start + 76));
  return lines.join("\r\n");
}

export function buildMimeMessage(email: OutgoingEmail, date: Date): string {
  const boundary = `gordu-${crypto.randomUUID()}`;
  const extraHeaders = Object.entries(email.headers).map(([name, value]) => `${name.replace(/[^\w-]/g, "")}: ${headerText(value)}`);
  return [
    `From: ${mailbox(email.from)}`,
    `To: ${mailbox(email.to)}`,
    `Subject: ${headerText(email.subject)}`,
    `Message-ID: ${email.messageId}`,
    `Date: ${date.toUTCString().replace("GMT", "+0000")}`,
    ...extraHeaders,
    "MIME-Version: 1.0",
    "Content-Type: multipart/alternative;",
    ` boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(email.text),
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(email.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
