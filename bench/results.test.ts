import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Machine } from './machine';
import { type ResultsFile, type RunRecord, localDate, mergeRun, writeResults } from './results';

const machine: Machine = {
  cores: 2,
  memoryGiB: 24,
  cpuModel: 'Test CPU',
  os: 'Linux',
  node: 'v20.20.2',
  database: { kind: 'pglite', version: 'PostgreSQL 17.5 (PGlite 0.4.6)' },
  gitCommit: 'abc',
};

const run = (benchmarks: string[], updatedAt = '2026-11-21T10:00:00.000Z'): RunRecord => ({
  machine,
  updatedAt,
  benchmarks: Object.fromEntries(
    benchmarks.map((name) => [
      name,
      {
        title: name,
        ranAt: updatedAt,
        gitCommit: 'abc',
        seconds: 1,
        loadAverage: [0.5, 0.4, 0.3],
        results: [{ kind: 'value', name: 'size', value: 1, unit: 'kB' }],
      },
    ]),
  ),
});

describe('localDate', () => {
  it('is the local calendar day, zero-padded', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('mergeRun', () => {
  it('keeps benchmarks a later run did not repeat, and replaces those it did', () => {
    const first = mergeRun(undefined, '2026-11-21', 'small', 'pglite', run(['a', 'b']));
    const second = mergeRun(first, '2026-11-21', 'small', 'pglite', run(['b'], 'later'));
    expect(Object.keys(second.runs.pglite!.benchmarks).sort()).toEqual(['a', 'b']);
    expect(second.runs.pglite!.benchmarks.b!.ranAt).toBe('later');
    expect(second.runs.pglite!.updatedAt).toBe('later');
  });

  it('keeps each database kind apart', () => {
    const pglite = mergeRun(undefined, '2026-11-21', 'small', 'pglite', run(['a']));
    const both = mergeRun(pglite, '2026-11-21', 'small', 'postgres', run(['b']));
    expect(Object.keys(both.runs.pglite!.benchmarks)).toEqual(['a']);
    expect(Object.keys(both.runs.postgres!.benchmarks)).toEqual(['b']);
  });

  it('starts afresh when the existing file is another day or scale', () => {
    const old = mergeRun(undefined, '2026-11-20', 'small', 'pglite', run(['a']));
    const fresh = mergeRun(old, '2026-11-21', 'small', 'pglite', run(['b']));
    expect(Object.keys(fresh.runs.pglite!.benchmarks)).toEqual(['b']);
  });
});

describe('writeResults', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-results-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as ResultsFile;

  it('writes <date>-<scale>.json and merges a second run into it', () => {
    const file = writeResults(dir, {
      date: '2026-11-21',
      scale: 'small',
      kind: 'pglite',
      run: run(['web-app']),
    });
    expect(path.basename(file)).toBe('2026-11-21-small.json');
    writeResults(dir, {
      date: '2026-11-21',
      scale: 'small',
      kind: 'pglite',
      run: run(['start-up']),
    });

    const written = read(file);
    expect(written.date).toBe('2026-11-21');
    expect(written.scale).toBe('small');
    expect(written.runs.pglite!.machine).toEqual(machine);
    expect(Object.keys(written.runs.pglite!.benchmarks).sort()).toEqual(['start-up', 'web-app']);
    // Only the results file: the partial one was renamed into place.
    expect(readdirSync(dir)).toEqual(['2026-11-21-small.json']);
  });

  it('replaces a file it cannot read instead of failing the run', () => {
    writeFileSync(path.join(dir, '2026-11-21-medium.json'), '{ not json');
    const file = writeResults(dir, {
      date: '2026-11-21',
      scale: 'medium',
      kind: 'postgres',
      run: run(['a']),
    });
    expect(Object.keys(read(file).runs)).toEqual(['postgres']);
  });
});
