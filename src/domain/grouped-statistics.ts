/**
 * Medians of many groups at once, for rows held in typed arrays: a route model groups a year of observations six ways
 * at every build, and grouping by number into one buffer costs a fraction of grouping by string into arrays.
 */
import { medianInPlace } from "./statistics.ts";

/** Rows grouped by a key, the groups numbered 0.. in the order their keys first appear. */
export interface Grouping {
  /** Each row's group. */
  group: Int32Array;
  /** Each group's key, in order of first appearance. */
  keys: number[];
  /** Row indices by group: group g's rows are members[start[g]] to members[start[g + 1] - 1], in row order. */
  start: Int32Array;
  members: Int32Array;
}

/** Groups rows by a non-negative integer key below keyLimit. */
export function groupByKey(keyOfRow: ArrayLike<number>, keyLimit: number): Grouping {
  const rowCount = keyOfRow.length;
  const groupOfKey = new Int32Array(keyLimit).fill(-1);
  const group = new Int32Array(rowCount);
  const keys: number[] = [];
  for (let i = 0; i < rowCount; i++) {
    const key = keyOfRow[i]!;
    let g = groupOfKey[key]!;
    if (g < 0) {
      g = keys.length;
      groupOfKey[key] = g;
      keys.push(key);
    }
    group[i] = g;
  }
  const start = new Int32Array(keys.length + 1);
  for (let i = 0; i < rowCount; i++) start[group[i]! + 1]!++;
  for (let g = 0; g < keys.length; g++) start[g + 1]! += start[g]!;
  const next = start.slice(0, keys.length);
  const members = new Int32Array(rowCount);
  for (let i = 0; i < rowCount; i++) members[next[group[i]!]!++] = i;
  return { group, keys, start, members };
}

export const groupSize = (grouping: Grouping, g: number) => grouping.start[g + 1]! - grouping.start[g]!;

/** Each group's median of a value per row (as median() gives it); NaN for a group of fewer than minSize rows. */
export function groupMedians(grouping: Grouping, valueOfRow: ArrayLike<number>, minSize = 1): Float64Array {
  const { start, members, keys } = grouping;
  const grouped = new Float64Array(members.length);
  for (let k = 0; k < members.length; k++) grouped[k] = valueOfRow[members[k]!]!;
  const medians = new Float64Array(keys.length);
  for (let g = 0; g < keys.length; g++) {
    const size = start[g + 1]! - start[g]!;
    medians[g] = size >= minSize ? medianInPlace(grouped.subarray(start[g]!, start[g + 1]!)) : Number.NaN;
  }
  return medians;
}

/** How many distinct values of a value per row each group holds. */
export function groupDistinctCounts(grouping: Grouping, valueOfRow: ArrayLike<number>): Int32Array {
  const { start, members, keys } = grouping;
  const counts = new Int32Array(keys.length);
  const seen = new Set<number>();
  for (let g = 0; g < keys.length; g++) {
    seen.clear();
    for (let k = start[g]!; k < start[g + 1]!; k++) seen.add(valueOfRow[members[k]!]!);
    counts[g] = seen.size;
  }
  return counts;
}

/** Numbers for strings, kept for the process, so rows can be grouped by number; names[n] is number n's string. */
export class KeyNumbers {
  private readonly numbers = new Map<string, number>();
  readonly names: string[] = [];

  numberOf(name: string): number {
    let number = this.numbers.get(name);
    if (number === undefined) {
      number = this.names.length;
      this.numbers.set(name, number);
      this.names.push(name);
    }
    return number;
  }

  get size(): number {
    return this.names.length;
  }

  clear(): void {
    this.numbers.clear();
    this.names.length = 0;
  }
}
