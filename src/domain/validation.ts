/** Rules and messages shared by the forms and the server (docs/product-rules.md §5). */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export type PasswordProblem = "mismatch" | "too-short" | "too-long";

/** A new password: both fields match, and it is 8 to 128 characters long. The forms and the server each word the answer. */
export function passwordProblem(newPassword: string, confirmPassword: string): PasswordProblem | null {
  if (newPassword !== confirmPassword) return "mismatch";
  if (newPassword.length < MIN_PASSWORD_LENGTH) return "too-short";
  if (newPassword.length > MAX_PASSWORD_LENGTH) return "too-long";
  return null;
}

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

export const normalizeEmail = (value: string) => value.trim().toLowerCase();

export const LIMITS = {
  email: 254,
  name: 100,
  subject: 200,
  description: 5000,
  address: 500,
  phone: 40,
} as const;
