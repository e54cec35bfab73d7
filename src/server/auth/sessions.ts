import { eq, lt, or, sql } from "drizzle-orm";
import { prepared, type Db, type DbOrTx } from "../../../db/client.ts";
import { sessions } from "../../../db/schema.ts";
import { DAY_MS } from "../../domain/calendar.ts";
import { hashToken, newToken } from "./tokens.ts";
import { findUserById, type User } from "./users.ts";

/**
 * Sessions after Lucia's design (lucia-auth.com/sessions): a random token lives only in the visitor's cookie,
 * the database keeps its SHA-256. Sessions last 30 days and slide forward when used in their second half, but
 * never past 90 days from sign-in: then the member signs in again, so a stolen cookie cannot live forever.
 */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;
const RENEW_WHEN_LEFT_MS = 15 * DAY_MS;

export type Session = typeof sessions.$inferSelect;

export function createSession(db: DbOrTx, userId: number, now: Date): { token: string; session: Session } {
  const token = newToken();
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
  const sessionById = prepared(db, "session-by-id", () =>
    db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder("id")))
      .prepare(),
  );
  const session = sessionById.get({ id: hashToken(token) });
  if (!session) return null;
  const user = findUserById(db, session.userId);
  if (!user) return null;
  const endsAt = session.createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS;
  if (now.getTime() >= Math.min(session.expiresAt.getTime(), endsAt)) {
    db.delete(sessions).where(eq(sessions.id, session.id)).run();
    return null;
  }
  const renewedUntil = Math.min(now.getTime() + SESSION_LIFETIME_MS, endsAt);
  const renewed = session.expiresAt.getTime() - now.getTime() < RENEW_WHEN_LEFT_MS && renewedUntil > session.expiresAt.getTime();
  if (renewed) {
    session.expiresAt = new Date(renewedUntil);
    db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, session.id)).run();
  }
  return { session, user, renewed };
}

/** Whether the token names a session that is still valid, without renewing it: a read-only question. */
export function isLiveSessionToken(db: Db, token: string, now: Date): boolean {
  if (!token) return false;
  const row = db.$client.query("SELECT expires_at, created_at FROM sessions WHERE id = $id").get({ id: hashToken(token) }) as {
    expires_at: number;
    created_at: number;
  } | null;
  return row !== null && now.getTime() < Math.min(row.expires_at, row.created_at + SESSION_ABSOLUTE_LIFETIME_MS);
}

export function invalidateSession(db: DbOrTx, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function deleteExpiredSessions(db: Db, now: Date): void {
  const signedInBefore = new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS);
  db.delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.createdAt, signedInBefore)))
    .run();
}
