/**
 * The mailbox an email address delivers to, as far as the big providers tell us (decision 098): what "one person"
 * means for a free trial and for the signup code's per-address limit. Never used to find or name an account
 * (accounts are unique by their address without regard to case).
 *
 * - Case is ignored, and trailing dots of the domain.
 * - A "+tag" is dropped at every domain: sub-addressing delivers to the same mailbox at Gmail, Outlook, iCloud,
 *   Proton, Fastmail, Yahoo (with "+" since 2024) and most company mail servers.
 * - Dots in the local part are dropped only where Google says they do not matter (gmail.com, googlemail.com,
 *   which is the same mailbox as gmail.com).
 */
const SAME_DOMAIN: Record<string, string> = { "googlemail.com": "gmail.com" };
const DOTS_IGNORED = new Set(["gmail.com"]);

export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  const domainAsTyped = address.slice(at + 1).replace(/\.+$/, "");
  const domain = SAME_DOMAIN[domainAsTyped] ?? domainAsTyped;
  let local = address.slice(0, at);
  const tagAt = local.indexOf("+");
  if (tagAt > 0) local = local.slice(0, tagAt);
  if (DOTS_IGNORED.has(domain)) local = local.replaceAll(".", "") || local;
  return `${local}@${domain}`;
}
