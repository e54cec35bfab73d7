import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { isValidEmail, MIN_PASSWORD_LENGTH } from "../../domain/validation.ts";
import { hashPassword } from "./passwords.ts";
import { findUserByEmail, insertUser, storePassword } from "./users.ts";

export type AdminResult = "created" | "promoted" | "updated" | "unchanged";

/**
 * Makes sure an admin account exists for this email. Promoting an existing account always sets the operator's
 * password and ends its sessions and links: anyone may have signed up with the address the operator names, and
 * must keep no way in (decision 097). An account that is already an admin keeps its password at boot, so one the
 * admin changed later survives restarts; the command line (`npm run admin`) sets it anyway.
 */
export async function ensureAdmin(db: Db, email: string, password: string, now: Date, options: { setPassword: boolean }): Promise<AdminResult> {
  if (!isValidEmail(email)) throw new Error("The admin email is not a valid email address");
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The admin password must be at least ${MIN_PASSWORD_LENGTH} characters long`);

  const existing = findUserByEmail(db, email);
  if (!existing) {
    insertUser(
      db,
      { email, passwordHash: await hashPassword(password), isAdmin: true, subscriptionType: "Free", subscriptionStatus: "Active", firstName: "Admin" },
      now,
    );
    return "created";
  }
  if (existing.isAdmin && !options.setPassword) return "unchanged";
  const passwordHash = await hashPassword(password);
  db.transaction((tx) => {
    tx.update(users).set({ isAdmin: true, updatedAt: now }).where(eq(users.id, existing.id)).run();
    storePassword(tx, existing.id, passwordHash, now);
  });
  return existing.isAdmin ? "updated" : "promoted";
}
