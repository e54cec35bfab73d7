/** Order statistics used by the deal rules, the deal list and the reports. */

/** Linear interpolation between closest ranks; `sorted` ascending and non-empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  const index = (sorted.length - 1) * p;
  const below = Math.floor(index);
  const above = Math.ceil(index);
  const a = sorted[below]!;
  const b = sorted[above]!;
  return a + (b - a) * (index - below);
}

/** The middle value (the mean of the two middle values for an even count); `values` non-empty, in any order. */
export function median(values: ArrayLike<number>): number {
  return percentile(Float64Array.from(values).sort(), 0.5);
}
