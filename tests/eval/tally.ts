/** The diagnosis scripts' one way to print a count per key: `label: key:n  key:n …`, keys sorted. */
export function printTally(label: string, keys: readonly string[]): void {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  console.log(
    `${label}:`,
    [...counts]
      .sort()
      .map(([key, n]) => `${key}:${n}`)
      .join("  "),
  );
}

/** `x` rounded down to a multiple of `step`, as a key for printTally. */
export const bucket = (x: number, step: number): string => (Math.floor(x / step) * step).toFixed(2);
