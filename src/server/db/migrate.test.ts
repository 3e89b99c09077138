import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../platform/database';
import { hashPassword } from '../platform/passwords';
import { postSignIn, signInAs } from '../test/sign-in';
import { databaseUrlWithName } from '../test/database-url';
import { DEFAULT_WRAP_UP_CODES } from '../../shared/wrap-up';
import { migrateToLatest, migrations } from './migrate';
import { MigrationRefusedError, PRE_BASELINE_MIGRATIONS, recordedMigrations } from './pre-baseline';
import { SCHEMA_FILE, schemaFileText } from './schema-file';
import { schemaObjectNames } from './schema-dump';
import { SQL_DIR, SQL_FILES, applySqlFiles, parseSqlFile, readSqlFiles } from './sql-files';

const url = process.env.DATABASE_URL;
const fixtures = new URL('../../../test/fixtures/', import.meta.url);
/** Every migration, the baseline first. */
const ALL_MIGRATIONS = Object.keys(migrations);

/** A new database: in memory, or a new one on the PostgreSQL server the suite runs on. */
async function newDatabase(restore?: string): Promise<DatabaseHandle & { url?: string }> {
  if (!url) return openDatabase({});
  const name = `switchboard_migrate_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  if (restore) {
    const client = new pg.Client({ connectionString: databaseUrlWithName(url, name) });
    await client.connect();
    await client.query(restore);
    await client.end();
  }
  const database = await openDatabase({ url: databaseUrlWithName(url, name) });
  return {
    ...database,
    url: databaseUrlWithName(url, name),
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A database made by the migrations before the baseline, with rows in every table. */
async function preBaselineDatabase() {
  if (url) return newDatabase(readFileSync(new URL('pre-baseline-postgres.sql', fixtures), 'utf8'));
  const dump = readFileSync(new URL('pre-baseline-pglite.tar.gz', fixtures));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

const unknownDb = (database: DatabaseHandle) => database.db as unknown as Kysely<unknown>;

/** A database for the tests of the describe around it: opened before them, closed after. */
function databaseFor(open: () => Promise<DatabaseHandle & { url?: string }>) {
  const opened = {} as { database: DatabaseHandle & { url?: string }; db: Kysely<unknown> };
  beforeAll(async () => {
    opened.database = await open();
    opened.db = unknownDb(opened.database);
  }, 60_000);
  afterAll(() => opened.database.close());
  return opened;
}

const recorded = (db: Kysely<unknown>) => recordedMigrations(db as unknown as DatabaseHandle['db']);

/** Columns the migrations after the baseline add: their values are tested on their own. */
const ADDED_COLUMNS = [
  'username_key',
  'name_key',
  'break_seconds',
  'lunch_seconds',
  'personal_seconds',
  'after_call_intervals',
  'search_text',
  'missed_in_a_row',
  'wrap_up_required',
  'after_call_limit_seconds',
  'wrap_up_code_id',
  'inbound_mode',
  'calls_per_hour',
  'patience_seconds',
  'service_level_seconds',
  'service_level_target_percent',
  'next_caller_at',
  'caller_id',
];

/**
 * Each table's rows (but the migrator's bookkeeping): its count and a digest of them all,
 * without ADDED_COLUMNS.
 */
async function everyRow(db: Kysely<unknown>) {
  const tables = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class
    WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'
      AND relname NOT IN ('kysely_migration', 'kysely_migration_lock', 'sql_files_applied')
    ORDER BY relname`.execute(db);
  const rows: Record<string, { count: number; digest: string }> = {};
  for (const { name } of tables.rows) {
    const result = await sql<{ count: number; digest: string }>`
      SELECT count(*)::int AS count, md5(coalesce(string_agg(row, '|' ORDER BY row), '')) AS digest
      FROM ${sql.table(name)} AS t
      CROSS JOIN LATERAL (SELECT (to_jsonb(t) - ${ADDED_COLUMNS}::text[])::text AS row) AS r`.execute(
      db,
    );
    rows[name] = result.rows[0]!;
  }
  return rows;
}

const objectNames = async (db: Kysely<unknown>, kind: string) =>
  (await schemaObjectNames(db)).filter((name) => name.startsWith(`${kind} `));

