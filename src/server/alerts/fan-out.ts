/**
 * Fan-out: each new deal version goes to every subscriber with access whose preferences it fits, as a
 * (user, deal) row, plus one alert email per subscriber grouping the deals of that fan-out. Subscribers are
 * taken in batches by id; each batch is one synchronous transaction that writes its pairs and queues its
 * emails together. The pair's unique key makes a replay harmless: a pair already at this version is left
 * alone, and only pairs a batch actually wrote are emailed, so after a crash the next run finishes the batches
 * that are left without repeating or losing any. deals.fanned_out_version records a finished fan-out. A deal the
 * member deleted stays deleted through its re-alerts; a new episode (a later, separate sale on the same dates,
 * which moves first_found_at) comes back to them as new.
 */
import type { Db } from "../../../db/client.ts";
import type { Clock } from "../clock.ts";
import { queueAlertsFor } from "./alert-plan.ts";
import type { DealAlertPayload } from "./alert-queue.ts";
import { ALERT_RULE_SQL, DEAL_ACCESS_SQL, FITS_PREFERENCES_SQL, PREFERENCE_COLUMNS_SQL } from "../deals/matching-sql.ts";

export interface FanOutOptions {
  /** Subscribers (by id range) per transaction. */
  batchSize?: number;
  /** Called inside each batch's transaction once its pairs and emails are written; a test throws here to crash. */
  onBatch?: (batchIndex: number) => void;
}

export interface FanOutResult {
  deals: number;
  matches: number;
  emails: number;
  /** Web pushes queued: one per device of each alerted subscriber. */
  pushes: number;
  batches: number;
}

const DEFAULT_BATCH_SIZE = 2000;

const WRITE_PAIRS = `
WITH p AS MATERIALIZED (
  SELECT u.id AS user_id, ${PREFERENCE_COLUMNS_SQL}
  FROM users u
  WHERE u.id >= $fromId AND u.id < $toId AND ${DEAL_ACCESS_SQL}
),
d AS MATERIALIZED (
  SELECT id, destination, price, nonstop, alert_version FROM deals WHERE id IN (SELECT value FROM json_each($dealIds))
)
INSERT INTO user_deals (user_id, deal_id, is_new, alert_version, created_at)
SELECT p.user_id, d.id, 1, d.alert_version, $now FROM p JOIN d
WHERE ${FITS_PREFERENCES_SQL}
ON CONFLICT (user_id, deal_id) DO UPDATE SET
  alert_version = excluded.alert_version, is_new = 1, viewed_at = NULL, deleted_at = NULL, created_at = excluded.created_at
  WHERE user_deals.alert_version < excluded.alert_version
    AND (user_deals.deleted_at IS NULL OR user_deals.deleted_at < (SELECT first_found_at FROM deals WHERE id = excluded.deal_id))
RETURNING user_id, deal_id, alert_version`;

/**
 * The (user, deal) pairs of a batch that are listed but not alerted: only subscribers who want deals that fit their
 * windows, or snoozed a destination, can have any, so only they are checked (a few of the batch, times the few deals).
 */
const UNALERTED_PAIRS = `
WITH u AS MATERIALIZED (
  SELECT id, alert_rule, alert_exceptional FROM users
  WHERE id >= $fromId AND id < $toId
    AND (alert_rule = 'windows' OR EXISTS (SELECT 1 FROM alert_snoozes s WHERE s.user_id = users.id AND s.until > $now))
)
SELECT u.id, d.id FROM u JOIN deals d ON d.id IN (SELECT value FROM json_each($dealIds))
WHERE NOT ${ALERT_RULE_SQL}`;

interface OwedDeal {
  id: number;
  alertVersion: number;
  isActive: boolean;
}

/** A deal whose latest alert version has not been fanned out yet. */
const OWES_FAN_OUT = "fanned_out_version < alert_version";

function owedDeals(db: Db): OwedDeal[] {
  const rows = db.$client.query(`SELECT id, alert_version, is_active FROM deals WHERE ${OWES_FAN_OUT} ORDER BY id`).values() as [number, number, number][];
  return rows.map(([id, alertVersion, isActive]) => ({ id, alertVersion, isActive: isActive === 1 }));
}

export function hasOwedFanOut(db: Db): boolean {
  return db.$client.query(`SELECT 1 FROM deals WHERE ${OWES_FAN_OUT} LIMIT 1`).get() !== null;
}

function markFannedOut(db: Db, deals: readonly OwedDeal[]): void {
  const statement = db.$client.query("UPDATE deals SET fanned_out_version = $version WHERE id = $id AND alert_version = $version");
  db.transaction(() => {
    for (const deal of deals) statement.run({ id: deal.id, version: deal.alertVersion });
  });
}

/** Writes one batch's pairs and emails; synchronous, inside the caller's transaction. */
function fanOutBatch(db: Db, dealIds: string, fromId: number, toId: number, now: Date): { matches: number; emails: number; pushes: number } {
  const written = db.$client.query(WRITE_PAIRS).values({ fromId, toId, dealIds, now: now.getTime() }) as [number, number, number][];
  if (written.length === 0) return { matches: 0, emails: 0, pushes: 0 };

  const unalerted = db.$client.query(UNALERTED_PAIRS).values({ fromId, toId, dealIds, now: now.getTime() }) as [number, number][];
  const skip = new Set(unalerted.map(([userId, dealId]) => `${userId}:${dealId}`));
  const byUser = new Map<number, DealAlertPayload["deals"]>();
  for (const [userId, dealId, version] of written) {
    if (skip.size > 0 && skip.has(`${userId}:${dealId}`)) continue;
    const list = byUser.get(userId);
    if (list) list.push([dealId, version]);
    else byUser.set(userId, [[dealId, version]]);
  }
  return { matches: written.length, ...queueAlertsFor(db, byUser, now) };
}

const nextTick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Delivers every owed deal version to its subscribers; resumes whatever an earlier run left unfinished. */
export async function fanOutOwedDeals(deps: { db: Db; clock: Clock }, options: FanOutOptions = {}): Promise<FanOutResult> {
  const { db } = deps;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const owed = owedDeals(db);
  const result: FanOutResult = { deals: 0, matches: 0, emails: 0, pushes: 0, batches: 0 };
  markFannedOut(
    db,
    owed.filter((deal) => !deal.isActive),
  );
  const live = owed.filter((deal) => deal.isActive);
  if (live.length === 0) return result;
  result.deals = live.length;

  const now = deps.clock.now();
  const dealIds = JSON.stringify(live.map((deal) => deal.id));
  const [first, last] = db.$client.query("SELECT coalesce(min(id), 1), coalesce(max(id), 0) FROM users").values()[0] as [number, number];
  for (let fromId = first; fromId <= last; fromId += batchSize) {
    const batchIndex = result.batches;
    const batch = db.transaction(() => {
      const written = fanOutBatch(db, dealIds, fromId, fromId + batchSize, now);
      options.onBatch?.(batchIndex);
      return written;
    });
    result.matches += batch.matches;
    result.emails += batch.emails;
    result.pushes += batch.pushes;
    result.batches++;
    // Lets requests in between: a fan-out to 100,000 subscribers takes seconds.
    await nextTick();
  }
  markFannedOut(db, live);
  return result;
}
