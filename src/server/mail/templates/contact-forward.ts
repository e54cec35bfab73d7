import type { ContactRequest } from "../../../domain/api/site.ts";
import { emailLayout, escapeHtml, type RenderedEmail } from "./layout.ts";

/** A visitor's message, forwarded to the support address. */
export function contactForwardEmail(message: ContactRequest): RenderedEmail {
  const subject = `Contact form: ${message.subject}`.replace(/[\r\n]+/g, " ").slice(0, 200);
  const text = [`From: ${message.name} <${message.email}>`, `Subject: ${message.subject}`, "", message.description].join("\n");
  const html = emailLayout({
    heading: "New contact message",
    htmlBlocks: [
      `<strong>From:</strong> ${escapeHtml(message.name)} &lt;${escapeHtml(message.email)}&gt;`,
      `<strong>Subject:</strong> ${escapeHtml(message.subject)}`,
      `<div style="white-space:pre-wrap">${escapeHtml(message.description)}</div>`,
    ],
  });
  return { subject, text, html };
}