describe('a new database', () => {
  const t = databaseFor(() => newDatabase());

  it('gets the baseline, the migrations after it and the SQL files, then nothing more', async () => {
    expect(await migrateToLatest(t.database.db)).toEqual({
      migrations: ALL_MIGRATIONS,
      sqlFilesApplied: true,
    });
    expect(await migrateToLatest(t.database.db)).toEqual({
      migrations: [],
      sqlFilesApplied: false,
    });
    expect(await recorded(t.db)).toEqual(ALL_MIGRATIONS);
  }, 60_000);

  it('is left alone at the latest without the Migrator', async () => {
    // The Migrator would make its lock table again: the shortcut never reaches it.
    await sql`DROP TABLE kysely_migration_lock`.execute(t.db);
    await migrateToLatest(t.database.db);
    const lockTable = await sql<{ present: boolean }>`
      SELECT to_regclass('kysely_migration_lock') IS NOT NULL AS present`.execute(t.db);
    expect(lockTable.rows[0]!.present).toBe(false);
  });

  it('has every function, trigger and type of the SQL files, and no other', async () => {
    const defined = readSqlFiles().flatMap(({ objects }) => objects);
    const functionNames = (await objectNames(t.db, 'function')).map(
      (name) => /^function (\w+)\(/.exec(name)![1],
    );
    expect(functionNames.toSorted()).toEqual(
      defined
        .filter((o) => o.kind === 'function')
        .map((o) => o.name)
        .toSorted(),
    );
    const triggerNames = (await objectNames(t.db, 'trigger')).map((name) => name.split('.')[1]);
    expect(triggerNames.toSorted()).toEqual(
      defined
        .filter((o) => o.kind === 'trigger')
        .map((o) => o.name)
        .toSorted(),
    );
    const typeNames = (await objectNames(t.db, 'type')).map((name) => name.slice('type '.length));
    expect(typeNames.toSorted()).toEqual(
      defined
        .filter((o) => o.kind === 'type')
        .map((o) => o.name)
        .toSorted(),
    );
  });

  it('applies a migration added after the baseline, the files as they were', async () => {
    const name = '29990101T0000-test-note';
    migrations[name] = {
      up: async (db) => {
        await sql`ALTER TABLE teams ADD COLUMN test_note text`.execute(db);
      },
    };
    try {
      expect(await migrateToLatest(t.database.db)).toEqual({
        migrations: [name],
        sqlFilesApplied: false,
      });
      expect(await recorded(t.db)).toEqual([...ALL_MIGRATIONS, name]);
    } finally {
      delete migrations[name];
      await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(t.db);
      await sql`ALTER TABLE teams DROP COLUMN test_note`.execute(t.db);
    }
  });

  it('refuses a migration it does not know, saying what to do', async () => {
    await sql`INSERT INTO kysely_migration (name, timestamp)
      VALUES ('29991231T2359-unknown', now())`.execute(t.db);
    const refusal = migrateToLatest(t.database.db);
    await expect(refusal).rejects.toBeInstanceOf(MigrationRefusedError);
    await expect(refusal).rejects.toThrow(
      /does not know \(29991231T2359-unknown\).*newer or another version.*DATA_DIR/,
    );
    await sql`DELETE FROM kysely_migration WHERE name = '29991231T2359-unknown'`.execute(t.db);
  });
});

describe('the SQL files', () => {
  const t = databaseFor(async () => {
    const database = await newDatabase();
    await migrateToLatest(database.db);
    return database;
  });

  const files = readSqlFiles();
  /** The files with `file`'s text changed by `edit`. */
  const edited = (file: string, edit: (text: string) => string) =>
    files.map((f) =>
      f.file === file ? parseSqlFile(file, edit(readFileSync(new URL(file, SQL_DIR), 'utf8'))) : f,
    );
  const extra = (text: string) => [...files, parseSqlFile('extra.sql', text)];

  it('are every file of db/sql, each listed once', () => {
    const inFolder = readdirSync(SQL_DIR).filter((name) => name.endsWith('.sql'));
    expect([...SQL_FILES].toSorted()).toEqual(inFolder.toSorted());
  });

  it('create each function, trigger and type once, nowhere else in src/server', () => {
    const defined = files.flatMap(({ objects }) => objects);
    const names = defined.map((object) => object.name);
    // One body each: no overloads to tell apart.
    expect(new Set(names).size).toBe(names.length);

    // Elsewhere only the tests' own instruments (src/server/test), never a name of db/sql.
    const creating =
      /CREATE (?:OR REPLACE )?(?:FUNCTION (\w+)\(|TRIGGER (\w+) (?:BEFORE|AFTER|INSTEAD)|TYPE (\w+) AS)/g;
    const sources = readdirSync(new URL('../', import.meta.url), {
      recursive: true,
      encoding: 'utf8',
    }).filter((path) => /\.(ts|sql)$/.test(path) && !/^db\/(sql\/|schema\.sql)/.test(path));
    const misplaced = sources.flatMap((path) => {
      const text = readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
      const isTestCode = path.startsWith('test/') || path.endsWith('.test.ts');
      return [...text.matchAll(creating)]
        .map((match) => match[1] ?? match[2] ?? match[3]!)
        .filter((name) => !isTestCode || names.includes(name))
        .map((name) => `${path}: ${name}`);
    });
    expect(misplaced).toEqual([]);
  });

  it('leave migrations to tables: none holds a function body or edits another', () => {
    for (const name of readdirSync(new URL('migrations/', import.meta.url))) {
      const text = readFileSync(new URL(`migrations/${name}`, import.meta.url), 'utf8');
      expect(text, name).not.toMatch(/\$\$|CREATE\s+(OR\s+REPLACE\s+)?FUNCTION|\.replace\(/i);
    }
  });

  it('split at semicolons outside quotes, bodies and comments', () => {
    const { objects } = parseSqlFile(
      'split.sql',
      `-- a comment; with a semicolon
      CREATE FUNCTION f() RETURNS text LANGUAGE plpgsql AS $body$
      BEGIN RETURN 'a;b' || $$;$$; END $body$;
      /* ; */ CREATE TYPE t AS (a text);
      CREATE TRIGGER g AFTER INSERT ON x FOR EACH ROW WHEN (NEW.a <> E'it\\'s; "quoted"')
        EXECUTE FUNCTION f();`,
    );
    expect(objects.map(({ kind, name }) => `${kind} ${name}`)).toEqual([
      'function f',
      'type t',
      'trigger g',
    ]);
    expect(objects[0]!.statement).toMatch(/END \$body\$$/);
  });

  it('hold nothing but types, functions and triggers', () => {
    expect(() => parseSqlFile('bad.sql', 'CREATE TABLE x (a int);')).toThrow(
      /db\/sql\/bad\.sql: only CREATE TYPE, CREATE FUNCTION and CREATE TRIGGER/,
    );
    expect(() => parseSqlFile('bad.sql', 'CREATE TYPE x AS (a int)')).toThrow(/semicolon/);
  });

  it('are applied again when one changes, dropping what no file defines any more', async () => {
    // A renamed trigger: the old name must not stay (it would fire twice).
    const renamed = edited('updated-at.sql', (text) =>
      text.replace('CREATE TRIGGER teams_updated_at', 'CREATE TRIGGER teams_touched'),
    );
    expect(await applySqlFiles(t.db, renamed)).toBe(true);
    expect(await applySqlFiles(t.db, renamed)).toBe(false);
    const teamTriggers = async () =>
      (await objectNames(t.db, 'trigger')).filter((name) => name.startsWith('trigger teams.'));
    expect(await teamTriggers()).toEqual(['trigger teams.teams_touched']);

    // A type's shape and a function's signature change: recreated, which OR REPLACE cannot do.
    const pairOf = (type: string, fn: string) =>
      extra(`CREATE TYPE test_pair AS (${type});
        CREATE FUNCTION test_pair_of(${fn}) RETURNS test_pair LANGUAGE sql AS $$
          SELECT ROW(${fn
            .split(', ')
            .map((arg) => arg.split(' ')[0])
            .join(', ')})::test_pair $$;`);
    await applySqlFiles(t.db, pairOf('a int', 'a int'));
    await applySqlFiles(t.db, pairOf('a int, b text', 'a int, b text'));
    const pair = await sql<{ b: string }>`SELECT (test_pair_of(1, 'two')).b`.execute(t.db);
    expect(pair.rows).toEqual([{ b: 'two' }]);

    // Back to the files as they are: the extra objects and the renamed trigger are gone.
    expect(await applySqlFiles(t.db)).toBe(true);
    expect(await teamTriggers()).toEqual(['trigger teams.teams_updated_at']);
    expect(await objectNames(t.db, 'type')).not.toContain('type test_pair');
    expect(await schemaFileText(t.db)).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
  });

  it('leave alone a type a table uses: a migration made it', async () => {
    await sql`CREATE TYPE test_shift AS ENUM ('early', 'late')`.execute(t.db);
    await sql`CREATE TABLE test_rota (shift test_shift NOT NULL)`.execute(t.db);
    await sql`INSERT INTO test_rota VALUES ('late')`.execute(t.db);
    try {
      const changed = extra(
        'CREATE FUNCTION test_once() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;',
      );
      expect(await applySqlFiles(t.db, changed)).toBe(true);
      const rows = await sql<{ shift: string }>`SELECT shift::text FROM test_rota`.execute(t.db);
      expect(rows.rows).toEqual([{ shift: 'late' }]);
    } finally {
      await sql`DROP TABLE test_rota`.execute(t.db);
      await sql`DROP TYPE test_shift`.execute(t.db);
      await applySqlFiles(t.db);
    }
  });

  it('leave the database as it was when a file fails, naming the file and object', async () => {
    const broken = extra('CREATE FUNCTION broken() RETURNS int LANGUAGE sql AS $$ SELECT nope $$;');
    await expect(applySqlFiles(t.db, broken)).rejects.toThrow(
      /db\/sql\/extra\.sql: function broken/,
    );
    expect(await schemaFileText(t.db)).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
  });

  it.runIf(url)('are applied once by processes starting together (PostgreSQL)', async () => {
    const changed = extra(
      'CREATE FUNCTION test_once() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;',
    );
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url: t.database.url })));
    try {
      const applied = await Promise.all(
        others.map((other) => applySqlFiles(unknownDb(other), changed)),
      );
      expect(applied.toSorted()).toEqual([false, false, true]);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
    await applySqlFiles(t.db);
  });
});

