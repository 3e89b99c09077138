import { describe, expect, it } from 'vitest';
import { measure, percentile, summarize } from './stats';

describe('percentile', () => {
  it('interpolates between the closest ranks', () => {
    const sorted = [10, 20, 30, 40];
    expect(percentile(sorted, 0)).toBe(10);
    expect(percentile(sorted, 50)).toBe(25);
    expect(percentile(sorted, 100)).toBe(40);
    // rank 0.95 × 3 = 2.85: 30 + 0.85 × 10
    expect(percentile(sorted, 95)).toBeCloseTo(38.5);
  });

  it('gives the one sample for any p', () => {
    expect(percentile([7], 0)).toBe(7);
    expect(percentile([7], 99)).toBe(7);
  });

  it('refuses no samples and a p outside 0–100', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('sorts the samples and reports n, mean, min, max and the percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, index) => 100 - index); // 100 … 1
    expect(summarize(samples)).toEqual({
      n: 100,
      mean: 50.5,
      p50: 50.5,
      p95: 95.05,
      p99: 99.01,
      min: 1,
      max: 100,
    });
  });

  it('takes the median of an even count as the mean of the middle two', () => {
    expect(summarize([3, 1, 4, 2]).p50).toBe(2.5);
  });

  it('leaves the samples it was given in their order', () => {
    const samples = [3, 1, 2];
    summarize(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('measure', () => {
  it('runs the warm-ups untimed, then times each iteration', async () => {
    const calls: number[] = [];
    const stats = await measure(
      async (index) => {
        calls.push(index);
      },
      { warmup: 2, iterations: 3 },
    );
    expect(calls).toEqual([0, 1, 2, 3, 4]);
    expect(stats.n).toBe(3);
    expect(stats.min).toBeGreaterThanOrEqual(0);
  });
});
