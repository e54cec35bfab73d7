/**
 * The typical price of a route (docs/deal-rules.md "Typical range"): P25 … P75 of the last 365 days of daily-minimum
 * observations, winsorised at P2/P98, per route and departure month, falling back to the whole route and then
 * to the provider's range while our own history is thin, blended with the provider's range by min(1, n/60).
 */

export interface PriceRange {
  low: number;
  median: number;
  high: number;
  /** Own observations behind it (0 = the provider's range alone). */
  observations: number;
}

export interface ProviderRange {
  low: number;
  high: number;
}

export interface RouteHistory {
  /** Prices observed for departures in the same calendar month. */
  month: readonly number[];
  /** Prices observed for every departure month of the route. */
  route: readonly number[];
}

/** Below this many observations a history is too thin to judge a price on its own. */
export const MIN_OWN_OBSERVATIONS = 20;
/** From this many observations on, our history outweighs the provider's range completely. */
export const FULL_WEIGHT_OBSERVATIONS = 60;

/** Linear interpolation between closest ranks; `sorted` ascending and non-empty. */
export function percentile(sorted: readonly number[], p: number): number {
  const index = (sorted.length - 1) * p;
  const below = Math.floor(index);
  const above = Math.ceil(index);
  const a = sorted[below]!;
  const b = sorted[above]!;
  return a + (b - a) * (index - below);
}

/** Sorted copy with everything below P2 raised to P2 and everything above P98 lowered to P98. */
export function winsorized(prices: readonly number[]): number[] {
  const sorted = [...prices].sort((a, b) => a - b);
  if (sorted.length === 0) return sorted;
  const floor = percentile(sorted, 0.02);
  const ceiling = percentile(sorted, 0.98);
  return sorted.map((price) => Math.min(ceiling, Math.max(floor, price)));
}

export function rangeOfHistory(prices: readonly number[]): PriceRange | null {
  if (prices.length === 0) return null;
  const sorted = winsorized(prices);
  return {
    low: percentile(sorted, 0.25),
    median: percentile(sorted, 0.5),
    high: percentile(sorted, 0.75),
    observations: prices.length,
  };
}

export function blendWithProvider(own: PriceRange | null, provider: ProviderRange | null): PriceRange | null {
  if (!provider) return own;
  const providerMedian = (provider.low + provider.high) / 2;
  if (!own) return { low: provider.low, median: providerMedian, high: provider.high, observations: 0 };
  const weight = Math.min(1, own.observations / FULL_WEIGHT_OBSERVATIONS);
  const mix = (ours: number, theirs: number) => weight * ours + (1 - weight) * theirs;
  return {
    low: mix(own.low, provider.low),
    median: mix(own.median, providerMedian),
    high: mix(own.high, provider.high),
    observations: own.observations,
  };
}

/** The range a fare is judged against; null when there is nothing trustworthy to compare with. */
export function typicalRange(history: RouteHistory, provider: ProviderRange | null): PriceRange | null {
  if (history.month.length >= MIN_OWN_OBSERVATIONS) return blendWithProvider(rangeOfHistory(history.month), provider);
  if (history.route.length >= MIN_OWN_OBSERVATIONS) return blendWithProvider(rangeOfHistory(history.route), provider);
  if (!provider) return null;
  return blendWithProvider(rangeOfHistory(history.route), provider);
}

export function validProviderRange(low: number | null, high: number | null): ProviderRange | null {
  if (low === null || high === null || !Number.isFinite(low) || !Number.isFinite(high)) return null;
  if (low <= 0 || high < low) return null;
  return { low, high };
}
