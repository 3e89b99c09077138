import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './schema';
import * as initial from './migrations/20261121T0900-initial';
import * as callEngine from './migrations/20261121T1500-call-engine';
import * as voice from './migrations/20261121T1800-voice';
import * as analytics from './migrations/20261121T2100-analytics';
import * as rollups from './migrations/20261121T2300-rollups';
import * as rollupsByMonth from './migrations/20261122T0100-rollups-by-month';
import * as statusSetBy from './migrations/20261122T0300-status-set-by';
import * as callRollupOneUpdate from './migrations/20261122T0500-call-rollup-one-update';
import * as rollupUpserts from './migrations/20261124T0600-rollup-upserts';
import * as agentWriteFunctions from './migrations/20261124T2200-agent-write-functions';
import * as agentActions from './migrations/20261125T0100-agent-actions';
import * as agentActBatches from './migrations/20261125T0300-agent-act-batches';
import * as agentStateFromRollups from './migrations/20261125T0400-agent-state-from-rollups';
import * as rollupsInOneStep from './migrations/20261125T1700-rollups-in-one-step';
import * as agentActInline from './migrations/20261125T1800-agent-act-inline';
import * as offersDerived from './migrations/20261126T1200-offers-derived';
import * as agentStateChangedAt from './migrations/20261126T1500-agent-state-changed-at';
import * as fewerWritesPerSwitch from './migrations/20261127T1100-fewer-writes-per-switch';
import * as setBasedActions from './migrations/20261127T1600-set-based-actions';
import * as announceToOtherTabs from './migrations/20261128T0000-announce-to-other-tabs';
import * as rollupZoneOnce from './migrations/20261128T0500-rollup-zone-once';

/** Listed explicitly (no folder scan), in order; names are timestamps so they sort. */
const migrations: Record<string, Migration> = {
  '20261121T0900-initial': initial,
  '20261121T1500-call-engine': callEngine,
  '20261121T1800-voice': voice,
  '20261121T2100-analytics': analytics,
  '20261121T2300-rollups': rollups,
  '20261122T0100-rollups-by-month': rollupsByMonth,
  '20261122T0300-status-set-by': statusSetBy,
  '20261122T0500-call-rollup-one-update': callRollupOneUpdate,
  '20261124T0600-rollup-upserts': rollupUpserts,
  '20261124T2200-agent-write-functions': agentWriteFunctions,
  '20261125T0100-agent-actions': agentActions,
  '20261125T0300-agent-act-batches': agentActBatches,
  '20261125T0400-agent-state-from-rollups': agentStateFromRollups,
  '20261125T1700-rollups-in-one-step': rollupsInOneStep,
  '20261125T1800-agent-act-inline': agentActInline,
  '20261126T1200-offers-derived': offersDerived,
  '20261126T1500-agent-state-changed-at': agentStateChangedAt,
  '20261127T1100-fewer-writes-per-switch': fewerWritesPerSwitch,
  '20261127T1600-set-based-actions': setBasedActions,
  '20261128T0000-announce-to-other-tabs': announceToOtherTabs,
  '20261128T0500-rollup-zone-once': rollupZoneOnce,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Kysely's Migrator over these migrations. */
export function migratorFor(db: Kysely<Database>) {
  // Migrations see the schema as it was when written, not today's types.
  return new Migrator({ db: db as unknown as Kysely<unknown>, provider });
}

/**
 * Whether the database has applied exactly these migrations. Two reads, where the Migrator's
 * own check (its tables, its lock, then the list) took ~0.2 s of an embedded start (issue 8
 * §5). Anything else — a new database, a migration to apply, one it does not know — is the
 * Migrator's to apply or refuse.
 */
async function isAtLatest(db: Kysely<Database>) {
  const table = await sql<{ present: boolean }>`
    SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(db);
  if (!table.rows[0]?.present) return false;
  const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const appliedNames = applied.rows.map((row) => row.name).toSorted();
  const names = Object.keys(migrations).toSorted();
  return appliedNames.length === names.length && appliedNames.every((name, i) => name === names[i]);
}

export async function migrateToLatest(db: Kysely<Database>) {
  if (await isAtLatest(db)) return [];
  const { error, results } = await migratorFor(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return results ?? [];
}
