// npm run fuzz -- [--runs N] [--seed S] [--route text]: the bad-input property tests
// (src/server/fuzz.test.ts) with N hostile requests per route (CI runs 200), against the
// embedded database, or PostgreSQL when DATABASE_URL is set. Prints runs, time and the
// statuses per route; a failure prints fast-check's counterexample and its seed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    seed: { type: 'string' },
    route: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a positive whole number, got '${values.runs}'`);
  process.exit(2);
}
if (values.seed !== undefined && !Number.isInteger(Number(values.seed))) {
  console.error(`--seed must be a whole number, got '${values.seed}'`);
  process.exit(2);
}

const args = ['vitest', 'run', '--project', 'server', 'src/server/fuzz.test.ts'];
// vitest's -t is a pattern: the route's text is matched as written.
if (values.route) args.push('-t', values.route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const result = spawnSync('npx', args, {
  cwd: path.resolve(import.meta.dirname, '..'),
  stdio: 'inherit',
  env: {
    ...process.env,
    FUZZ_RUNS: String(runs),
    ...(values.seed === undefined ? {} : { FUZZ_SEED: values.seed }),
  },
});
process.exit(result.status ?? 1);
