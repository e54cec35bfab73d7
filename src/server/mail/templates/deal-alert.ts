/** The deal alert: one email per subscriber and scan, listing that scan's new deals for them. Pure. */
import type { DealTier } from "../../../domain/api/deals.ts";
import { TIER_LABEL } from "../../../domain/deal-labels.ts";
import { goSavings } from "../../../domain/deals.ts";
import type { BookingLink, DealLinks } from "../../../domain/links.ts";
import { emailLayout, escapeHtml, type RenderedEmail } from "./layout.ts";

export interface AlertedDeal {
  destination: string;
  city: string;
  price: number;
  /** 'Round Trip' or 'One Way' */
  tripType: string;
  /** e.g. 'Fri, Apr 9 - Sun, Apr 11, 2027' (formatTravelDates) */
  travelDates: string;
  airline: string;
  nonstop: boolean;
  percentBelowTypical: number;
  /** The route's typical price this month, in whole dollars: what Go Savings is measured against. */
  typicalPrice: number;
  typicalLow: number;
  typicalHigh: number;
  /** The fares the decision compared with, e.g. 'weekend trips to Boston in March'. */
  comparedWith: string;
  /** 'Cheaper than 99% of fares we've seen over 120 days for weekend trips to Boston in March.', when the deal kept it. */
  evidence: string | null;
  /** When the fare was last checked, in the member's zone, e.g. 'Sun, Nov 22, 10:00 am EST'. */
  lastChecked: string;
  tier: DealTier;
  /** One primary action and at most one other place to look (decision 108); each label says where it goes. */
  links: DealLinks;
  /** Opens the deal on the dashboard, where the member shares it (a link in an email cannot make the share itself). */
  shareUrl?: string;
  /** Stops alerts about this destination for 30 days. */
  snoozeUrl: string;
}

export interface DealAlertInput {
  firstName: string;
  email: string;
  deals: AlertedDeal[];
  dashboardUrl: string;
  /** The public deal rule, linked from every alert. */
  howWeFindDealsUrl: string;
  unsubscribeUrl: string;
  /** The dashboard's alert settings: windows, delivery, quiet hours, the cap, devices, snoozes. */
  settingsUrl: string;
  supportEmail: string;
  /** A daily or weekly digest: the deals ranked by savings, under their own subject. */
  digest?: boolean;
}

/** Beyond this, the email points to the dashboard for the rest. */
export const MAX_DEALS_IN_ALERT = 10;

const dollars = (amount: number) => `$${Math.round(amount).toLocaleString("en-US")}`;
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ");

function subjectOf(deals: readonly AlertedDeal[], digest: boolean): string {
  const [first, second] = deals;
  if (digest && first)
    return oneLine(`Your GoRDU digest: ${deals.length} ${deals.length === 1 ? "deal" : "deals"} from RDU, from ${dollars(first.price)} to ${first.city}`);
  if (!first) return "New flight deals from RDU";
  if (!second) {
    return oneLine(`${dollars(first.price)} ${first.tripType.toLowerCase()} to ${first.city}, ${first.percentBelowTypical}% below typical`);
  }
  const more = deals.length > 2 ? " and more" : "";
  return oneLine(`${deals.length} new deals from RDU: ${first.city} ${dollars(first.price)}, ${second.city} ${dollars(second.price)}${more}`);
}

function headline(deal: AlertedDeal): string {
  return `${deal.city} (${deal.destination}): ${dollars(deal.price)} ${deal.tripType.toLowerCase()}, ${deal.percentBelowTypical}% below typical`;
}

/** 'Save $77: the typical fare is $266' (the dashboard's Go Savings, the same rule). */
const savingsLine = (deal: AlertedDeal) =>
  `Save ${dollars(goSavings({ startingPrice: deal.price, typicalPrice: deal.typicalPrice }))}: the typical fare is ${dollars(deal.typicalPrice)}`;

function details(deal: AlertedDeal): string {
  return `${deal.travelDates} · ${deal.airline} · ${deal.nonstop ? "Nonstop" : "With stops"} · ${savingsLine(deal)} (usually ${dollars(deal.typicalLow)}–${dollars(deal.typicalHigh)} for ${deal.comparedWith})`;
}

/** Why it is a deal, in the dashboard's words, and when it was last checked. */
const evidenceLine = (deal: AlertedDeal) => `${deal.evidence ? `${deal.evidence} ` : ""}Last checked ${deal.lastChecked}.`;

