import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../db/migrate';
import { openDatabase } from '../platform/database';
import { databaseUrlWithName } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dumped, migrated data directory each test file starts from. */
    pgliteDumpFile: string;
    /** PostgreSQL: a migrated template database each test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run. Each test file then gets a fresh database of its own in a fraction
 * of the time: PGlite loads the dump, PostgreSQL copies the template.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `switchboard_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: databaseUrlWithName(url, template) });
    await migrateToLatest(database.db);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDumpFile', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-test-'));
  const database = await openDatabase({});
  await migrateToLatest(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dumpFile = path.join(dir, 'migrated.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpFile', dumpFile);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
