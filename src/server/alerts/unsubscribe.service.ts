import { eq } from "drizzle-orm";
import { users } from "../../../db/schema.ts";
import type { User } from "../auth/users.ts";
import type { Deps } from "../deps.ts";

export const UNSUBSCRIBE_PATH = "/unsubscribe";

/** The link in every alert email and its List-Unsubscribe header (RFC 8058 one-click). */
export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

const TOKEN_PATTERN = /^[a-z2-7]{16,64}$/;

export function findUserByUnsubscribeToken(deps: Pick<Deps, "db">, token: string | undefined): User | undefined {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  return deps.db.select().from(users).where(eq(users.unsubscribeToken, token)).get();
}

/** The same switch as the dashboard's Email Alerts toggle. */
export function turnOffDealAlerts(deps: Pick<Deps, "db" | "clock">, user: User): void {
  deps.db.update(users).set({ emailAlerts: false, updatedAt: deps.clock.now() }).where(eq(users.id, user.id)).run();
}
