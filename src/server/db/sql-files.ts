import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';

/**
 * The database's functions, triggers and types: one file per family under ./sql/, each
 * object's current body in one place. The files are applied after the migrations whenever one
 * of them changed, and they own every function, trigger and type of the schema: a change to a
 * function is a diff to its file, never a migration.
 *
 * Listed in the order they are applied: a file may use the types and functions of the files
 * before it (SQL-language functions are checked against what exists when they are created).
 */
export const SQL_FILES = [
  'updated-at.sql',
  'rollups.sql',
  'call-rollups.sql',
  'status-rollups.sql',
  'agent-state.sql',
  'live-announce.sql',
  'agent-actions.sql',
  'queues.sql',
] as const;

/** Beside this module in the source, and beside the server's bundle in dist/server. */
export const SQL_DIR = new URL('./sql/', import.meta.url);

/** The order objects are created in: types, then the functions using them, then triggers. */
const KINDS = ['type', 'function', 'trigger'] as const;
type Kind = (typeof KINDS)[number];

export interface SqlObject {
  kind: Kind;
  name: string;
  file: string;
  statement: string;
}

export interface SqlFile {
  file: string;
  hash: string;
  objects: SqlObject[];
}

/** The bookkeeping: each file's hash as last applied. */
const APPLIED_TABLE = 'sql_files_applied';
/** Held while the files are compared and applied: processes starting together apply once. */
const ADVISORY_LOCK_KEY = 7_206_100_471;

const withoutComments = (statement: string) =>
  statement.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim();

/**
 * The statements of a SQL text, split at semicolons outside quotes, dollar-quoted bodies and
 * comments; each keeps the comments before it.
 */
export function splitStatements(text: string) {
  const token =
    /--[^\n]*|\/\*[\s\S]*?\*\/|[Ee]'(?:[^'\\]|\\[\s\S]|'')*'|'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(?:[A-Za-z_]\w*)?\$|;/g;
  const statements: string[] = [];
  let start = 0;
  for (let match = token.exec(text); match; match = token.exec(text)) {
    if (match[0].startsWith('$')) {
      const end = text.indexOf(match[0], token.lastIndex);
      if (end < 0) throw new Error(`unterminated ${match[0]} quote`);
      token.lastIndex = end + match[0].length;
    } else if (match[0] === ';') {
      statements.push(text.slice(start, match.index).trim());
      start = token.lastIndex;
    }
  }
  if (withoutComments(text.slice(start))) {
    throw new Error('a statement does not end with a semicolon');
  }
  return statements.filter(withoutComments);
}

/** What a statement creates; a file holds nothing else. */
function objectOf(file: string, statement: string): SqlObject {
  const code = withoutComments(statement);
  const match = /^CREATE\s+(TYPE|FUNCTION|TRIGGER)\s+([a-z_][a-z0-9_]*)/i.exec(code);
  if (!match) {
    throw new Error(
      `db/sql/${file}: only CREATE TYPE, CREATE FUNCTION and CREATE TRIGGER belong here ` +
        `(tables, indexes and data are migrations'): ${code.slice(0, 60)}`,
    );
  }
  return { kind: match[1]!.toLowerCase() as Kind, name: match[2]!, file, statement };
}

export function parseSqlFile(file: string, text: string): SqlFile {
  return {
    file,
    hash: createHash('sha256').update(text).digest('hex'),
    objects: splitStatements(text).map((statement) => objectOf(file, statement)),
  };
}

let cached: SqlFile[] | undefined;

/** The files as this build has them, read once a process. */
export function readSqlFiles(): SqlFile[] {
  cached ??= SQL_FILES.map((file) =>
    parseSqlFile(file, readFileSync(new URL(file, SQL_DIR), 'utf8')),
  );
  return cached;
}

/** Each file's hash as recorded when last applied; none before the first apply. */
export async function appliedHashes(db: Kysely<unknown>) {
  const table = await sql<{ present: boolean }>`
    SELECT to_regclass(${APPLIED_TABLE}) IS NOT NULL AS present`.execute(db);
  if (!table.rows[0]?.present) return new Map<string, string>();
  const rows = await sql<{ file: string; hash: string }>`
    SELECT file, hash FROM ${sql.table(APPLIED_TABLE)}`.execute(db);
  return new Map(rows.rows.map(({ file, hash }) => [file, hash]));
}

/** Whether `recorded` is exactly `files`, hash for hash. */
export const isApplied = (
  recorded: Map<string, string>,
  files: readonly SqlFile[] = readSqlFiles(),
) => recorded.size === files.length && files.every(({ file, hash }) => recorded.get(file) === hash);

/** A lock another transaction holds too long, or a deadlock: the apply is tried again. */
const isLockConflict = (error: unknown) =>
  ['55P03', '40P01'].includes((error as { code?: string }).code ?? '');
const APPLY_TRIES = 5;