describe('a database made before the baseline', () => {
  const t = databaseFor(preBaselineDatabase);

  it('is adopted with every row kept, its schema then the fresh one', async () => {
    expect(await recorded(t.db)).toEqual(PRE_BASELINE_MIGRATIONS);
    const before = await everyRow(t.db);
    // Rows in every table the fixture fills (the rollups' too).
    for (const table of [
      'users',
      'teams',
      'team_members',
      'call_logs',
      'employee_status_log',
      'employee_sessions',
      'auth_sessions',
      'audit_log',
      'auth_attempts',
      'live_connections',
      'password_reset_tokens',
      'status_day_totals',
      'call_month_totals',
      'app_settings',
    ]) {
      expect(before[table]?.count, table).toBeGreaterThan(0);
    }

    // Adopted as the baseline, then given the migrations after it.
    expect(await migrateToLatest(t.database.db)).toEqual({
      migrations: ALL_MIGRATIONS.slice(1),
      sqlFilesApplied: true,
    });
    expect(await recorded(t.db)).toEqual(ALL_MIGRATIONS);
    const {
      wrap_up_codes: codes,
      call_transcript_lines: lines,
      queue_callers: callers,
      ...after
    } = await everyRow(t.db);
    expect(after).toEqual(before);
    expect(lines?.count).toBe(0);
    expect(callers?.count).toBe(0);
    // Each team got the default wrap-up codes.
    expect(codes?.count).toBe(before.teams!.count * DEFAULT_WRAP_UP_CODES.length);
    if (!url) expect(await schemaFileText(t.db)).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
    if (url) {
      const fresh = await newDatabase();
      try {
        await migrateToLatest(fresh.db);
        expect(await schemaObjectNames(t.db)).toEqual(await schemaObjectNames(unknownDb(fresh)));
      } finally {
        await fresh.close();
      }
    }
    expect(await migrateToLatest(t.database.db)).toEqual({
      migrations: [],
      sqlFilesApplied: false,
    });
  }, 60_000);

  it('works: an agent leaving Available misses the call ringing, and the rollups count it', async () => {
    const ringing = await sql<{ user_id: string; id: string; time_received: Date }>`
      SELECT user_id, id, time_received FROM call_logs WHERE call_status IS NULL`.execute(t.db);
    const call = ringing.rows[0]!;
    const missedBefore = await sql<{ missed: number }>`
      SELECT coalesce(sum(missed), 0)::int AS missed FROM call_day_totals
      WHERE user_id = ${call.user_id}`.execute(t.db);
    const actions = JSON.stringify([
      {
        ordinal: 0,
        agent: call.user_id,
        action: 'status',
        arg: 'break',
        by: 'agent',
        at: new Date(call.time_received.getTime() + 1000),
        zone: 'America/New_York',
        channel: 'fixture',
      },
    ]);
    const result = await sql<{ refusal: string | null; status: string }>`
      SELECT performed.refusal, (performed.state).status
      FROM perform_agent_actions(${actions}::jsonb) AS performed`.execute(t.db);
    expect(result.rows).toEqual([{ refusal: null, status: 'break' }]);
    const missedAfter = await sql<{ missed: number }>`
      SELECT coalesce(sum(missed), 0)::int AS missed FROM call_day_totals
      WHERE user_id = ${call.user_id}`.execute(t.db);
    expect(missedAfter.rows[0]!.missed).toBe(missedBefore.rows[0]!.missed + 1);
  });
});

