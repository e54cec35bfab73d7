/** The small pages behind the unsubscribe link in alert emails: plain HTML, no script. */
import { escapeHtml } from "../mail/templates/layout.ts";

/** A small plain page (no script): the unsubscribe and snooze links' confirmations. */
export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · GoRDU</title></head>
<body style="margin:0;font-family:Helvetica,Arial,sans-serif;background:#f4f6f8;color:#1f2933">
<main style="max-width:520px;margin:48px auto;background:#fff;border-radius:8px;padding:32px">
<p style="font-size:20px;font-weight:700;color:#0b5cad;margin:0 0 16px">GoRDU</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

/** Shows the address: only the first letter and the domain, since the link may be forwarded. */
export function maskEmail(email: string): string {
  const [name = "", domain = ""] = email.split("@");
  return `${name.slice(0, 1)}•••@${domain}`;
}

export function confirmUnsubscribePage(email: string, actionUrl: string): string {
  return page(
    "Stop deal alert emails?",
    `<p>Deal alerts for <strong>${escapeHtml(maskEmail(email))}</strong> will stop. Your deals stay on your dashboard, and you can turn alerts back on there at any time.</p>
<form method="post" action="${escapeHtml(actionUrl)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:10px 18px;background:#0b5cad;color:#fff;border:0;border-radius:6px;font-weight:600;font-size:16px;cursor:pointer">Turn off deal alerts</button>
</form>`,
  );
}

export function unsubscribedPage(email: string, dashboardUrl: string): string {
  return page(
    "You're unsubscribed",
    `<p>We won't send deal alerts to <strong>${escapeHtml(maskEmail(email))}</strong> any more.</p>
<p>Changed your mind? Switch Email Alerts back on from <a href="${escapeHtml(dashboardUrl)}">your dashboard</a>.</p>`,
  );
}

export function invalidUnsubscribeLinkPage(): string {
  return page(
    "This link isn't valid",
    "<p>This unsubscribe link is incomplete or no longer valid. You can turn deal alerts off from the Email Alerts switch on your dashboard.</p>",
  );
}
