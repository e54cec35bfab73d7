/**
 * Who gets a deal, as SQL, so the fan-out and the deal list run inside SQLite: the same rules as hasDealAccess
 * (src/domain/access.ts) and fitsPreferences (src/domain/matching.ts); a test keeps each pair in step.
 */
import { EXCEPTIONAL_ALERT_PERCENT } from "../../domain/travel-windows.ts";

/** hasDealAccess over `users` aliased `u`; binds $now (epoch ms). */
export const DEAL_ACCESS_SQL = `(u.subscription_status = 'Active'
  AND (u.cancel_at_period_end = 0 OR u.current_period_end IS NULL OR u.current_period_end > $now))`;

/** What fitsPreferences reads, taken out of `users.preferences` (users aliased `u`) once per subscriber. */
export const PREFERENCE_COLUMNS_SQL = `
  CASE WHEN json_valid(u.preferences) THEN json_extract(u.preferences, '$.destinations') END AS destinations,
  CASE WHEN json_valid(u.preferences) THEN coalesce(json_array_length(u.preferences, '$.destinations'), 0) ELSE 0 END AS destination_count,
  CASE WHEN json_valid(u.preferences) AND json_type(u.preferences, '$.maxPrice') IN ('integer', 'real')
    THEN json_extract(u.preferences, '$.maxPrice') END AS max_price,
  CASE WHEN json_valid(u.preferences) AND json_type(u.preferences, '$.nonstopOnly') = 'true' THEN 1 ELSE 0 END AS nonstop_only`;

/** fitsPreferences over those columns (aliased `p`) and a deal (aliased `d`). */
export const FITS_PREFERENCES_SQL = `(
  (p.destination_count = 0 OR EXISTS (SELECT 1 FROM json_each(p.destinations) j WHERE j.type = 'text' AND upper(j.value) = d.destination))
  AND (p.max_price IS NULL OR d.price <= p.max_price)
  AND (p.nonstop_only = 0 OR d.nonstop = 1))`;

/**
 * fitsTravelWindow (src/domain/travel-windows.ts) over a window (aliased `tw`) and a deal (aliased `d`): the trip
 * inside the window's dates, its nights within the bounds (round trips), a Saturday or Sunday in it when asked.
 * strftime('%w') is 0 for Sunday … 6 for Saturday.
 */
export const FITS_WINDOW_SQL = `(
  d.depart_date >= tw.start_date AND coalesce(nullif(d.return_date, ''), d.depart_date) <= tw.end_date
  AND (d.return_date = '' OR tw.min_nights IS NULL OR julianday(d.return_date) - julianday(d.depart_date) >= tw.min_nights)
  AND (d.return_date = '' OR tw.max_nights IS NULL OR julianday(d.return_date) - julianday(d.depart_date) <= tw.max_nights)
  AND (tw.needs_weekend = 0 OR CAST(strftime('%w', d.depart_date) AS INTEGER) = 0
    OR coalesce(julianday(nullif(d.return_date, '')) - julianday(d.depart_date), 0) >= 6 - CAST(strftime('%w', d.depart_date) AS INTEGER)))`;

/** The name of the subscriber's first window (by start date) the deal fits, or NULL; binds $userId. */
export const FITTING_WINDOW_NAME_SQL = `(SELECT tw.name FROM travel_windows tw WHERE tw.user_id = $userId AND ${FITS_WINDOW_SQL}
  ORDER BY tw.start_date, tw.id LIMIT 1)`;

/**
 * Whether a written (user, deal) pair is alerted under the subscriber's rule (users `u`, deal `d`): 'all', or a
 * window the deal fits, or an exceptional deal when they kept those; and never a destination they snoozed. Binds $now.
 */
export const ALERT_RULE_SQL = `(
  (u.alert_rule = 'all'
    OR (u.alert_exceptional = 1 AND d.percent_below_typical >= ${EXCEPTIONAL_ALERT_PERCENT})
    OR EXISTS (SELECT 1 FROM travel_windows tw WHERE tw.user_id = u.id AND ${FITS_WINDOW_SQL}))
  AND NOT EXISTS (SELECT 1 FROM alert_snoozes s WHERE s.user_id = u.id AND s.destination = d.destination AND s.until > $now))`;
