export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

export interface EmailButton {
  label: string;
  url: string;
}

/** HTML blocks are trusted markup built by templates; every user-supplied value goes through escapeHtml first. */
export function emailLayout(input: { heading: string; htmlBlocks: string[]; buttons?: EmailButton[]; footerHtml?: string }): string {
  const buttons = (input.buttons ?? [])
    .map(
      (button) =>
        `<a href="${escapeHtml(button.url)}" style="display:inline-block;margin:4px 8px 4px 0;padding:10px 18px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(button.label)}</a>`,
    )
    .join("");
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.heading)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;padding:24px">
<tr><td style="font-size:20px;font-weight:700;color:#0b5cad;padding-bottom:8px">GoRDU</td></tr>
<tr><td><h1 style="font-size:22px;margin:8px 0 16px">${escapeHtml(input.heading)}</h1>
${input.htmlBlocks.map((block) => `<div style="font-size:16px;line-height:1.5;margin:0 0 12px">${block}</div>`).join("\n")}
${buttons ? `<p style="margin:20px 0">${buttons}</p>` : ""}
</td></tr>
<tr><td style="font-size:12px;color:#6b7785;padding-top:16px;border-top:1px solid #e4e7eb">${input.footerHtml ?? "GoRDU · Flight deals from Raleigh-Durham (RDU)"}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