/**
 * Brings the database's functions, triggers and types to the files', if any file changed since
 * they were last applied: in one transaction, every trigger, function and type of the schema
 * is dropped and the files' created again, types first. Recreating all of them, not only the
 * changed file's, is what lets a type or a signature change (which CREATE OR REPLACE cannot
 * make) reach every function using it, and drops whatever no file defines any more, so a
 * renamed trigger never fires twice. A type a table column uses belongs in a migration, and is
 * left alone. A conflict with other processes' locks tries again. Answers whether it applied
 * them.
 */
export async function applySqlFiles(db: Kysely<unknown>, files = readSqlFiles()) {
  for (let tryNumber = 1; ; tryNumber += 1) {
    try {
      return await applyOnce(db, files);
    } catch (error) {
      if (!isLockConflict(error) || tryNumber === APPLY_TRIES) throw error;
    }
  }
}

async function applyOnce(db: Kysely<unknown>, files: readonly SqlFile[]) {
  if (isApplied(await appliedHashes(db), files)) return false;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(APPLIED_TABLE)} (
      file text PRIMARY KEY,
      hash text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    // Another process may have applied them while this one waited for the lock.
    if (isApplied(await appliedHashes(trx), files)) return false;

    // Other processes may be serving (a rolling restart): the tables whose triggers change are
    // locked at once, in one order, waiting a bounded time, rather than one by one as each
    // trigger is dropped, which could deadlock with their writes.
    await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
    await dropSchemaObjects(trx);
    const objects = files.flatMap((file) => file.objects);
    for (const kind of KINDS) {
      for (const object of objects.filter((each) => each.kind === kind)) {
        try {
          await sql.raw(object.statement).execute(trx);
        } catch (error) {
          if (isLockConflict(error)) throw error;
          const where = `db/sql/${object.file}: ${object.kind} ${object.name}`;
          throw new Error(`${where}: ${String(error)}`, { cause: error });
        }
      }
    }
    await sql`DELETE FROM ${sql.table(APPLIED_TABLE)}`.execute(trx);
    for (const { file, hash } of files) {
      await sql`INSERT INTO ${sql.table(APPLIED_TABLE)} (file, hash) VALUES (${file}, ${hash})`.execute(
        trx,
      );
    }
    return true;
  });
}

/** Objects an extension installed are the extension's, never dropped here. */
const notFromAnExtension = (classId: string, oid: string) =>
  sql.raw(`NOT EXISTS (
  SELECT 1 FROM pg_depend AS d
  WHERE d.classid = '${classId}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`);

/**
 * Every trigger, function and composite, enum or domain type of the schema the files are
 * created in (the connection's current schema, Switchboard's own): the files own them. A type
 * a table column uses is a migration's, left alone; triggers PostgreSQL cloned onto partitions
 * go with their parent's.
 */
async function dropSchemaObjects(trx: Kysely<unknown>) {
  const triggers = await sql<{ name: string; table_name: string }>`
    SELECT t.tgname AS name, c.relname AS table_name
    FROM pg_trigger AS t JOIN pg_class AS c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND t.tgparentid = 0
      AND c.relnamespace = current_schema()::regnamespace
    ORDER BY c.relname, t.tgname`.execute(trx);
  const tables = [...new Set(triggers.rows.map((row) => row.table_name))];
  if (tables.length > 0) {
    await sql`LOCK TABLE ${sql.join(tables.map((table) => sql.table(table)))}`.execute(trx);
  }
  for (const { name, table_name } of triggers.rows) {
    await sql`DROP TRIGGER ${sql.id(name)} ON ${sql.table(table_name)}`.execute(trx);
  }
  const functions = await sql<{ signature: string }>`
    SELECT p.oid::regprocedure::text AS signature FROM pg_proc AS p
    WHERE p.pronamespace = current_schema()::regnamespace AND p.prokind = 'f'
      AND ${notFromAnExtension('pg_proc', 'p.oid')}`.execute(trx);
  if (functions.rows.length > 0) {
    await sql
      .raw(`DROP FUNCTION ${functions.rows.map(({ signature }) => signature).join(', ')}`)
      .execute(trx);
  }
  const types = await sql<{ name: string }>`
    SELECT t.oid::regtype::text AS name FROM pg_type AS t
    LEFT JOIN pg_class AS c ON c.oid = t.typrelid
    WHERE t.typnamespace = current_schema()::regnamespace
      AND (c.relkind = 'c' OR t.typtype IN ('e', 'd'))
      AND ${notFromAnExtension('pg_type', 't.oid')}
      AND NOT EXISTS (SELECT 1 FROM pg_attribute AS a JOIN pg_class AS r ON r.oid = a.attrelid
        WHERE a.atttypid = t.oid AND r.relkind IN ('r', 'p') AND NOT a.attisdropped)`.execute(trx);
  if (types.rows.length > 0) {
    await sql.raw(`DROP TYPE ${types.rows.map(({ name }) => name).join(', ')}`).execute(trx);
  }
}
