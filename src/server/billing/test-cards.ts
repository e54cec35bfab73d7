import type { CardSummary } from "./billing.ts";

/** Stripe's documented test cards that the built-in test billing understands (docs.stripe.com/testing). */
const TEST_CARDS: Record<string, { brand: string } | { decline: string }> = {
  "4242424242424242": { brand: "visa" },
  "4000056655665556": { brand: "visa" },
  "4000000760000002": { brand: "visa" },
  "4000001240000000": { brand: "visa" },
  "4000004840008001": { brand: "visa" },
  "5555555555554444": { brand: "mastercard" },
  "2223003122003222": { brand: "mastercard" },
  "5200828282828210": { brand: "mastercard" },
  "5105105105105100": { brand: "mastercard" },
  "378282246310005": { brand: "amex" },
  "371449635398431": { brand: "amex" },
  "6011111111111117": { brand: "discover" },
  "6011000990139424": { brand: "discover" },
  "6011981111111113": { brand: "discover" },
  "3056930009020004": { brand: "diners" },
  "36227206271667": { brand: "diners" },
  "3566002020360505": { brand: "jcb" },
  "6200000000000005": { brand: "unionpay" },
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

/**
 * Judges a card the way Stripe's test mode does for its test numbers; `now` decides what "expired" means. The
 * fingerprint is the number's SHA-256, the same for every use of the number, as Stripe's is.
 */
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
  return { ok: true, card: { brand: known.brand, last4: number.slice(-4), fingerprint: new Bun.CryptoHasher("sha256").update(number).digest("hex") } };
}
