import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { insertUser, type NewUser } from "../../src/server/auth/users.ts";
import { createSession } from "../../src/server/auth/sessions.ts";
import type { User } from "../../src/server/auth/users.ts";
import type { TestApp } from "./test-app.ts";

export const PASSWORD = "correct horse battery";

let passwordHashOnce: Promise<string> | null = null;
/** argon2 is slow on purpose; tests share one hash of PASSWORD. */
const hashOfTestPassword = () => (passwordHashOnce ??= Bun.password.hash(PASSWORD, { algorithm: "argon2id" }));

let counter = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}${++counter}-${Date.now().toString(36)}@example.com`;

/** A subscriber with an active trial and PASSWORD as password, unless the test says otherwise. */
export async function createUser(t: TestApp, fields: Partial<NewUser> = {}): Promise<User> {
  return insertUser(
    t.db,
    {
      email: uniqueEmail(),
      firstName: "Sam",
      lastName: "Traveler",
      passwordHash: await hashOfTestPassword(),
      subscriptionType: "Paid",
      subscriptionStatus: "Active",
      planType: "monthly",
      ...fields,
    },
    t.clock.now(),
  );
}

export function reloadUser(t: TestApp, id: number): User {
  return t.db.select().from(users).where(eq(users.id, id)).get()!;
}

/** Logs in through the API and returns the Cookie header value to send afterwards. */
export async function signIn(t: TestApp, email: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<string> {
  const response = await t.request("POST", "/api/login", { body: { email, password }, headers });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return cookieFrom(response);
}

export function cookieFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("gordu_session="));
  if (!header) throw new Error("no session cookie in the response");
  return header.split(";")[0]!;
}

/** A session for a user who has no password yet (a new subscriber right after payment). */
export function sessionCookieFor(t: TestApp, userId: number): string {
  const { token } = createSession(t.db, userId, t.clock.now());
  return `gordu_session=${token}`;
}
