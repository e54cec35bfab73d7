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
  return medianInPlace(Float64Array.from(values));
}

/**
 * median() of `values`, reordering them: the middle values are selected (Hoare's partition) rather than all values
 * sorted, and combined as percentile() combines them, so the result is the same to the last bit.
 */
export function medianInPlace(values: Float64Array): number {
  const index = (values.length - 1) * 0.5;
  const below = Math.floor(index);
  const a = selectInPlace(values, below);
  if (below === index) return a;
  let b = values[below + 1]!;
  for (let i = below + 2; i < values.length; i++) if (values[i]! < b) b = values[i]!;
  return a + (b - a) * (index - below);
}

/** The k-th smallest of `values` (0-based), placed at k with none larger before it and none smaller after it. */
function selectInPlace(values: Float64Array, k: number): number {
  const swap = (i: number, j: number) => {
    const kept = values[i]!;
    values[i] = values[j]!;
    values[j] = kept;
  };
  let low = 0;
  let high = values.length - 1;
  for (;;) {
    if (high <= low + 1) {
      if (high === low + 1 && values[high]! < values[low]!) swap(low, high);
      return values[k]!;
    }
    // The median of the first, middle and last values is the pivot, at low + 1, with the other two as sentinels.
    swap((low + high) >> 1, low + 1);
    if (values[low]! > values[high]!) swap(low, high);
    if (values[low + 1]! > values[high]!) swap(low + 1, high);
    if (values[low]! > values[low + 1]!) swap(low, low + 1);
    const pivot = values[low + 1]!;
    let i = low + 1;
    let j = high;
    for (;;) {
      do i++;
      while (values[i]! < pivot);
      do j--;
      while (values[j]! > pivot);
      if (j < i) break;
      swap(i, j);
    }
    values[low + 1] = values[j]!;
    values[j] = pivot;
    if (j >= k) high = j - 1;
    if (j <= k) low = i;
  }
}
