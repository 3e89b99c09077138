/**
 * npm run bench -- [--scale small|medium|large] [--only name[,name…]] [--list]
 *
 * Runs the benchmarks of bench/benchmarks/index.ts that run at the scale, prints a table and
 * merges the figures into bench/results/<YYYY-MM-DD>-<scale>.json. With DATABASE_URL the data
 * goes to a scratch database created on that server and dropped at the end; without it, to
 * PGlite in a temp directory. Missed targets are reported, never a failure: only a benchmark
 * that throws makes the exit status 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  type BenchContext,
  type BenchResult,
  type Benchmark,
  type ScaleName,
  scaleNames,
} from './benchmark';
import { benchmarks } from './benchmarks';
import { BENCH_TIME_ZONE, type BenchData, generateBenchData, scales } from './data';
import { type ScratchDatabase, databaseVersion, openScratchDatabase } from './database';
import { describeMachine, gitCommit, loadAverage } from './machine';
import { freePort, stopAllProcesses } from './process';
import { type BenchmarkRecord, localDate, writeResults } from './results';
import { type TableRow, formatTable } from './table';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'bench', 'results');

const usage = `Usage: npm run bench -- [--scale small|medium|large] [--only name[,name…]] [--list]

  --scale   the call centre to generate (default small):
${scaleNames
  .map((name) => {
    const { teams, agentsPerTeam, days, databases } = scales[name];
    return `              ${name.padEnd(7)} ${teams} teams × ${agentsPerTeam} agents × ${days} days${
      databases.includes('pglite') ? '' : ' (PostgreSQL only)'
    }`;
  })
  .join('\n')}
  --only    run only these benchmarks (comma-separated or repeated)
  --list    list the benchmarks and the scales they run at

DATABASE_URL=postgres://… runs on that PostgreSQL server, in a database the bench creates and
drops (the named database itself is left alone); otherwise on PGlite in a temp directory.`;

function fail(message: string, status = 2): never {
  console.error(`bench: ${message}`);
  process.exit(status);
}

function parseArguments() {
  try {
    const { values } = parseArgs({
      options: {
        scale: { type: 'string', default: 'small' },
        only: { type: 'string', multiple: true },
        list: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${usage}`);
  }
}

async function main() {
  const options = parseArguments();
  if (options.help) {
    console.log(usage);
    return 0;
  }
  if (options.list) {
    for (const benchmark of benchmarks) {
      console.log(
        `${benchmark.name.padEnd(16)} ${benchmark.title} [${benchmark.scales.join(', ')}]`,
      );
    }
    return 0;
  }

  const scale = options.scale as ScaleName;
  if (!scaleNames.includes(scale)) {
    fail(`--scale must be one of ${scaleNames.join(', ')}, got '${options.scale}'`);
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const databaseKind = databaseUrl ? 'postgres' : 'pglite';
  if (!scales[scale].databases.includes(databaseKind)) {
    fail(
      `--scale ${scale} runs on PostgreSQL only: it is about 5 M calls and 10 M status ` +
        `intervals, and PGlite's WebAssembly memory is capped near 4 GiB.\n` +
        `Set DATABASE_URL=postgres://… — the bench creates a database of its own on that ` +
        `server and drops it afterwards.`,
    );
  }

  const only = options.only?.flatMap((names) => names.split(',')).filter(Boolean);
  const unknown = only?.filter((name) => !benchmarks.some((b) => b.name === name)) ?? [];
  if (unknown.length) {
    fail(
      `no benchmark named ${unknown.join(', ')}; there are ${benchmarks.map((b) => b.name).join(', ')}`,
    );
  }
  const chosen = benchmarks.filter((benchmark) => !only || only.includes(benchmark.name));
  for (const benchmark of chosen.filter((b) => !b.scales.includes(scale))) {
    console.error(`bench: ${benchmark.name} does not run at --scale ${scale}; skipped.`);
  }
  const selected = chosen.filter((benchmark) => benchmark.scales.includes(scale));
  if (selected.length === 0) fail(`nothing to run at --scale ${scale}`);

  const tempRoot = mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-'));
  let scratch: ScratchDatabase | undefined;
  let data: Promise<BenchData> | undefined;
  let isCleanedUp = false;
  const cleanUp = async () => {
    if (isCleanedUp) return;
    isCleanedUp = true;
    await stopAllProcesses();
    await scratch?.dispose().catch((error: unknown) => {
      console.error(`bench: could not remove the scratch database: ${String(error)}`);
    });
    rmSync(tempRoot, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}: stopping and cleaning up…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }

  const scaleSize = scales[scale];
  const generateData = async (): Promise<BenchData> => {
    const log = (message: string) => console.error(`bench: data: ${message}`);
    log(
      `${scaleSize.teams} teams × ${scaleSize.agentsPerTeam} agents × ${scaleSize.days} days ` +
        `into a scratch ${databaseKind === 'postgres' ? 'PostgreSQL database' : 'PGlite'}…`,
    );
    scratch = await openScratchDatabase(databaseUrl, mkdtempSync(path.join(tempRoot, 'data-')));
    const started = performance.now();
    let lastTenth = -1;
    const summary = await generateBenchData(scratch.handle.db, scaleSize, (done, total) => {
      const tenth = Math.floor((done / total) * 10);
      if (tenth !== lastTenth) log(`${tenth * 10}%`);
      lastTenth = tenth;
    });
    const generationSeconds = (performance.now() - started) / 1000;
    log(
      `${summary.counts.calls.toLocaleString('en-US')} calls, ` +
        `${summary.counts.statusIntervals.toLocaleString('en-US')} status intervals in ` +
        `${generationSeconds.toFixed(1)} s`,
    );
    return {
      kind: scratch.kind,
      db: scratch.handle.db,
      listen: scratch.handle.listen,
      url: scratch.url,
      dataDir: scratch.dataDir,
      timeZone: BENCH_TIME_ZONE,
      summary,
      generationSeconds,
    };
  };

  try {
    const { rows, failures, records } = await runBenchmarks(selected, (benchmark) => {
      const started = performance.now();
      const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
      return {
        scale,
        root,
        databaseKind,
        data: () => (data ??= generateData()),
        tempDir: (label) => mkdtempSync(path.join(tempRoot, `${benchmark.name}-${label}-`)),
        freePort,
        log: (message) => console.error(`bench: ${benchmark.name} [${elapsed()}]: ${message}`),
      };
    });

    const generated = data ? await data.catch(() => undefined) : undefined;
    const version = await databaseVersion(databaseUrl, scratch?.handle).catch(
      (error: unknown) => `unknown (${String(error)})`,
    );
    const machine = describeMachine(root, { kind: databaseKind, version });
    const file = writeResults(resultsDir, {
      date: localDate(new Date()),
      scale,
      kind: databaseKind,
      run: {
        machine,
        updatedAt: new Date().toISOString(),
        ...(generated && {
          data: {
            teams: scaleSize.teams,
            agents: generated.summary.counts.agents,
            days: scaleSize.days,
            calls: generated.summary.counts.calls,
            statusIntervals: generated.summary.counts.statusIntervals,
            generationSeconds: Math.round(generated.generationSeconds * 100) / 100,
          },
        }),
        benchmarks: records,
      },
    });

    console.log(
      `\nScale ${scale} on ${machine.database.version}; ${machine.cores} cores ` +
        `(${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}; ` +
        `load average now ${loadAverage().join(' ')}\n`,
    );
    console.log(formatTable(rows, failures));
    console.log(`\nWritten to ${path.relative(root, file)}`);
    return failures.length ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

/** Setup, run, teardown of each in turn; a failure is recorded and the next one runs. */
async function runBenchmarks(
  selected: readonly Benchmark<unknown>[],
  contextFor: (benchmark: Benchmark<unknown>) => BenchContext,
) {
  const rows: TableRow[] = [];
  const failures: string[] = [];
  const records: Record<string, BenchmarkRecord> = {};
  const commit = gitCommit(root);
  for (const benchmark of selected) {
    const context = contextFor(benchmark);
    context.log(benchmark.title);
    const started = performance.now();
    const ranAt = new Date().toISOString();
    let results: BenchResult[] = [];
    let error: string | undefined;
    try {
      const state = benchmark.setup ? await benchmark.setup(context) : undefined;
      try {
        results = await benchmark.run(context, state);
      } finally {
        await benchmark.teardown?.(context, state);
      }
    } catch (thrown) {
      error = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
      failures.push(`${benchmark.name}: ${error}`);
    }
    const seconds = (performance.now() - started) / 1000;
    context.log(`${error ? 'FAILED' : 'done'} in ${seconds.toFixed(1)} s`);
    records[benchmark.name] = {
      title: benchmark.title,
      ranAt,
      gitCommit: commit,
      seconds: Math.round(seconds * 10) / 10,
      loadAverage: loadAverage(),
      results,
      ...(error ? { error } : {}),
    };
    rows.push(...results.map((result) => ({ benchmark: benchmark.name, result })));
  }
  return { rows, failures, records };
}

main()
  .then((status) => process.exit(status))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
