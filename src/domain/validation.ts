/** Rules and messages shared by the forms and the server (SPEC §5). */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

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
