import { emailLayout, escapeHtml, type RenderedEmail } from "./layout.ts";

interface Person {
  firstName: string;
  email: string;
}

export function paymentFailedEmail(person: Person, dashboardUrl: string): RenderedEmail {
  const greeting = `Hi ${person.firstName || person.email},`;
  return {
    subject: "Your GoRDU payment didn't go through",
    text: [
      greeting,
      "",
      "We couldn't charge your card for your GoRDU subscription. Please update your card so your deal alerts keep coming:",
      dashboardUrl,
      "",
      "Open the dashboard, choose Update card, and enter a new card. We'll retry the payment automatically.",
    ].join("\n"),
    html: emailLayout({
      heading: "Please update your card",
      htmlBlocks: [
        escapeHtml(greeting),
        "We couldn't charge your card for your GoRDU subscription. Please update your card so your deal alerts keep coming.",
        "Open the dashboard, choose <strong>Update card</strong>, and enter a new card. We'll retry the payment automatically.",
      ],
      buttons: [{ label: "Update your card", url: dashboardUrl }],
    }),
  };
}

export function trialEndingEmail(person: Person, trialEnds: string, dashboardUrl: string): RenderedEmail {
  const greeting = `Hi ${person.firstName || person.email},`;
  return {
    subject: "Your GoRDU free trial ends soon",
    text: [greeting, "", `Your free trial ends on ${trialEnds}; your plan then continues automatically.`, `Manage your plan: ${dashboardUrl}`].join("\n"),
    html: emailLayout({
      heading: "Your free trial ends soon",
      htmlBlocks: [escapeHtml(greeting), `Your free trial ends on <strong>${escapeHtml(trialEnds)}</strong>; your plan then continues automatically.`],
      buttons: [{ label: "Manage your plan", url: dashboardUrl }],
    }),
  };
}

/** A billing event confirmed (decision 107): the words come from src/domain/billing-changes.ts, laid out here. */
export function billingConfirmationEmail(
  person: Person,
  confirmation: { subject: string; heading: string; paragraphs: string[]; facts: { label: string; value: string }[] },
  dashboardUrl: string,
): RenderedEmail {
  const greeting = `Hi ${person.firstName || person.email},`;
  const width = Math.max(...confirmation.facts.map((fact) => fact.label.length));
  const factRows = confirmation.facts
    .map(
      (fact) =>
        `<tr><th scope="row" style="text-align:left;font-weight:600;padding:6px 16px 6px 0;vertical-align:top;white-space:nowrap">${escapeHtml(fact.label)}</th><td style="padding:6px 0">${escapeHtml(fact.value)}</td></tr>`,
    )
    .join("");
  return {
    subject: confirmation.subject,
    text: [
      greeting,
      "",
      ...confirmation.paragraphs.flatMap((paragraph) => [paragraph, ""]),
      ...confirmation.facts.map((fact) => `${`${fact.label}:`.padEnd(width + 2)}${fact.value}`),
      "",
      `Your dashboard: ${dashboardUrl}`,
    ].join("\n"),
    html: emailLayout({
      heading: confirmation.heading,
      htmlBlocks: [
        escapeHtml(greeting),
        ...confirmation.paragraphs.map(escapeHtml),
        `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:16px;line-height:1.4;border-top:1px solid #e4e7eb;border-bottom:1px solid #e4e7eb;width:100%">${factRows}</table>`,
      ],
      buttons: [{ label: "Open your dashboard", url: dashboardUrl }],
    }),
  };
}
