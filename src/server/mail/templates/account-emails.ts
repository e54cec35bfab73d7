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

export function welcomeEmail(person: Person, setPasswordUrl: string, dashboardUrl: string, trialEnds: string): RenderedEmail {
  return {
    subject: "Welcome to GoRDU: set your password",
    text: [
      greeting(person),
      "",
      `Welcome aboard! Your 7-day free trial runs until ${trialEnds}.`,
      "You're signed in on the device you subscribed from. To sign in anywhere else, set your password (the link works for 7 days):",
      setPasswordUrl,
      "",
      `Your deals: ${dashboardUrl}`,
    ].join("\n"),
    html: emailLayout({
      heading: "Welcome to GoRDU",
      htmlBlocks: [
        escapeHtml(greeting(person)),
        `Welcome aboard! Your 7-day free trial runs until <strong>${escapeHtml(trialEnds)}</strong>.`,
        "You're signed in on the device you subscribed from. To sign in anywhere else, set your password (the link works for 7 days).",
      ],
      buttons: [
        { label: "Set your password", url: setPasswordUrl },
        { label: "See your deals", url: dashboardUrl },
      ],
    }),
  };
}
