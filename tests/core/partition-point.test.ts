/** The shared binary search (shared/model/partition-point.ts): the same answer as reading the prefix from the start. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partitionPoint } from '../../shared/model/partition-point.js';

/** The answer the slow way: the first index at which the predicate is false. */
function linearScan(length: number, predicate: (index: number) => boolean): number {
  for (let index = 0; index < length; index++) if (!predicate(index)) return index;
  return length;
}

describe('partitionPoint', () => {
  it('is 0 for an empty range, without asking the predicate', () => {
    let asked = 0;
    expect(
      partitionPoint(0, () => {
        asked++;
        return true;
      }),
    ).toBe(0);
    expect(asked).toBe(0);
  });

  it('is the length when the predicate is always true, and 0 when it is always false', () => {
    for (const length of [1, 2, 3, 7, 8, 1000]) {
      expect(partitionPoint(length, () => true)).toBe(length);
      expect(partitionPoint(length, () => false)).toBe(0);
    }
  });

  it('finds every boundary of a range', () => {
    for (let length = 1; length <= 17; length++) {
      for (let boundary = 0; boundary <= length; boundary++) expect(partitionPoint(length, (index) => index < boundary)).toBe(boundary);
    }
  });

  it('asks only indexes inside the range, about log2(length) times', () => {
    const asked: number[] = [];
    partitionPoint(1000, (index) => {
      asked.push(index);
      return index < 613;
    });
    expect(asked.every((index) => index >= 0 && index < 1000)).toBe(true);
    expect(asked.length).toBeLessThanOrEqual(10);
  });

  it('agrees with a linear scan over random sorted arrays (the first element not below a value)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 60 }), fc.integer({ min: -60, max: 60 }), (values, target) => {
        const sorted = [...values].sort((a, b) => a - b);
        const below = (index: number) => sorted[index] < target;
        const notAbove = (index: number) => sorted[index] <= target;
        expect(partitionPoint(sorted.length, below)).toBe(linearScan(sorted.length, below));
        expect(partitionPoint(sorted.length, notAbove)).toBe(linearScan(sorted.length, notAbove));
      }),
      { numRuns: 300 },
    );
  });
});
