import { emailLayout, escapeHtml, type RenderedEmail } from "./layout.ts";

interface Person {
  firstName: string;
  email: string;
}

/** A friend who joined through the member's link paid their first charge (decision 135). Names no friend. */
export function freeMonthEarnedEmail(person: Person, credit: { dollars: number; monthsEarned: number }, dashboardUrl: string): RenderedEmail {
  const greeting = `Hi ${person.firstName || person.email},`;
  const amount = `$${credit.dollars}`;
  const total = credit.monthsEarned === 1 ? "This is your first free month." : `You have earned ${credit.monthsEarned} free months so far.`;
  return {
    subject: "You earned a free month",
    text: [
      greeting,
      "",
      `A friend you invited has joined GoRDU and paid for their plan. Thank you! We have added ${amount}, one month of your plan, to your account as credit; your next payment uses it first.`,
      total,
      "",
      `Your referral link and what it has earned: ${dashboardUrl}`,
    ].join("\n"),
    html: emailLayout({
      heading: "You earned a free month",
      htmlBlocks: [
        escapeHtml(greeting),
        `A friend you invited has joined GoRDU and paid for their plan. Thank you! We have added <strong>${escapeHtml(amount)}</strong>, one month of your plan, to your account as credit; your next payment uses it first.`,
        escapeHtml(total),
      ],
      buttons: [{ label: "See your referrals", url: dashboardUrl }],
    }),
  };
}
