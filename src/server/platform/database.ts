import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from '../db/schema';

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
