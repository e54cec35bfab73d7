/**
 * How each re-alert of the replay came about, for the diagnosis of duplicates: after every scan, each deal's alert
 * version is compared with the one after the scan before; a bump is either a further fall of a live deal or a new
 * episode on an ended deal's dates (and after which expiry).
 */
import type { Db } from "../../db/client.ts";

export class RealertCauses {
  private readonly states = new Map<string, { active: boolean; reason: string | null; version: number }>();
  /** route|depart|return|at → how the re-alert at that scan came about. */
  private readonly causes = new Map<string, string>();

  afterScan(db: Db, at: number): void {
    const rows = db.$client.query("SELECT destination, depart_date, return_date, is_active, expired_reason, alert_version FROM deals").values() as [
      string,
      string,
      string,
      number,
      string | null,
      number,
    ][];
    for (const [route, departDate, returnDate, active, reason, version] of rows) {
      const key = `${route}|${departDate}|${returnDate}`;
      const before = this.states.get(key);
      if (before && version > before.version) {
        const how = before.active ? "a further fall of a live deal" : `a new episode after "${before.reason}"`;
        this.causes.set(`${key}|${at}`, how);
      }
      this.states.set(key, { active: active === 1, reason, version });
    }
  }

  of(alert: { route: string; departDate: string; returnDate: string; at: number }): string | null {
    return this.causes.get(`${alert.route}|${alert.departDate}|${alert.returnDate}|${alert.at}`) ?? null;
  }
}
