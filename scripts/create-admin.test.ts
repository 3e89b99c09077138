import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/platform/database';

const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-create-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function createAdmin(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/create-admin.ts', ...args],
    {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('npm run create-admin', { timeout: 60_000 }, () => {
  it('creates a super admin with a security question, then refuses the same username', async () => {
    const created = createAdmin(
      '--username',
      'Ops',
      '--password',
      'ops-pass',
      '--super',
      '--question',
      '3',
      '--answer',
      'Paris',
    );
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^Created super admin 'Ops' \([0-9a-f-]{36}\)\.\n$/);

    const duplicate = createAdmin('--username', 'ops', '--password', 'ops-pass');
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toBe('create-admin: Username already exists\n');

    // What it wrote is a real account: sign in, and the reset question is the third one.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    const app = await buildApp(testConfig(), database);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { username: 'ops', password: 'ops-pass' },
    });
    expect(signIn.json().user).toMatchObject({ username: 'Ops', is_super_admin: true });
    const question = await app.inject({
      method: 'POST',
      url: '/api/auth/reset/question',
      payload: { username: 'Ops' },
    });
    expect(question.json()).toEqual({ question: 'What city were you born in?' });
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'ip'])
      .where('action', '=', 'admin.created')
      .execute();
    expect(audit).toEqual([{ action: 'admin.created', ip: 'command line' }]);
    await app.close();
    await database.close();
  });

  it.each([
    [
      ['--username', 'x', '--password', 'short'],
      '--password: Password must be at least 6 characters',
    ],
    [['--password', 'long-enough'], '--username: Username is required'],
    [
      ['--username', 'x', '--password', 'long-enough', '--question', '9', '--answer', 'a'],
      '--question: Choose one of the 8 security questions',
    ],
    [
      ['--username', 'x', '--password', 'long-enough', '--question', '2'],
      '--answer: Give both a security question and its answer, or neither',
    ],
    [['--username', 'x', '--password', 'long-enough', '--bogus'], "Unknown option '--bogus'"],
  ])('refuses %j with a clear message', (args, message) => {
    const result = createAdmin(...args);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`create-admin: ${message}`);
    expect(result.err).toContain('Usage: npm run create-admin');
  });
});
