import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import {
  SERVER_ARGS,
  copySqlFiles,
  isServerBuildCurrent,
  isWebBuildCurrent,
  serverBundling,
} from '../../scripts/builds.mjs';
import type { Benchmark, BenchResult } from '../benchmark';
import { startProcess, waitForHealthy } from '../process';
import { ensureServerBundle } from '../sim/server';
import type { StartPhases } from '../start-phases';
import { summarize } from '../stats';

/**
 * `npm start` on an existing data dir to GET /api/health answering 200, on PGlite (whatever
 * DATABASE_URL says: the target is the embedded database's). The data dir is made once by a first
 * start (create + migrate, reported apart, and the warm-up), then each measured start is a new
 * process on it, stopped cleanly (SIGTERM, PGlite flushed) before the next.
 *
 * `npm start` (scripts/start.mjs) builds the web app and the server (scripts/builds.mjs) when
 * either is older than its sources. The bench brings the server's bundle up to date first, as a
 * start would (it is renamed into place: a server running from it is not disturbed), but never
 * builds into dist/web (a running server or e2e suite may be using it): when the web build is not
 * current it measures the command start.mjs then runs — the server — and says so. Then
 * bench/start-phases.ts, bundled the same way, times the server's own steps, to show where the time
 * goes.
 */

const STARTS = 5;
const PHASE_RUNS = 3;
const TARGET_MS = 3000;
/** start-phases.ts bundled: under node_modules, where the packages it leaves out resolve. */
const PHASES_DIR = 'node_modules/.cache/switchboard-bench';

interface StartUpState {
  dataDir: string;
  port: number;
}

export const startUp: Benchmark<StartUpState> = {
  name: 'start-up',
  title: `start-up: npm start on an existing PGlite data dir → /api/health 200 (${STARTS} starts)`,
  scales: ['small', 'medium', 'large'],

  async setup(context) {
    await ensureServerBundle(context);
    // Split where start-phases.ts imports the server, so its packages load in that phase.
    rmSync(path.join(context.root, PHASES_DIR), { recursive: true, force: true });
    await build({
      ...serverBundling,
      absWorkingDir: context.root,
      entryPoints: ['bench/start-phases.ts'],
      outdir: PHASES_DIR,
      outExtension: { '.js': '.mjs' },
      splitting: true,
    });
    copySqlFiles(context.root, path.join(context.root, PHASES_DIR));
    return { dataDir: context.tempDir('data'), port: await context.freePort() };
  },

  async run(context, { dataDir, port }) {
    const env = {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    const health = `http://127.0.0.1:${port}/api/health`;
    let starts = 0;
    const timeStart = async (command: string, args: string[]) => {
      const logFile = path.join(dataDir, `start-${++starts}.log`);
      const started = performance.now();
      const server = startProcess(command, args, { cwd: context.root, env, logFile });
      let healthyAt: number;
      try {
        healthyAt = await waitForHealthy(health, server, { timeoutMs: 120_000, pollMs: 10 });
      } finally {
        await server.stop();
      }
      if (/Building the/.test(readFileSync(logFile, 'utf8'))) {
        throw new Error(
          'npm start rebuilt the web app or the server: sources changed during the run',
        );
      }
      return healthyAt - started;
    };
    const latency = (samples: number[]) => ({
      stats: summarize(samples),
      samples: samples.map((sample) => Math.round(sample)),
    });

    context.log('first start: creates and migrates the data dir…');
    const firstStart = await timeStart(process.execPath, SERVER_ARGS);
    const results: BenchResult[] = [
      {
        kind: 'value',
        name: 'first start (empty data dir: create + migrate)',
        value: Math.round(firstStart),
        unit: 'ms',
        note: 'the server command alone; also the warm-up of the starts below',
      },
    ];

    // npm start only while both builds are current (checked before each start: other people's
    // edits may make one stale meanwhile, and then npm start would build it first).
    const npmStarts: number[] = [];
    const isCurrent = () => isWebBuildCurrent(context.root) && isServerBuildCurrent(context.root);
    while (npmStarts.length < STARTS && isCurrent()) {
      if (npmStarts.length === 0) context.log(`${STARTS} × npm start…`);
      npmStarts.push(await timeStart('npm', ['start']));
    }
    if (npmStarts.length === STARTS) {
      results.push({
        kind: 'latency',
        name: 'npm start → healthy',
        ...latency(npmStarts),
        target: { atMost: TARGET_MS, stat: 'max' },
        note:
          'npm start itself (dist/web and dist/server are current, so start.mjs only checks ' +
          'them); every start counts',
      });
    } else {
      context.log(`${STARTS} × the server command…`);
      const serverStarts: number[] = [];
      for (let start = 0; start < STARTS; start++) {
        serverStarts.push(await timeStart(process.execPath, SERVER_ARGS));
      }
      results.push({
        kind: 'latency',
        name: 'server start → healthy',
        ...latency(serverStarts),
        target: { atMost: TARGET_MS, stat: 'max' },
        note:
          'a build is older than its sources here, so npm start would rebuild it first: ' +
          `measured \`node ${SERVER_ARGS.join(' ')}\`, the command start.mjs runs after its ` +
          'check (npm start adds npm and the check on top); every start counts',
      });
    }

    context.log(`${PHASE_RUNS} × the start's phases…`);
    const phaseRuns: StartPhases[] = [];
    for (let run = 0; run < PHASE_RUNS; run++) {
      const logFile = path.join(dataDir, `phases-${run}.log`);
      const phases = startProcess(
        process.execPath,
        ['--enable-source-maps', path.join(PHASES_DIR, 'start-phases.mjs')],
        { cwd: context.root, env, logFile },
      );
      if ((await phases.exited) !== 0) {
        throw new Error(`bench/start-phases.ts failed:\n${phases.logTail()}`);
      }
      const line = readFileSync(logFile, 'utf8').trim().split('\n').at(-1) ?? '';
      phaseRuns.push(JSON.parse(line) as StartPhases);
    }
    const phaseNames: Record<keyof StartPhases, string> = {
      processAndLoader: 'node',
      imports: "import the server's modules",
      openDatabase: 'PGlite opens the data dir',
      migrate: 'migrations checked',
      buildApp: 'buildApp',
      listen: 'listen (onReady hooks + socket)',
    };
    const phases = Object.entries(phaseNames) as [keyof StartPhases, string][];
    for (const [index, [phase, label]] of phases.entries()) {
      results.push({
        kind: 'value',
        name: `phase: ${label}`,
        value: Math.round(summarize(phaseRuns.map((run) => run[phase])).p50),
        unit: 'ms',
        ...(index === 0 && {
          note:
            `each phase the median of ${PHASE_RUNS} runs of bench/start-phases.ts, main.ts's ` +
            'steps timed one by one up to listening (the health check comes after)',
        }),
      });
    }
    return results;
  },
};
