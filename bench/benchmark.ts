import type { BenchData } from './data';
import type { Stats } from './stats';

/**
 * What a benchmark is: a module in bench/benchmarks/ exporting one of these, listed in
 * bench/benchmarks/index.ts. The harness (bench/run.ts) calls setup, run and teardown, times
 * them, prints the results and writes them to bench/results/.
 */

export const scaleNames = ['small', 'medium', 'large'] as const;
export type ScaleName = (typeof scaleNames)[number];

export type DatabaseKind = 'pglite' | 'postgres';

export interface Benchmark<State = void> {
  /** kebab-case; `--only` selects by it, and the results file is keyed by it. */
  name: string;
  /** One line: what it measures (the table's heading for its rows). */
  title: string;
  /** The scales it runs at; `--scale` outside them skips it. */
  scales: readonly ScaleName[];
  /** Untimed preparation (a server started, a build made); what it returns goes to run. */
  setup?(context: BenchContext): Promise<State>;
  /** The measurement: warm up, then measure (see `measure` in stats.ts). */
  run(context: BenchContext, state: State): Promise<BenchResult[]>;
  /** Always called after a setup that succeeded, even when run failed. */
  teardown?(context: BenchContext, state: State): Promise<void>;
}

/** What every benchmark is given. */
export interface BenchContext {
  scale: ScaleName;
  /** The repository's root directory. */
  root: string;
  /** The database the run is about: PostgreSQL when DATABASE_URL is set, else PGlite. */
  databaseKind: DatabaseKind;
  /**
   * The scale's demo call centre in the run's scratch database, generated on first call and
   * shared by every benchmark of the run (so a benchmark must not change what others read).
   */
  data(): Promise<BenchData>;
  /** A new empty directory, removed when the run ends. */
  tempDir(label: string): string;
  /** A port in 3200–3299 that is free right now. */
  freePort(): Promise<number>;
  /** Progress on stderr, prefixed with the benchmark's name. */
  log(message: string): void;
}

/** A figure's upper (or lower) bound; for a latency, on `stat` (default p95). */
export interface Target {
  atMost?: number;
  atLeast?: number;
  stat?: StatName;
}

export type StatName = 'p50' | 'p95' | 'p99' | 'mean' | 'max';

/** Repeated timings of one operation, in milliseconds. */
export interface LatencyResult {
  kind: 'latency';
  name: string;
  stats: Stats;
  /** The timings themselves, in the order taken, where they are few enough to keep. */
  samples?: number[];
  target?: Target;
  note?: string;
}

/** One figure with its unit ('kB', 's', 'rows/s', …). */
export interface ValueResult {
  kind: 'value';
  name: string;
  value: number;
  unit: string;
  target?: Target;
  note?: string;
}

export type BenchResult = LatencyResult | ValueResult;

/** Met, missed, or no target. */
export function targetStatus(result: BenchResult): 'met' | 'missed' | undefined {
  const { target } = result;
  if (!target) return undefined;
  const figure = result.kind === 'value' ? result.value : result.stats[target.stat ?? 'p95'];
  const isMet =
    (target.atMost === undefined || figure <= target.atMost) &&
    (target.atLeast === undefined || figure >= target.atLeast);
  return isMet ? 'met' : 'missed';
}
