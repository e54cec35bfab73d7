import { and, desc, eq, notInArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { knownDevices } from "../../../db/schema.ts";
import { DAY_MS } from "../../domain/calendar.ts";
import { hashToken, newToken } from "./tokens.ts";

/**
 * Browsers that proved they belong to an account's owner: they signed in with its password or set it from an
 * emailed link. Each holds a `gordu_device` cookie (a random token; only its SHA-256 is kept). A stranger's
 * guesses elsewhere never throttle these browsers (docs/hardening.md, targeted lockout).
 */
export const KNOWN_DEVICE_LIFETIME_MS = 365 * DAY_MS;
const DEVICES_KEPT_PER_USER = 10;

/**
 * The device's key (its token's hash) if this cookie names a known device of this user, else null. The cookie is
 * looked up whether or not the account exists (`userId` null), so the time taken says nothing about accounts.
 */
export function knownDeviceOf(db: DbOrTx, token: string | null, userId: number | null, now: Date): string | null {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const device = db.select().from(knownDevices).where(eq(knownDevices.tokenHash, tokenHash)).get();
  if (!device || device.userId !== userId || device.lastUsedAt.getTime() <= now.getTime() - KNOWN_DEVICE_LIFETIME_MS) return null;
  return tokenHash;
}

/**
 * Marks this browser as a known device of the user: the token it already holds for them, or a new one. A user
 * keeps their 10 most recently used devices. Answers the token and when the cookie should expire.
 */
export function rememberDevice(db: DbOrTx, userId: number, presented: string | null, now: Date): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + KNOWN_DEVICE_LIFETIME_MS);
  if (presented && knownDeviceOf(db, presented, userId, now)) {
    db.update(knownDevices)
      .set({ lastUsedAt: now })
      .where(eq(knownDevices.tokenHash, hashToken(presented)))
      .run();
    return { token: presented, expiresAt };
  }
  const token = newToken();
  db.insert(knownDevices)
    .values({ tokenHash: hashToken(token), userId, createdAt: now, lastUsedAt: now })
    .run();
  const kept = db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.lastUsedAt))
    .limit(DEVICES_KEPT_PER_USER)
    .all()
    .map((device) => device.tokenHash);
  db.delete(knownDevices)
    .where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.tokenHash, kept)))
    .run();
  return { token, expiresAt };
}
