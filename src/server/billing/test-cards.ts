import type { CardSummary } from "./billing.ts";

/** Stripe's documented test cards that the built-in test billing understands. */
const TEST_CARDS: Record<string, { brand: string } | { decline: string }> = {
  "4242424242424242": { brand: "visa" },
  "4000056655665556": { brand: "visa" },
  "5555555555554444": { brand: "mastercard" },
  "2223003122003222": { brand: "mastercard" },
  "378282246310005": { brand: "amex" },
  "6011111111111117": { brand: "discover" },
  "4000000000000002": { decline: "Your card was declined." },
  "4000000000009995": { decline: "Your card has insufficient funds." },
  "4000000000000069": { decline: "Your card has expired." },
  "4000000000000127": { decline: "Your card's security code is incorrect." },
};

export interface CardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck = { ok: true; card: CardSummary } | { ok: false; message: string };

/** Judges a card the way Stripe's test mode does for its test numbers; `now` decides what "expired" means. */
export function checkTestCard(input: CardInput, now: Date): CardCheck {
  const number = input.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number)) return { ok: false, message: "Your card number is incomplete." };
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) {
    return { ok: false, message: "Your card's expiration month is invalid." };
  }
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const expiresAfter = new Date(Date.UTC(year, input.expMonth, 1));
  if (!Number.isInteger(year) || expiresAfter.getTime() <= now.getTime()) return { ok: false, message: "Your card's expiration date is in the past." };
  if (!/^\d{3,4}$/.test(input.cvc)) return { ok: false, message: "Your card's security code is incomplete." };

  const known = TEST_CARDS[number];
  if (!known) return { ok: false, message: "Your card number is invalid. In test mode, use a Stripe test card such as 4242 4242 4242 4242." };
  if ("decline" in known) return { ok: false, message: known.decline };
  return { ok: true, card: { brand: known.brand, last4: number.slice(-4) } };
}
