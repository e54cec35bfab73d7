import { desc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import type { AuditEntry } from "../domain/api/admin.ts";
import type { User } from "./auth/users.ts";

export interface AuditRecord {
  actor: User;
  action: string;
  target: User | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string;
}

/** Who did what to whom, when, with the values before and after. */
export function writeAudit(db: DbOrTx, record: AuditRecord, now: Date): void {
  db.insert(auditLog)
    .values({
      actorUserId: record.actor.id,
      actorEmail: record.actor.email,
      action: record.action,
      targetUserId: record.target?.id ?? null,
      targetEmail: record.target?.email ?? null,
      before: record.before ?? null,
      after: record.after ?? null,
      note: record.note ?? null,
      createdAt: now,
    })
    .run();
}

export function recentAudit(db: DbOrTx, limit = 100): AuditEntry[] {
  return db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all()
    .map((entry) => ({
      id: entry.id,
      actorEmail: entry.actorEmail,
      action: entry.action,
      targetEmail: entry.targetEmail,
      before: entry.before ?? null,
      after: entry.after ?? null,
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    }));
}
