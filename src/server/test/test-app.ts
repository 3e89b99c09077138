import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type AppOptions, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../platform/database';
import { FakeClock } from './clock';
import { databaseUrlWithName } from './database-url';

/** A fresh migrated database for one test file: PGlite in memory, or PostgreSQL if configured. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = readFileSync(inject('pgliteDumpFile'));
    return openDatabase({ loadDataDir: new Blob([dump]) });
  }
  const name = `switchboard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const database = await openDatabase({ url: databaseUrlWithName(url, name) });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Where between the shortest and longest offer delay a test app's offers fall. */
export const OFFER_DELAY_FRACTION = 0.5;

/**
 * The whole app on a test database of this file, with a fake clock. Closed after the file.
 * Call it at a file's top level: inside a test its afterAll would never run, leaving a pool
 * open on a database that then gets dropped under it. `options` can point the app at a
 * stand-in web build, send its log lines to a stream (with `logLevel` in `overrides`) or give
 * the call engine a random source other than the constant 0.5.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Pick<AppOptions, 'webBuildDir' | 'logStream' | 'random'> = {},
) {
  const database = await openTestDatabase();
  const clock = new FakeClock();
  const config = testConfig({ databaseUrl: process.env.DATABASE_URL, ...overrides });
  const app = await buildApp(config, database, {
    clock,
    random: () => 0.5,
    offerDelayFraction: () => OFFER_DELAY_FRACTION,
    ...options,
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, db: database.db, clock, config, ctx: app.ctx };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The session cookie of a response, ready to send back as a Cookie header. */
export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((c) => c.name === 'switchboard_session');
  if (!cookie) throw new Error('no session cookie in the response');
  return `${cookie.name}=${cookie.value}`;
}
