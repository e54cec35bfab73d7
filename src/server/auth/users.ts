import { eq, sql } from "drizzle-orm";
import { prepared, type DbOrTx } from "../../../db/client.ts";
import { users } from "../../../db/schema.ts";
import { normalizeEmail } from "../../domain/validation.ts";
import { newToken, voidTokensAfterPasswordChange } from "./tokens.ts";

/** A user row as stored. */
export type User = typeof users.$inferSelect;

export type NewUser = Omit<typeof users.$inferInsert, "unsubscribeToken" | "createdAt" | "updatedAt">;

export function findUserByEmail(db: DbOrTx, email: string): User | undefined {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .get();
}

export function findUserById(db: DbOrTx, id: number): User | undefined {
  return prepared(db, "user-by-id", () =>
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
}

/** Inserts a user; the unique index on lower(email) refuses a second account for the same address. */
export function insertUser(db: DbOrTx, user: NewUser, now: Date): User {
  return db
    .insert(users)
    .values({
      ...user,
      email: user.email.trim(),
      unsubscribeToken: newToken(),
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
}

export function isUniqueEmailViolation(error: unknown): boolean {
  return error instanceof Error && error.message.includes("UNIQUE constraint failed") && error.message.includes("users_email_lower_unique");
}

/**
 * The one way a password is stored, whoever sets it (change, reset, welcome link, admin command): the set-up
 * flag clears, and every reset and welcome link and every other session of the user is void.
 */
export function storePassword(db: DbOrTx, userId: number, passwordHash: string, now: Date, keepSessionId?: string): User {
  const user = db.update(users).set({ passwordHash, needsPasswordSetup: false, updatedAt: now }).where(eq(users.id, userId)).returning().get();
  voidTokensAfterPasswordChange(db, userId, keepSessionId);
  return user;
}
