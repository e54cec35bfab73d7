import { describe, expect, test } from "bun:test";
import { groupByKey, groupDistinctCounts, groupMedians, groupSize, KeyNumbers } from "../../src/domain/grouped-statistics.ts";
import { median, percentile } from "../../src/domain/statistics.ts";
import { seededRandom } from "../../src/server/fares/sources/seeded-random.ts";

describe("grouped medians", () => {
  const keys = [3, 1, 3, 0, 1, 3, 1, 1];
  const values = [5, 2, 9, 7, 4, 1, 8, 6];
  const grouping = groupByKey(keys, 4);

  test("number groups by first appearance and list each group's rows in row order", () => {
    expect(grouping.keys).toEqual([3, 1, 0]);
    expect([...grouping.group]).toEqual([0, 1, 0, 2, 1, 0, 1, 1]);
    expect([...grouping.members.subarray(grouping.start[1]!, grouping.start[2]!)]).toEqual([1, 4, 6, 7]);
    expect([0, 1, 2].map((g) => groupSize(grouping, g))).toEqual([3, 4, 1]);
  });

  test("give each group the median median() gives its values, NaN below the size asked", () => {
    expect([...groupMedians(grouping, values)]).toEqual([median([5, 9, 1]), median([2, 4, 8, 6]), 7]);
    expect([...groupMedians(grouping, values, 2)].map((m) => (Number.isNaN(m) ? "thin" : m))).toEqual([5, 5, "thin"]);
  });

  test("count each group's distinct values", () => {
    expect([...groupDistinctCounts(grouping, [1, 2, 1, 3, 2, 4, 2, 5])]).toEqual([2, 2, 1]);
  });

  test("an empty set of rows has no groups", () => {
    const empty = groupByKey([], 5);
    expect(empty.keys).toEqual([]);
    expect([...groupMedians(empty, [])]).toEqual([]);
  });
});

describe("key numbers", () => {
  test("give a string the same number every time, and name it back", () => {
    const numbers = new KeyNumbers();
    expect([numbers.numberOf("weekend|3"), numbers.numberOf("one_way|3"), numbers.numberOf("weekend|3")]).toEqual([0, 1, 0]);
    expect(numbers.names[1]).toBe("one_way|3");
    expect(numbers.size).toBe(2);
    numbers.clear();
    expect([numbers.size, numbers.numberOf("one_way|3")]).toEqual([0, 0]);
  });
});

describe("median by selection", () => {
  test("is what sorting gives, to the last bit, on lists with and without ties", () => {
    const random = seededRandom("medians");
    for (let trial = 0; trial < 2_000; trial++) {
      const length = 1 + Math.floor(random() * 60);
      const ties = trial % 2 === 0;
      const values = Array.from({ length }, () => (ties ? Math.log(100 + Math.floor(random() * 8)) : random() - 0.5));
      const sorted = Float64Array.from(values).sort();
      expect(median(values)).toBe(percentile(sorted, 0.5));
    }
  });
});
