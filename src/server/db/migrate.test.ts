import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../platform/database';
import { migrateToLatest, migratorFor } from './migrate';

// A new embedded database in memory, whichever database the suite runs on.
const database = await openDatabase({});
const { db } = database;
afterAll(() => database.close());

const lockTable = () =>
  sql<{ present: boolean }>`SELECT to_regclass('kysely_migration_lock') IS NOT NULL AS present`
    .execute(db)
    .then((result) => result.rows[0]!.present);

describe('migrateToLatest', () => {
  it('applies every migration to a new database, in order', async () => {
    const results = await migrateToLatest(db);
    expect(results.length).toBeGreaterThan(10);
    expect(results.every((result) => result.status === 'Success')).toBe(true);
    const names = results.map((result) => result.migrationName);
    expect(names).toEqual(names.toSorted());
  }, 60_000);

  it('leaves a database already at the latest alone, without the Migrator', async () => {
    // The Migrator would make its lock table again: the shortcut never reaches it.
    await sql`DROP TABLE kysely_migration_lock`.execute(db);
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await lockTable()).toBe(false);
  });

  it('hands a database a migration behind to the Migrator, which applies it', async () => {
    const { results: down, error } = await migratorFor(db).migrateDown();
    expect(error).toBeUndefined();
    const [last] = down ?? [];
    expect(last?.direction).toBe('Down');
    await sql`DROP TABLE kysely_migration_lock`.execute(db);

    const results = await migrateToLatest(db);
    expect(results.map(({ migrationName, status }) => ({ migrationName, status }))).toEqual([
      { migrationName: last!.migrationName, status: 'Success' },
    ]);
    expect(await lockTable()).toBe(true);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('hands any other list to the Migrator, which refuses a migration it does not know', async () => {
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('29991231T2359-unknown', now())`.execute(
      db,
    );
    await expect(migrateToLatest(db)).rejects.toThrow(/Database migration failed/);
    expect(await lockTable()).toBe(true);
  });
});