describe('accounts made before usernames had keys', () => {
  const t = databaseFor(preBaselineDatabase);

  it('keep signing in and resetting; of two names sharing a key, the other signs in as spelt', async () => {
    // Accounts as the earlier code wrote them: no key, the answer trimmed and lower-cased. The
    // old index on lower() let each pair below coexist.
    const [passwordHash, answerHash] = await Promise.all([
      hashPassword('old-pass'),
      hashPassword('Weißbier'.toLowerCase()),
    ]);
    const accounts = [
      ['ΣΙΣΥΦΟΣ', '2025-01-01'],
      ['Σισυφος', '2025-01-02'],
      ['Straße', '2025-01-03'],
      ['strasse', '2025-01-04'],
      ['Jos\u00e9', '2025-01-05'],
    ];
    for (const [username, day] of accounts) {
      await sql`INSERT INTO users (username, password_hash, role, security_question,
          security_answer_hash, created_at, updated_at)
        VALUES (${username}, ${passwordHash}, 'admin', 'What is your favorite book?',
          ${answerHash}, ${day}, ${day})`.execute(t.db);
    }
    const before = await sql<{ username: string; updated_at: Date }>`
      SELECT username, updated_at FROM users ORDER BY username`.execute(t.db);

    await migrateToLatest(t.database.db);

    const after = await sql<{
      id: string;
      username: string;
      updated_at: Date;
      username_key: string;
    }>`SELECT id, username, updated_at, username_key FROM users ORDER BY username`.execute(t.db);
    expect(after.rows.map(({ username, updated_at }) => ({ username, updated_at }))).toEqual(
      before.rows,
    );
    const keyOf = new Map(after.rows.map((row) => [row.username, row.username_key]));
    const idOf = new Map(after.rows.map((row) => [row.username, row.id]));
    expect(
      Object.fromEntries(accounts.map(([username]) => [username, keyOf.get(username!)])),
    ).toEqual({
      ΣΙΣΥΦΟΣ: 'σισυφοσ',
      Σισυφος: 'Σισυφος',
      Straße: 'Straße',
      strasse: 'strasse',
      'Jos\u00e9': 'jos\u00e9',
    });
    expect(keyOf.get('ops.manager')).toBe('ops.manager');

    const app = await buildApp(testConfig({ databaseUrl: t.database.url }), t.database);
    try {
      const signedInAs = async (typed: string, password = 'old-pass') => {
        const response = await postSignIn(app, typed, password);
        return response.statusCode === 200 ? response.json().user.username : response.statusCode;
      };
      expect(await signedInAs('OPS.MANAGER', 'demo-pass')).toBe('ops.manager');
      expect(await signedInAs('σισυφος')).toBe('ΣΙΣΥΦΟΣ');
      expect(await signedInAs('ΣΙΣΥΦΟΣ')).toBe('ΣΙΣΥΦΟΣ');
      expect(await signedInAs('Σισυφος')).toBe('Σισυφος');
      expect(await signedInAs('STRASSE')).toBe('strasse');
      expect(await signedInAs('Straße')).toBe('Straße');
      expect(await signedInAs('JOSE\u0301')).toBe('Jos\u00e9');

      for (const [username, answer] of [
        ['ops.manager', 'DEMO'],
        ['Straße', 'WEIßBIER'],
        ['σισυφος', 'weißbier'],
      ]) {
        const answered = await app.inject({
          method: 'POST',
          url: '/api/auth/reset/answer',
          payload: { username, answer },
        });
        expect(answered.statusCode, username).toBe(200);
      }

      // A new password for the account signing in as spelt: its key stays its spelling.
      const { as } = await signInAs(app, 'ops.manager', 'demo-pass');
      const edited = await as('PATCH', `/api/admins/${idOf.get('Σισυφος')}`, {
        username: 'Σισυφος',
        password: 'new-pass',
      });
      expect(edited.statusCode).toBe(200);
      expect(await signedInAs('Σισυφος', 'new-pass')).toBe('Σισυφος');
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('metric rollups made before they held the flags', () => {
  const t = databaseFor(preBaselineDatabase);

  it('are filled from the daily rollups, as a rebuild from the raw rows fills them', async () => {
    const user = await sql<{ id: string }>`
      SELECT id FROM users ORDER BY username LIMIT 1`.execute(t.db);
    const userId = user.rows[0]!.id;
    // Closed intervals the old triggers roll up: a day with only Break and Lunch, and one with
    // two After Call Work intervals, in a month of their own.
    for (const [status, startedAt, seconds] of [
      ['break', '2024-03-05T15:00:00Z', 2400],
      ['lunch', '2024-03-05T17:00:00Z', 1800],
      ['after_call', '2024-03-06T15:00:00Z', 120],
      ['after_call', '2024-03-06T16:00:00Z', 180],
    ] as const) {
      await sql`INSERT INTO employee_status_log (user_id, status, started_at, ended_at,
          duration_seconds)
        VALUES (${userId}, ${status}, ${startedAt}::timestamptz,
          ${startedAt}::timestamptz + make_interval(secs => ${seconds}), ${seconds})`.execute(t.db);
    }

    await migrateToLatest(t.database.db);

    const metricRows = () =>
      sql<{ row: string }>`
        SELECT 'day ' || to_jsonb(d)::text AS row FROM status_metric_day_totals AS d
        WHERE (available_seconds, on_call_seconds, after_call_seconds, break_seconds,
          lunch_seconds, personal_seconds, after_call_intervals) <> (0, 0, 0, 0, 0, 0, 0)
        UNION ALL
        SELECT 'month ' || to_jsonb(m)::text FROM status_metric_month_totals AS m
        WHERE (available_seconds, on_call_seconds, after_call_seconds, break_seconds,
          lunch_seconds, personal_seconds, after_call_intervals) <> (0, 0, 0, 0, 0, 0, 0)
        ORDER BY 1`
        .execute(t.db)
        .then((result) => result.rows.map(({ row }) => row));
    const migrated = await metricRows();
    const month = await sql`
      SELECT available_seconds::int, after_call_seconds::int, break_seconds::int,
        lunch_seconds::int, personal_seconds::int, after_call_intervals
      FROM status_metric_month_totals WHERE user_id = ${userId} AND month = '2024-03-01'`.execute(
      t.db,
    );
    expect(month.rows).toEqual([
      {
        available_seconds: 0,
        after_call_seconds: 300,
        break_seconds: 2400,
        lunch_seconds: 1800,
        personal_seconds: 0,
        after_call_intervals: 2,
      },
    ]);
    await sql`SELECT rebuild_rollups()`.execute(t.db);
    expect(await metricRows()).toEqual(migrated);
  });
});

describe('teams made before team names had keys', () => {
  const t = databaseFor(preBaselineDatabase);

  it('keep their names; of two sharing a key, the other keeps its spelling until renamed', async () => {
    // Each pair coexisted under the old index on lower().
    for (const [name, day] of [
      ['Straße Team', '2025-01-01'],
      ['strasse team', '2025-01-02'],
      ['ΣΙΣΥΦΟΣ', '2025-01-03'],
      ['σισυφος', '2025-01-04'],
    ]) {
      await sql`INSERT INTO teams (name, created_at, updated_at)
        VALUES (${name}, ${day}, ${day})`.execute(t.db);
    }
    const before = await sql<{ name: string; updated_at: Date }>`
      SELECT name, updated_at FROM teams ORDER BY name`.execute(t.db);

    await migrateToLatest(t.database.db);

    const after = await sql<{ id: string; name: string; updated_at: Date; name_key: string }>`
      SELECT id, name, updated_at, name_key FROM teams ORDER BY name`.execute(t.db);
    expect(after.rows.map(({ name, updated_at }) => ({ name, updated_at }))).toEqual(before.rows);
    const keyOf = new Map(after.rows.map((row) => [row.name, row.name_key]));
    expect(
      Object.fromEntries(
        ['Straße Team', 'strasse team', 'ΣΙΣΥΦΟΣ', 'σισυφος'].map((name) => [
          name,
          keyOf.get(name),
        ]),
      ),
    ).toEqual({
      'Straße Team': 'Straße Team',
      'strasse team': 'strasse team',
      ΣΙΣΥΦΟΣ: 'σισυφοσ',
      σισυφος: 'σισυφος',
    });

    const app = await buildApp(testConfig({ databaseUrl: t.database.url }), t.database);
    try {
      const { as } = await signInAs(app, 'ops.manager', 'demo-pass');
      // A new name in any case of a keyed one is taken; the one kept as spelt, only as spelt.
      expect((await as('POST', '/api/teams', { name: 'STRASSE TEAM' })).statusCode).toBe(409);
      expect((await as('POST', '/api/teams', { name: 'σισυφοσ' })).statusCode).toBe(409);
      const idOf = new Map(after.rows.map((row) => [row.name, row.id]));
      // Saved under its own name, it keeps its key; renamed, it takes the new name's.
      const kept = await as('PATCH', `/api/teams/${idOf.get('Straße Team')}`, {
        name: 'Straße Team',
        description: 'kept',
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const renamed = await as('PATCH', `/api/teams/${idOf.get('σισυφος')}`, { name: 'Sisyphus' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await as('POST', '/api/teams', { name: 'SISYPHUS' })).statusCode).toBe(409);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('a database part way through the history before the baseline', () => {
  it('stops the start, saying what to do', async () => {
    const database = await preBaselineDatabase();
    try {
      await sql`DELETE FROM kysely_migration WHERE name = ${PRE_BASELINE_MIGRATIONS.at(-1)!}`.execute(
        database.db,
      );
      await expect(migrateToLatest(database.db)).rejects.toThrow(MigrationRefusedError);
      await expect(migrateToLatest(database.db)).rejects.toThrow(
        /before its baseline, and stops at 20261128T0000-announce-to-other-tabs.*f8655e9.*DATA_DIR/,
      );
      expect(await recorded(unknownDb(database))).toHaveLength(PRE_BASELINE_MIGRATIONS.length - 1);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('schema.sql', () => {
  it.skipIf(url)(
    'is what a fresh migrate produces (npm run db:schema writes it)',
    async () => {
      const database = await newDatabase();
      try {
        await migrateToLatest(database.db);
        expect(await schemaFileText(unknownDb(database))).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
      } finally {
        await database.close();
      }
    },
    60_000,
  );

  it.runIf(url)(
    'names the objects a fresh migrate makes on the PostgreSQL server',
    async () => {
      const [server, embedded] = await Promise.all([newDatabase(), openDatabase({})]);
      try {
        await Promise.all([migrateToLatest(server.db), migrateToLatest(embedded.db)]);
        expect(await schemaObjectNames(unknownDb(server))).toEqual(
          await schemaObjectNames(unknownDb(embedded)),
        );
      } finally {
        await Promise.all([server.close(), embedded.close()]);
      }
    },
    60_000,
  );
});
