/**
 * Who gets a deal, as SQL, so the fan-out and the deal list run inside SQLite: the same rules as hasDealAccess
 * (src/domain/access.ts) and fitsPreferences (src/domain/matching.ts); a test keeps each pair in step.
 */
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
