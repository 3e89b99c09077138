import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import path from 'node:path';
import type { Config } from '../config';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { lockDataDir } from './data-dir-lock';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: the engine, for dumps in tests. */
  pglite?: PGlite;
  close(): Promise<void>;
}

const DATE_OID = 1082;
/** A `date` is a calendar day, not an instant: keep it as 'YYYY-MM-DD' on both drivers. */
const keepAsText = (value: string) => value;

export interface OpenDatabaseOptions {
  /** postgres://… — a PostgreSQL server. */
  url?: string;
  /** PGlite's data directory; absent means in memory. */
  dataDir?: string;
  /** PGlite only: start from a dumped data directory (fast test databases). */
  loadDataDir?: Blob;
  /** PostgreSQL only: told when the server drops an idle pooled connection. */
  onIdleConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === DATE_OID
            ? keepAsText
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server drops (restart, failover, admin kill) is an 'error' event
    // on the pool; unheard, it would crash the process. The pool replaces the connection, and
    // the next query that fails reports its own error.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    parsers: { [DATE_OID]: keepAsText },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // Destroying the dialect closes PGlite, which flushes the data directory.
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}

/** True for PostgreSQL's unique-violation error on either driver (never use instanceof). */
export function uniqueViolation(error: unknown): { constraint: string | undefined } | undefined {
  if (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '23505'
  ) {
    const { constraint } = error as { constraint?: string };
    return { constraint };
  }
  return undefined;
}

/**
 * The database the configuration names, migrated and ready: PostgreSQL at DATABASE_URL, or
 * the embedded one under DATA_DIR — locked for this process, which `command` names to others.
 */
export async function openConfiguredDatabase(
  config: Config,
  command: string,
  onIdleConnectionError?: (error: Error) => void,
) {
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir, command);
  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, onIdleConnectionError }
        : { dataDir: path.join(config.dataDir, 'pgdata') },
    );
    await migrateToLatest(database.db);
    return {
      ...database,
      async close() {
        await database.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
