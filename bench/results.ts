import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchResult, DatabaseKind, ScaleName } from './benchmark';
import type { Machine } from './machine';

/**
 * bench/results/<YYYY-MM-DD>-<scale>.json: one file per day and scale, holding a run per
 * database kind (small runs on both). A later run the same day replaces the benchmarks it ran
 * and keeps the others, so `--only` adds to the day's figures instead of erasing them.
 */
export interface ResultsFile {
  date: string;
  scale: ScaleName;
  runs: Partial<Record<DatabaseKind, RunRecord>>;
}

export interface RunRecord {
  /** The machine of the latest run merged in. */
  machine: Machine;
  updatedAt: string;
  /** The generated call centre, when a benchmark asked for it. */
  data?: DataRecord;
  benchmarks: Record<string, BenchmarkRecord>;
}

export interface DataRecord {
  teams: number;
  agents: number;
  days: number;
  calls: number;
  statusIntervals: number;
  generationSeconds: number;
}

export interface BenchmarkRecord {
  title: string;
  ranAt: string;
  gitCommit: string | undefined;
  /** Setup, run and teardown, wall time. */
  seconds: number;
  /** The machine's load average (1, 5, 15 min) when it finished. */
  loadAverage: number[];
  results: BenchResult[];
  /** Set when the benchmark failed: its results are then what it had before failing. */
  error?: string;
}

/** The machine's calendar day, 'YYYY-MM-DD' (the file name a person looks for). */
export function localDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function resultsPath(dir: string, date: string, scale: ScaleName) {
  return path.join(dir, `${date}-${scale}.json`);
}

/** `run` merged into what the day's file already holds for its database kind. */
export function mergeRun(
  existing: ResultsFile | undefined,
  date: string,
  scale: ScaleName,
  kind: DatabaseKind,
  run: RunRecord,
): ResultsFile {
  const isSameFile = existing?.date === date && existing.scale === scale;
  const runs = isSameFile ? { ...existing.runs } : {};
  const previous = runs[kind];
  runs[kind] = {
    ...run,
    data: run.data ?? previous?.data,
    benchmarks: { ...previous?.benchmarks, ...run.benchmarks },
  };
  return { date, scale, runs };
}

function readResults(file: string): ResultsFile | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ResultsFile;
  } catch {
    // A file we cannot read is replaced rather than stopping the run that measured something.
    return undefined;
  }
}

/** Merges `run` into the day's file (written whole, then renamed into place); returns its path. */
export function writeResults(
  dir: string,
  {
    date,
    scale,
    kind,
    run,
  }: { date: string; scale: ScaleName; kind: DatabaseKind; run: RunRecord },
): string {
  mkdirSync(dir, { recursive: true });
  const file = resultsPath(dir, date, scale);
  const merged = mergeRun(readResults(file), date, scale, kind, run);
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(merged, null, 2)}\n`);
  renameSync(partial, file);
  return file;
}
