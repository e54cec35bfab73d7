import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import { prepared, type Db, type DbOrTx } from "../../../db/client.ts";
import { sessions, users } from "../../../db/schema.ts";
import { findUserById } from "./users.ts";

/**
 * Sessions after Lucia's design (lucia-auth.com/sessions): a random token lives only in the visitor's cookie,
 * the database keeps its SHA-256. Sessions last 30 days and slide forward when used in their second half.
 */
export const SESSION_COOKIE = "gordu_session";
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
const RENEW_WHEN_LEFT_MS = 15 * DAY_MS;

export type Session = typeof sessions.$inferSelect;
export type User = typeof users.$inferSelect;

/** 160 random bits, base32: comfortably above the 120 bits HARDENING.md asks for. */
export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

export function hashToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

export function createSession(db: DbOrTx, userId: number, now: Date): { token: string; session: Session } {
  const token = generateSessionToken();
  const session: Session = {
    id: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  };
  db.insert(sessions).values(session).run();
  return { token, session };
}

export interface ValidSession {
  session: Session;
  user: User;
  /** True when the expiry moved forward and the cookie should be sent again. */
  renewed: boolean;
}

/** Every authenticated request runs this lookup: two prepared single-row reads. */
export function validateSessionToken(db: Db, token: string, now: Date): ValidSession | null {
  const sessionById = prepared(db, "session-by-id", () => db.select().from(sessions).where(eq(sessions.id, sql.placeholder("id"))).prepare());
  const session = sessionById.get({ id: hashToken(token) });
  if (!session) return null;
  const user = findUserById(db, session.userId);
  if (!user) return null;
  if (now.getTime() >= session.expiresAt.getTime()) {
    db.delete(sessions).where(eq(sessions.id, session.id)).run();
    return null;
  }
  const renewed = session.expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS;
  if (renewed) {
    session.expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, session.id)).run();
  }
  return { session, user, renewed };
}

export function invalidateSession(db: DbOrTx, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Signs the user out everywhere, except (optionally) the session making the change. */
export function invalidateUserSessions(db: DbOrTx, userId: number, keepSessionId?: string): void {
  const condition = keepSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
    : eq(sessions.userId, userId);
  db.delete(sessions).where(condition).run();
}

export function deleteExpiredSessions(db: Db, now: Date): void {
  db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
}

/** Attributes for Elysia's cookie jar: HttpOnly, SameSite=Lax, Secure when APP_URL is https. */
export function sessionCookieAttributes(expiresAt: Date, secure: boolean) {
  return { httpOnly: true, sameSite: "lax", secure, path: "/", expires: expiresAt } as const;
}

export function readSessionToken(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return value.join("=") || null;
  }
  return null;
}
