// mail/templates/: each email as a pure function of its data: subject, text and HTML.
// Imports only the layout here and src/domain.
import { emailLayout, escapeHtml, type RenderedEmail } from "./layout.ts";

interface Person {
  firstName: string;
  email: string;
}

const greeting = (person: Person) => `Hi ${person.firstName || person.email},`;

export function passwordResetEmail(person: Person, resetUrl: string): RenderedEmail {
  return {
    subject: "Reset your GoRDU password",
    text: [
      greeting(person),
      "",
      "Someone (hopefully you) asked to reset the password of your GoRDU account.",
      "Choose a new password here (the link works once, for 1 hour):",
      resetUrl,
      "",
      "If you didn't ask for this, ignore this email: your password stays the same.",
    ].join("\n"),
    html: emailLayout({
      heading: "Reset your password",
      htmlBlocks: [
        escapeHtml(greeting(person)),
        "Someone (hopefully you) asked to reset the password of your GoRDU account. The link below works once, for 1 hour.",
        "If you didn't ask for this, ignore this email: your password stays the same.",
      ],
      buttons: [{ label: "Choose a new password", url: resetUrl }],
    }),
  };
}

/** A reset asked for by someone who has no password yet (a new subscriber): set one, rather than reset it. */
export function setPasswordEmail(person: Person, setPasswordUrl: string): RenderedEmail {
  return {
    subject: "Set your GoRDU password",
    text: [
      greeting(person),
      "",
      "Here is a fresh link to set the password of your GoRDU account (it works once, for 1 hour, and replaces any earlier link):",
      setPasswordUrl,
      "",
      "If you didn't ask for this, ignore this email.",
    ].join("\n"),
    html: emailLayout({
      heading: "Set your password",
      htmlBlocks: [
        escapeHtml(greeting(person)),
        "Here is a fresh link to set the password of your GoRDU account. It works once, for 1 hour, and replaces any earlier link.",
        "If you didn't ask for this, ignore this email.",
      ],
      buttons: [{ label: "Set your password", url: setPasswordUrl }],
    }),
  };
}

export function passwordChangedEmail(person: Person, loginUrl: string, supportEmail: string): RenderedEmail {
  return {
    subject: "Your GoRDU password was changed",
    text: [
      greeting(person),
      "",
      "The password of your GoRDU account was just changed, and other devices were signed out.",
      `If this wasn't you, reset your password from ${loginUrl} and write to ${supportEmail}.`,
    ].join("\n"),
    html: emailLayout({
      heading: "Your password was changed",
      htmlBlocks: [
        escapeHtml(greeting(person)),
        "The password of your GoRDU account was just changed, and other devices were signed out.",
        `If this wasn't you, reset your password from the login page and write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>.`,
      ],
      buttons: [{ label: "Go to login", url: loginUrl }],
    }),
  };
}

/** What the welcome email says about the membership: a trial and its end, or a paid start and the next payment. */
export type MembershipStart = { trialEnds: string } | { nextPayment: string };

export function welcomeEmail(person: Person, setPasswordUrl: string, dashboardUrl: string, start: MembershipStart): RenderedEmail {
  const [plain, html] =
    "trialEnds" in start
      ? [`Your 7-day free trial runs until ${start.trialEnds}.`, `Your 7-day free trial runs until <strong>${escapeHtml(start.trialEnds)}</strong>.`]
      : [
          `Your membership has started; your next payment is on ${start.nextPayment}.`,
          `Your membership has started; your next payment is on <strong>${escapeHtml(start.nextPayment)}</strong>.`,
        ];
  return {
    subject: "Welcome to GoRDU: set your password",
    text: [
      greeting(person),
      "",
      `Welcome aboard! ${plain}`,
      "You're signed in on the device you subscribed from. To sign in anywhere else, set your password (the link works for 7 days):",
      setPasswordUrl,
      "",
      `Your deals: ${dashboardUrl}`,
    ].join("\n"),
    html: emailLayout({
      heading: "Welcome to GoRDU",
      htmlBlocks: [
        escapeHtml(greeting(person)),
        `Welcome aboard! ${html}`,
        "You're signed in on the device you subscribed from. To sign in anywhere else, set your password (the link works for 7 days).",
      ],
      buttons: [
        { label: "Set your password", url: setPasswordUrl },
        { label: "See your deals", url: dashboardUrl },
      ],
    }),
  };
}

/**
 * The code that confirms a signup's address (decision 097). The code is in the body only: a delivered email's
 * body is cleared from the outbox, its subject is kept.
 */
export function signupCodeEmail(person: Person, code: string, minutes: number): RenderedEmail {
  return {
    subject: "Your GoRDU signup code",
    text: [
      greeting(person),
      "",
      "Here is the code to continue your GoRDU signup:",
      "",
      `    ${code}`,
      "",
      `Type it on the signup page, in the browser where you asked for it. It works for ${minutes} minutes and replaces any earlier code.`,
      "",
      "If you didn't ask for this, ignore this email: nothing happens without the code.",
    ].join("\n"),
    html: emailLayout({
      heading: "Your signup code",
      htmlBlocks: [
        escapeHtml(greeting(person)),
        "Here is the code to continue your GoRDU signup:",
        `<strong style="font-size:28px;letter-spacing:6px">${escapeHtml(code)}</strong>`,
        `Type it on the signup page, in the browser where you asked for it. It works for ${minutes} minutes and replaces any earlier code.`,
        "If you didn't ask for this, ignore this email: nothing happens without the code.",
      ],
    }),
  };
}

/**
 * A signup was started with the address of an existing account: the page answered as it does for anyone, and the
 * owner hears here, instead of getting a code, how to sign in or come back. Nothing was started or charged.
 */
export function accountExistsEmail(person: Person, loginUrl: string, canRejoin: boolean): RenderedEmail {
  const rejoin = canRejoin ? ["Your membership has ended: once you're signed in, choose Rejoin on your dashboard to come back."] : [];
  return {
    subject: "You already have a GoRDU account",
    text: [
      greeting(person),
      "",
      "Someone (hopefully you) just started a GoRDU signup with this address. You already have an account, so there is nothing to sign up for, and nothing has been charged.",
      "",
      `Sign in here: ${loginUrl}`,
      'Forgot your password, or never set one? Choose "Forgot Password?" on that page and we\'ll email you a link.',
      ...rejoin,
      "",
      "If this wasn't you, ignore this email: your account is unchanged.",
    ].join("\n"),
    html: emailLayout({
      heading: "You already have an account",
      htmlBlocks: [
        escapeHtml(greeting(person)),
        "Someone (hopefully you) just started a GoRDU signup with this address. You already have an account, so there is nothing to sign up for, and nothing has been charged.",
        'Forgot your password, or never set one? Choose "Forgot Password?" on the sign-in page and we\'ll email you a link.',
        ...rejoin,
        "If this wasn't you, ignore this email: your account is unchanged.",
      ],
      buttons: [{ label: "Sign in", url: loginUrl }],
    }),
  };
}
