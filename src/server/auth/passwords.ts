import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from "../../domain/validation.ts";
import { badRequest } from "../http/errors.ts";

/** argon2id through Bun's native implementation. */
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password; with no stored hash (unknown email, or an account that never set a password) it
 * still runs one full verification so the answer takes as long as a real one.
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (hash) return Bun.password.verify(password, hash);
  dummyHash ??= hashPassword("gordu-timing-equaliser");
  await Bun.password.verify(password, await dummyHash);
  return false;
}

/** docs/product-rules.md §5 rules with the messages the forms show. */
export function checkNewPassword(newPassword: string, confirmPassword: string, mismatchMessage: string): void {
  const problem = passwordProblem(newPassword, confirmPassword);
  if (problem === "mismatch") throw badRequest(mismatchMessage);
  if (problem === "too-short") throw badRequest(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  if (problem === "too-long") throw badRequest(`Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);
}
