import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoUsage, runDemo } from '../src/server/demo/cli';
import { openDatabase } from '../src/server/platform/database';

const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-demo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, CALL_CENTRE_TZ: '' };

/** The real command, on the embedded database under `dataDir` (stderr is not a terminal). */
function demo(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', ...args], {
    env,
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The same command in this process, its output captured. */
async function demoInProcess(...args: string[]) {
  let out = '';
  let err = '';
  const code = await runDemo(args, env, {
    out: (text) => (out += text),
    err: (text) => (err += text),
    isTerminal: false,
  });
  return { code, out, err };
}

beforeAll(async () => {
  // A migrated data directory from the run's dump saves the command PostgreSQL's initdb.
  const dump = inject('pgliteDumpFile');
  if (!dump) return;
  const seeded = await openDatabase({
    dataDir: path.join(dataDir, 'pgdata'),
    loadDataDir: new Blob([readFileSync(dump)]),
  });
  await seeded.close();
});

describe('npm run demo', { timeout: 60_000 }, () => {
  it('fills an empty database and prints the sign-ins', () => {
    const filled = demo('--teams', '2', '--agents', '3', '--days', '3');
    expect(filled.err).toContain('demo: 3 agents in 2 teams, 3 days of history (seed 1, ');
    expect(filled.err).toContain('demo: 100% (statistics');
    expect(filled.code).toBe(0);
    expect(filled.out).toMatch(/^Demo data ready in [\d.]+ s: 2 teams, 3 agents, 3 admins; /);
    expect(filled.out).toContain("Sign in with the password 'demo-pass':");
    expect(filled.out).toContain('super admin  ops.manager');
    expect(filled.out).toContain('Customer Care: leader lead.care');
    expect(filled.out).toContain('Billing & Payments: leader lead.billing');
    expect(filled.out.match(/^ {4}agents: [a-z]+\.[a-z]+/gm)).toHaveLength(2);
  });

  it('then refuses to touch that database without --force, and says how', async () => {
    const refused = await demoInProcess('--agents', '5');
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toContain(
      'demo: the database already has data (6 users, 2 teams); nothing was changed.\n' +
        'Run with --force to erase it all and generate the demo in its place.\n',
    );
  });

  it.each([
    [['--days', 'ten'], "--days: expected a whole number from 1 to 3650, got 'ten'"],
    [['--teams', '501'], "--teams: expected a whole number from 1 to 500, got '501'"],
    [['--bogus'], "Unknown option '--bogus'"],
    [['extra'], "Unexpected argument 'extra'. This command does not take positional arguments"],
  ])('refuses %j with the usage', async (args, message) => {
    const result = await demoInProcess(...args);
    expect(result.code).toBe(2);
    expect(result.err).toBe(`demo: ${message}\n\n${demoUsage}\n`);
  });

  it('explains itself, including what --force erases', async () => {
    const help = await demoInProcess('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run demo -- [--teams N]');
    expect(help.out).toMatch(/--force\s+if the database already has users or teams: ERASE/);
    expect(help.out).toContain('Exit status: 0 done; 1 refused or failed');
  });
});
