import { performance } from 'node:perf_hooks';

/** A summary of timings in milliseconds. */
export interface Stats {
  n: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
}

/**
 * The p-th percentile (0–100) by linear interpolation between the closest ranks (the
 * spreadsheet's PERCENTILE.INC, numpy's default): p50 of an even count is the mean of the two
 * middle values, and p95 of few samples lies between the two largest rather than being the
 * largest. `sorted` must be sorted ascending and not empty.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of no samples');
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be 0–100, got ${p}`);
  const rank = (p / 100) * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  const low = sorted[below]!;
  const high = sorted[above]!;
  return low + (high - low) * (rank - below);
}

export function summarize(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new RangeError('no samples to summarize');
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((total, sample) => total + sample, 0);
  return {
    n: sorted.length,
    mean: sum / sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
  };
}

export interface MeasureOptions {
  /** Untimed runs first: JIT, connection pools, the database's caches. */
  warmup: number;
  /** Timed runs. */
  iterations: number;
}

/**
 * Runs `operation` `warmup` times untimed, then `iterations` times one after another, each
 * timed alone, and summarizes the timings. The operation gets the run's index (warm-ups
 * included) so it can vary its input.
 */
export async function measure(
  operation: (index: number) => Promise<unknown>,
  { warmup, iterations }: MeasureOptions,
): Promise<Stats> {
  for (let index = 0; index < warmup; index++) await operation(index);
  const samples: number[] = [];
  for (let index = warmup; index < warmup + iterations; index++) {
    const started = performance.now();
    await operation(index);
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}
