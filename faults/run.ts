import { parseArgs } from 'node:util';
import { stopAllProcesses } from '../bench/process';
import { crashRestart } from './crash-restart';
import { databaseOutage } from './db-outage';
import { gracefulShutdown } from './graceful-shutdown';
import type { DatabaseKind, FaultOptions, FaultReport } from './harness';
import { soak } from './soak';
import { twoProcesses } from './two-processes';

/**
 * npm run faults -- <name> [--db postgres|pglite|both] [--agents N] [--seconds S]
 *                          [--minutes M] [--short]
 *
 * The fault tests, each bounded in time, on loopback only, stopping by itself:
 *   crash-restart      kill -9 under load, start again: nothing acknowledged lost
 *   graceful-shutdown  SIGTERM under load: in-flight answered, sockets told, exit 0 in 10 s
 *   two-processes      two servers behind a balancer, one killed mid-ring (PostgreSQL only)
 *   db-outage          a private PostgreSQL cluster stopped for 10 s under load: 503s, recovery
 *   soak               agents for --minutes (default 30): memory and handles flat, no error
 *   all                each of the above
 * PostgreSQL is DATABASE_URL's server (default the machine's, 127.0.0.1:5432), in a scratch
 * database created and dropped; PGlite a data directory of its own. `--short` is CI's size.
 * Exits 1 when any check fails, printing what it found.
 */
const SCENARIOS: Record<
  string,
  {
    run: (options: FaultOptions) => Promise<FaultReport | undefined>;
    agents: { full: number; short: number };
  }
> = {
  'crash-restart': { run: crashRestart, agents: { full: 200, short: 40 } },
  'graceful-shutdown': { run: gracefulShutdown, agents: { full: 200, short: 40 } },
  'two-processes': { run: twoProcesses, agents: { full: 200, short: 40 } },
  'db-outage': { run: databaseOutage, agents: { full: 200, short: 40 } },
  soak: { run: soak, agents: { full: 500, short: 60 } },
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'both' },
    agents: { type: 'string' },
    seconds: { type: 'string' },
    minutes: { type: 'string' },
    short: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const name = positionals[0] ?? fail(`name a fault: ${Object.keys(SCENARIOS).join(', ')} or all`);
const names =
  name === 'all'
    ? Object.keys(SCENARIOS)
    : name in SCENARIOS
      ? [name]
      : fail(`unknown fault '${name}': ${Object.keys(SCENARIOS).join(', ')} or all`);
const kinds: DatabaseKind[] =
  values.db === 'both'
    ? ['postgres', 'pglite']
    : values.db === 'postgres' || values.db === 'pglite'
      ? [values.db]
      : fail(`--db must be postgres, pglite or both, got '${values.db}'`);
const positive = (text: string | undefined, fallback: number, option: string) => {
  if (text === undefined) return fallback;
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fail(`--${option} must be a positive whole number`);
};
const loadSeconds = positive(values.seconds, values.short ? 5 : 30, 'seconds');
const minutes =
  values.minutes === undefined
    ? values.short
      ? 0.25
      : 30
    : Number(values.minutes) > 0
      ? Number(values.minutes)
      : fail('--minutes must be a positive number');

const reports: FaultReport[] = [];
let exitCode = 0;
try {
  for (const scenario of names) {
    for (const kind of kinds) {
      const started = performance.now();
      const log = (message: string) => console.error(`faults: ${scenario}: ${message}`);
      const { run, agents } = SCENARIOS[scenario]!;
      const size = positive(values.agents, values.short ? agents.short : agents.full, 'agents');
      const report = await run({ kind, agents: size, loadSeconds, minutes, log });
      if (!report) {
        log(`${kind}: not applicable`);
        continue;
      }
      report.figures['run time (s)'] = Math.round((performance.now() - started) / 1000);
      reports.push(report);
      print(report);
      if (report.problems.length > 0) exitCode = 1;
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stopAllProcesses();
}
console.log(
  exitCode === 0
    ? `faults: all ${reports.length} passed`
    : `faults: FAILED (${reports.filter((r) => r.problems.length > 0).length} of ${reports.length} found problems)`,
);
process.exit(exitCode);

function print(report: FaultReport) {
  const width = Math.max(...Object.keys(report.figures).map((key) => key.length));
  console.log(`\n${report.problems.length === 0 ? 'PASS' : 'FAIL'} ${report.name}`);
  for (const [key, value] of Object.entries(report.figures)) {
    console.log(`  ${key.padEnd(width)}  ${value}`);
  }
  for (const problem of report.problems) console.log(`  ✗ ${problem}`);
}
