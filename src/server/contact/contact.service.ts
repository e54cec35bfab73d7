import type { ContactRequest } from "../../domain/api/site.ts";
import { isValidEmail } from "../../domain/validation.ts";
import { contactMessages } from "../../../db/schema.ts";
import type { Deps } from "../deps.ts";
import { badRequest } from "../http/errors.ts";
import { queueEmail } from "../mail/outbox.ts";
import { contactForwardEmail } from "../mail/templates/contact-forward.ts";

/** Stores a visitor's message and owes the support address a copy, in one transaction. */
export function submitContactMessage({ db, clock, config }: Deps, input: ContactRequest): void {
  const message = {
    email: input.email.trim(),
    name: input.name.trim(),
    subject: input.subject.trim(),
    description: input.description.trim(),
  };
  if (!message.email || !message.name || !message.subject || !message.description) {
    throw badRequest("Please fill in all fields: email, name, subject and message.");
  }
  if (!isValidEmail(message.email)) throw badRequest("Please enter a valid email address.");

  const now = clock.now();
  db.transaction((tx) => {
    tx.insert(contactMessages)
      .values({ ...message, createdAt: now })
      .run();
    queueEmail(tx, { kind: "contact", to: config.supportEmail, headers: { "Reply-To": message.email }, ...contactForwardEmail(message) }, now);
  });
}
