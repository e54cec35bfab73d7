/**
 * A route's level: how far its whole market sits above or below its typical prices now (log), as the scans measure
 * it (docs/deal-rules.md, rule 2). Its everyday wander is noise; a fare war moves it at once; a spike of a day or three
 * does not, unless the route stays up longer than a spike lasts.
 */
import { DAY_MS } from "../../../domain/calendar.ts";
import { DEAL_RULES } from "../../../domain/deal-rules.ts";
import type { ScanLevel, StoredScanLevel } from "./observations.ts";
import { median } from "../../../domain/statistics.ts";
import { robustSpread, type RouteModel } from "./typical-range.ts";

/** A scan gives the route's level now when it quoted at least this many of the route's trips. */
const MIN_QUOTES_FOR_LEVEL = 8;
/** A route's recent level needs this many scan levels; before that its recent observations give it. */
const MIN_SCAN_LEVELS = 8;

/** This scan's level of a route and the spread around it, when it quoted enough of the route's trips. */
export function scanLevel(residualsThisScan: readonly number[]): ScanLevel | null {
  if (residualsThisScan.length < MIN_QUOTES_FOR_LEVEL) return null;
  return { level: median(residualsThisScan), spread: robustSpread(residualsThisScan) };
}

/**
 * The level a fare is judged at, and the spread of single fares around it. The level is the route's recent level (its
 * everyday wander stays noise), or this scan's when it finds the whole route far below it (a fare war); never when far
 * above: against a spike of a day or three ordinary fares would look like deals. A route that every scan of the last
 * days found far above has moved, not spiked (a fare war has ended, a hike holds): those days' level is its level.
 * The spread is what single scans see: their spread around their own level, plus the level's own wander, over the
 * recent days; until scans have measured it, the history's spread.
 */
export function levelNow(model: RouteModel, recentScans: readonly StoredScanLevel[], thisScan: ScanLevel | null): { level: number; spread: number } {
  const measured = recentScans.length >= MIN_SCAN_LEVELS;
  const scans = measured ? ordinaryScans(recentScans) : [];
  const usual = measured ? median(scans.map((s) => s.level)) : model.observedLevel;
  const recent = measured ? (levelMovedUp(recentScans, usual) ?? usual) : usual;
  const spread = measured ? Math.hypot(median(scans.map((s) => s.spread)), robustSpread(scans.map((s) => s.level))) : model.spread;
  if (thisScan === null) return { level: recent, spread };
  return { level: thisScan.level < recent - DEAL_RULES.levelShift ? thisScan.level : recent, spread };
}

/**
 * The recent scans without those that found the whole route far from the rest (a fare war or a hike that has passed):
 * its weeks would pull the route's level down after it and widen the spread until no real drop stands out.
 */
function ordinaryScans(recentScans: readonly StoredScanLevel[]): readonly StoredScanLevel[] {
  const centre = median(recentScans.map((s) => s.level));
  const ordinary = recentScans.filter((s) => Math.abs(s.level - centre) <= DEAL_RULES.levelShift);
  return ordinary.length >= MIN_SCAN_LEVELS ? ordinary : recentScans;
}

/**
 * The median level of the last levelMovedAfterDays, when every scan of those days found the route far above its usual
 * level: longer than a spike lasts. Else null. (After two fare wars in 120 days, wars are the usual level.)
 */
function levelMovedUp(recentScans: readonly StoredScanLevel[], usual: number): number | null {
  const since = recentScans.at(-1)!.scannedAt - DEAL_RULES.levelMovedAfterDays * DAY_MS;
  if (recentScans[0]!.scannedAt > since) return null;
  const lately = recentScans.filter((s) => s.scannedAt >= since).map((s) => s.level);
  if (lately.length < MIN_SCAN_LEVELS || lately.some((level) => level <= usual + DEAL_RULES.levelShift)) return null;
  return median(lately);
}
