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
