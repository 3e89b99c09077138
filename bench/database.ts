import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../src/server/db/migrate';
import { type DatabaseHandle, openDatabase } from '../src/server/platform/database';
import type { DatabaseKind } from './benchmark';

/**
 * The run's own database: on PostgreSQL a new database on the DATABASE_URL server, dropped at
 * the end (the database the URL names is only connected to, never read or written); on PGlite
 * a data directory in the run's temp dir. Either way migrated and empty.
 */
export interface ScratchDatabase {
  kind: DatabaseKind;
  handle: DatabaseHandle;
  url?: string;
  dataDir?: string;
  /** Closes it; on PostgreSQL also drops it. */
  dispose(): Promise<void>;
}

export async function openScratchDatabase(
  databaseUrl: string | undefined,
  tempDir: string,
): Promise<ScratchDatabase> {
  if (!databaseUrl) {
    const dataDir = path.join(tempDir, 'pgdata');
    const handle = await openDatabase({ dataDir });
    await migrateToLatest(handle.db);
    return { kind: 'pglite', handle, dataDir, dispose: () => handle.close() };
  }

  const name = `switchboard_bench_${randomBytes(4).toString('hex')}`;
  // A client for each statement, not one held open: the fault tests stop the server meanwhile.
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`CREATE DATABASE ${name}`);
  const drop = () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ url: url.toString() });
    await migrateToLatest(handle.db);
    return {
      kind: 'postgres',
      handle,
      url: url.toString(),
      async dispose() {
        await handle.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** 'PostgreSQL 15.14 (PGlite 0.4.6)' or the server's version(), without the build details. */
export async function databaseVersion(
  databaseUrl: string | undefined,
  open?: DatabaseHandle,
): Promise<string> {
  let version: string;
  if (open) {
    const { rows } = await sql<{ version: string }>`SELECT version() AS version`.execute(open.db);
    version = rows[0]!.version;
  } else if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      version = (await client.query<{ version: string }>('SELECT version() AS version')).rows[0]!
        .version;
    } finally {
      await client.end();
    }
  } else {
    const pglite = await PGlite.create();
    try {
      version = (await pglite.query<{ version: string }>('SELECT version() AS version')).rows[0]!
        .version;
    } finally {
      await pglite.close();
    }
  }
  const short = /^PostgreSQL [\d.]+/.exec(version)?.[0] ?? version;
  return databaseUrl ? short : `${short} (PGlite ${pgliteVersion()})`;
}

function pgliteVersion() {
  const packageJson = path.resolve(
    import.meta.dirname,
    '../node_modules/@electric-sql/pglite/package.json',
  );
  try {
    return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