const primaryButton = (link: BookingLink) =>
  `<a href="${escapeHtml(link.url)}" style="display:inline-block;margin:6px 8px 0 0;padding:8px 14px;background:#0b5cad;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;font-size:14px">${escapeHtml(link.label)}</a>`;

const outlineButton = (label: string, url: string) =>
  `<a href="${escapeHtml(url)}" style="display:inline-block;margin:6px 8px 0 0;padding:7px 13px;border:1px solid #0b5cad;color:#0b5cad;text-decoration:none;border-radius:6px;font-weight:600;font-size:14px">${escapeHtml(label)}</a>`;

function dealBlock(deal: AlertedDeal): string {
  return `<div style="border:1px solid #e4e7eb;border-radius:8px;padding:14px 16px">
<div style="font-size:12px;font-weight:700;text-transform:uppercase;color:#b45309">${escapeHtml(TIER_LABEL[deal.tier])}</div>
<div style="font-size:18px;font-weight:700;margin:4px 0">${escapeHtml(deal.city)} (${escapeHtml(deal.destination)}) · ${escapeHtml(dollars(deal.price))} <span style="font-weight:400;font-size:14px">${escapeHtml(deal.tripType.toLowerCase())}</span></div>
<div style="font-size:15px;color:#0f7b3f;font-weight:600">${escapeHtml(savingsLine(deal))}, ${deal.percentBelowTypical}% below</div>
<div style="font-size:13px;color:#52606d">Usually ${escapeHtml(dollars(deal.typicalLow))}–${escapeHtml(dollars(deal.typicalHigh))} for ${escapeHtml(deal.comparedWith)}</div>
<div style="font-size:13px;color:#52606d">${escapeHtml(evidenceLine(deal))}</div>
<div style="font-size:14px;color:#52606d;margin-top:4px">${escapeHtml(deal.travelDates)} · ${escapeHtml(deal.airline)} · ${deal.nonstop ? "Nonstop" : "With stops"}</div>
${primaryButton(deal.links.primary)}${deal.links.secondary ? outlineButton(deal.links.secondary.label, deal.links.secondary.url) : ""}${deal.shareUrl ? outlineButton("Share", deal.shareUrl) : ""}
<div style="font-size:13px;margin-top:8px"><a href="${escapeHtml(deal.snoozeUrl)}" style="color:#52606d">Snooze ${escapeHtml(deal.city)} for 30 days</a></div>
</div>`;
}

export function dealAlertEmail(input: DealAlertInput): RenderedEmail {
  const savings = (deal: AlertedDeal) => goSavings({ startingPrice: deal.price, typicalPrice: deal.typicalPrice });
  const deals = [...input.deals].sort((a, b) =>
    input.digest ? savings(b) - savings(a) || a.price - b.price : b.percentBelowTypical - a.percentBelowTypical || a.price - b.price,
  );
  const shown = deals.slice(0, MAX_DEALS_IN_ALERT);
  const hidden = deals.length - shown.length;
  const greeting = `Hi ${input.firstName || input.email},`;
  const intro =
    deals.length === 1
      ? "We found a fare from Raleigh-Durham (RDU) well below its usual price:"
      : `We found ${deals.length} fares from Raleigh-Durham (RDU) well below their usual prices:`;
  const moreLine = hidden > 0 ? `…and ${hidden} more on your dashboard.` : null;
  const caution = "Fares like these change fast. Book directly with the airline; GoRDU never sells tickets.";

  const text = [
    greeting,
    "",
    intro,
    "",
    ...shown.flatMap((deal) => [
      headline(deal),
      details(deal),
      evidenceLine(deal),
      `${deal.links.primary.label}: ${deal.links.primary.url}`,
      ...(deal.links.secondary ? [`${deal.links.secondary.label}: ${deal.links.secondary.url}`] : []),
      ...(deal.shareUrl ? [`Share with a travel partner: ${deal.shareUrl}`] : []),
      `Snooze ${deal.city} for 30 days: ${deal.snoozeUrl}`,
      "",
    ]),
    ...(moreLine ? [moreLine, ""] : []),
    `All your deals: ${input.dashboardUrl}`,
    `How we find deals: ${input.howWeFindDealsUrl}`,
    "",
    caution,
    "",
    `Alert settings (travel windows, digests, quiet hours): ${input.settingsUrl}`,
    `Stop deal alerts: ${input.unsubscribeUrl}`,
    `Questions: ${input.supportEmail}`,
  ].join("\n");

  const html = emailLayout({
    heading: input.digest ? "Your deals digest" : deals.length === 1 ? "A new deal from RDU" : `${deals.length} new deals from RDU`,
    htmlBlocks: [
      escapeHtml(greeting),
      escapeHtml(intro),
      ...shown.map(dealBlock),
      ...(moreLine ? [escapeHtml(moreLine)] : []),
      `<span style="font-size:14px;color:#52606d">${escapeHtml(caution)} <a href="${escapeHtml(input.howWeFindDealsUrl)}" style="color:#0b5cad">How we find deals</a></span>`,
    ],
    buttons: [{ label: "See your deals", url: input.dashboardUrl }],
    footerHtml:
      `GoRDU · Flight deals from Raleigh-Durham (RDU)<br>` +
      `You get these because deal alerts are on for ${escapeHtml(input.email)}. ` +
      `<a href="${escapeHtml(input.settingsUrl)}" style="color:#6b7785">Alert settings</a> · ` +
      `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7785">Unsubscribe from deal alerts</a> · ` +
      `<a href="mailto:${escapeHtml(input.supportEmail)}" style="color:#6b7785">${escapeHtml(input.supportEmail)}</a>`,
  });

  return { subject: subjectOf(deals, input.digest === true), text, html };
}

