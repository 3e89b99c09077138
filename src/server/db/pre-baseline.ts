import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

/**
 * The migrations recorded by a database made before the baseline (the development history up
 * to 2026-11-28, squashed into 20261202T0000-baseline). A database that recorded all of them has
 * the baseline's tables exactly, so it is adopted: its bookkeeping rewritten to the baseline
 * alone, its rows untouched; the SQL files then replace its functions, triggers and types.
 */
export const PRE_BASELINE_MIGRATIONS = [
  '20261121T0900-initial',
  '20261121T1500-call-engine',
  '20261121T1800-voice',
  '20261121T2100-analytics',
  '20261121T2300-rollups',
  '20261122T0100-rollups-by-month',
  '20261122T0300-status-set-by',
  '20261122T0500-call-rollup-one-update',
  '20261124T0600-rollup-upserts',
  '20261124T2200-agent-write-functions',
  '20261125T0100-agent-actions',
  '20261125T0300-agent-act-batches',
  '20261125T0400-agent-state-from-rollups',
  '20261125T1700-rollups-in-one-step',
  '20261125T1800-agent-act-inline',
  '20261126T1200-offers-derived',
  '20261126T1500-agent-state-changed-at',
  '20261127T1100-fewer-writes-per-switch',
  '20261127T1600-set-based-actions',
  '20261128T0000-announce-to-other-tabs',
  '20261128T0500-rollup-zone-once',
];

const START_AFRESH =
  'To keep its data, start it once with the Switchboard of 2026-11-28 (commit f8655e9), which ' +
  'brings it to that version, then with this one; or start afresh: move DATA_DIR aside (the ' +
  'embedded database) or point DATABASE_URL at a new database.';

/** The database is in a state this version cannot migrate: the message says what to do. */
export class MigrationRefusedError extends Error {}

/** The migrations a database has recorded, sorted; none when it has never been migrated. */
export async function recordedMigrations(db: Kysely<Database>) {
  const table = await sql<{ present: boolean }>`
    SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(db);
  if (!table.rows[0]?.present) return [];
  const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  return rows.rows.map((row) => row.name).toSorted();
}

/**
 * Adopts a database made before the baseline (see PRE_BASELINE_MIGRATIONS), in one transaction
 * holding the bookkeeping table's lock, so processes starting together adopt it once. Any other
 * state the current migrations do not know stops the start with what to do. `names`: the
 * current migrations, the baseline first.
 */
export async function adoptPreBaselineDatabase(db: Kysely<Database>, names: string[]) {
  const recorded = await recordedMigrations(db);
  const unknown = recorded.filter((name) => !names.includes(name));
  if (unknown.length === 0) return false;
  const isPreBaseline = unknown.every((name) => PRE_BASELINE_MIGRATIONS.includes(name));
  if (!isPreBaseline) {
    throw new MigrationRefusedError(
      `The database has recorded migrations this version of Switchboard does not know ` +
        `(${unknown.join(', ')}): it was made by a newer or another version. Start that ` +
        `version, or start afresh: move DATA_DIR aside (the embedded database) or point ` +
        `DATABASE_URL at a new database.`,
    );
  }
  const isWholeHistory =
    recorded.length === PRE_BASELINE_MIGRATIONS.length &&
    PRE_BASELINE_MIGRATIONS.every((name) => recorded.includes(name));
  if (!isWholeHistory) {
    throw new MigrationRefusedError(
      `The database was made by a development version of Switchboard from before its ` +
        `baseline, and stops at ${recorded.at(-1)}: this version adopts only a database at ` +
        `${PRE_BASELINE_MIGRATIONS.at(-1)}. ${START_AFRESH}`,
    );
  }
  return db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE kysely_migration IN EXCLUSIVE MODE`.execute(trx);
    // Another process may have adopted it meanwhile.
    const now = await recordedMigrations(trx);
    if (!now.some((name) => PRE_BASELINE_MIGRATIONS.includes(name))) return false;
    await sql`DELETE FROM kysely_migration`.execute(trx);
    await sql`INSERT INTO kysely_migration (name, timestamp)
      VALUES (${names[0]}, ${new Date().toISOString()})`.execute(trx);
    return true;
  });
}
