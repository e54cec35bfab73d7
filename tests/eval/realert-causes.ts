/**
 * How each re-alert of the replay came about, for the diagnosis of duplicates: after every scan, each deal's alert
 * version is compared with the one after the scan before; a bump is either a further fall of a live deal or a new
 * episode on an ended deal's dates (and after which expiry), judged against which typical price.
 */
import type { Db } from "../../db/client.ts";

export class RealertCauses {
  private readonly states = new Map<string, { active: boolean; reason: string | null; version: number }>();
  /** route|depart|return|at → how the re-alert at that scan came about, and the typical price it was judged against. */
  private readonly causes = new Map<string, { how: string; typicalMedian: number }>();

  afterScan(db: Db, at: number): void {
    const rows = db.$client
      .query("SELECT destination, depart_date, return_date, is_active, expired_reason, alert_version, typical_median FROM deals")
      .values() as [string, string, string, number, string | null, number, number][];
    for (const [route, departDate, returnDate, active, reason, version, typicalMedian] of rows) {
      const key = `${route}|${departDate}|${returnDate}`;
      const before = this.states.get(key);
      if (before && version > before.version) {
        const how = before.active ? "a further fall of a live deal" : `a new episode after "${before.reason}"`;
        this.causes.set(`${key}|${at}`, { how, typicalMedian });
      }
      this.states.set(key, { active: active === 1, reason, version });
    }
  }

  of(alert: { route: string; departDate: string; returnDate: string; at: number }): { how: string; typicalMedian: number } | null {
    return this.causes.get(`${alert.route}|${alert.departDate}|${alert.returnDate}|${alert.at}`) ?? null;
  }
}
