import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './schema';
import * as baseline from './migrations/20261202T0000-baseline';
import * as usernameKeys from './migrations/20261202T0100-username-keys';
import * as currentPasswordAttempts from './migrations/20261202T0200-current-password-attempts';
import * as teamNameKeys from './migrations/20261202T0300-team-name-keys';
import * as auditLogTimeOrder from './migrations/20261202T0400-audit-log-time-order';
import * as cardFlagRollups from './migrations/20261202T0500-card-flag-rollups';
import * as auditLogSortsAndSearch from './migrations/20261202T0600-audit-log-sorts-and-search';
import * as pausedAfterMisses from './migrations/20261203T0000-paused-after-misses';
import * as wrapUp from './migrations/20261203T0100-wrap-up';
import * as queues from './migrations/20261204T0000-queues';
import * as callerCallsIndex from './migrations/20261204T1000-caller-calls-index';
import { adoptPreBaselineDatabase, recordedMigrations } from './pre-baseline';
import { appliedHashes, applySqlFiles, isApplied } from './sql-files';

/**
 * Listed explicitly (no folder scan), in order; names are timestamps so they sort. A migration
 * changes tables, indexes, constraints and data; functions, triggers and types are ./sql/'s.
 */
export const migrations: Record<string, Migration> = {
  '20261202T0000-baseline': baseline,
  '20261202T0100-username-keys': usernameKeys,
  '20261202T0200-current-password-attempts': currentPasswordAttempts,
  '20261202T0300-team-name-keys': teamNameKeys,
  '20261202T0400-audit-log-time-order': auditLogTimeOrder,
  '20261202T0500-card-flag-rollups': cardFlagRollups,
  '20261202T0600-audit-log-sorts-and-search': auditLogSortsAndSearch,
  '20261203T0000-paused-after-misses': pausedAfterMisses,
  '20261203T0100-wrap-up': wrapUp,
  '20261204T0000-queues': queues,
  '20261204T1000-caller-calls-index': callerCallsIndex,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Kysely's Migrator over these migrations. */
export function migratorFor(db: Kysely<Database>) {
  // Migrations see the schema as it was when written, not today's types.
  return new Migrator({ db: db as unknown as Kysely<unknown>, provider });
}

/**
 * Whether the database has applied exactly these migrations and the SQL files as they are: a
 * few reads, where the Migrator's own check (its tables, its lock, then the list) would take a
 * noticeable part of an embedded start. Anything else is for the steps of `migrateToLatest`.
 */
async function isAtLatest(db: Kysely<Database>) {
  const recorded = await recordedMigrations(db);
  const names = Object.keys(migrations).toSorted();
  const isMigrated =
    recorded.length === names.length && recorded.every((name, i) => name === names[i]);
  return isMigrated && isApplied(await appliedHashes(db as unknown as Kysely<unknown>));
}

/**
 * Brings the database to this version: a database from before the baseline is adopted, the
 * Migrator applies the migrations it has not (and refuses one it does not know), then the SQL
 * files are applied if any changed. Answers the migrations applied and whether the files were.
 */
export async function migrateToLatest(db: Kysely<Database>) {
  if (await isAtLatest(db)) return { migrations: [], sqlFilesApplied: false };
  await adoptPreBaselineDatabase(db, Object.keys(migrations));
  const { error, results = [] } = await migratorFor(db).migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  const sqlFilesApplied = await applySqlFiles(db as unknown as Kysely<unknown>);
  return { migrations: results.map((result) => result.migrationName), sqlFilesApplied };
}