/** What differs between two members' copies of the same alert: whom it greets and addresses, and their own links. */
export interface DealAlertPersonal {
  firstName: string;
  email: string;
  unsubscribeUrl: string;
  /** Each deal's snooze link, by destination. */
  snoozeUrls: Record<string, string>;
}

/** An alert's parts every member of a group gets alike: the same deals, in the same zone, on the same day. */
export type DealAlertShared = Omit<DealAlertInput, "firstName" | "email" | "unsubscribeUrl" | "deals"> & { deals: Omit<AlertedDeal, "snoozeUrl">[] };

/** A personal part's place in a skeleton: NUL never occurs in a rendered email, nor does any escaping change it. */
const slot = (name: string) => `\0${name}\0`;
const SLOT = /\0([\w:-]+)\0/g;

/** The alert of one member: the group's parts and theirs. */
export function dealAlertFor(shared: DealAlertShared, personal: DealAlertPersonal): RenderedEmail {
  return dealAlertEmail({
    ...shared,
    deals: shared.deals.map((deal) => ({ ...deal, snoozeUrl: personal.snoozeUrls[deal.destination] ?? "" })),
    firstName: personal.firstName,
    email: personal.email,
    unsubscribeUrl: personal.unsubscribeUrl,
  });
}

/**
 * The alert with a slot where each personal part goes, so a group's alert is rendered once (decision 122);
 * personalizeDealAlert fills it in for each member. Null when a shared text itself holds a NUL (then render it whole).
 */
export function dealAlertSkeleton(shared: DealAlertShared): RenderedEmail | null {
  if (JSON.stringify(shared).includes("\\u0000")) return null;
  return dealAlertFor(shared, {
    firstName: slot("name"),
    email: slot("email"),
    unsubscribeUrl: slot("unsubscribe"),
    snoozeUrls: Object.fromEntries(shared.deals.map((deal) => [deal.destination, slot(`snooze:${deal.destination}`)])),
  });
}

/**
 * The member's copy: each slot replaced by its value, escaped for HTML in the HTML part, in one pass (a value that
 * looks like a slot stays as it is). The same bytes as dealAlertEmail with the member's own values.
 */
export function personalizeDealAlert(skeleton: RenderedEmail, personal: DealAlertPersonal): RenderedEmail {
  const values = new Map([
    ["name", personal.firstName || personal.email],
    ["email", personal.email],
    ["unsubscribe", personal.unsubscribeUrl],
    ...Object.entries(personal.snoozeUrls).map(([destination, url]) => [`snooze:${destination}`, url] as const),
  ]);
  const fill = (template: string, encode: (value: string) => string) =>
    template.replace(SLOT, (whole, name: string) => {
      const value = values.get(name);
      return value === undefined ? whole : encode(value);
    });
  return { subject: skeleton.subject, text: fill(skeleton.text, (value) => value), html: fill(skeleton.html, escapeHtml) };
}
