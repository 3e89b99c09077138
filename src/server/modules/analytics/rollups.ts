import { sql } from 'kysely';
import type { Db } from '../../platform/database';

/**
 * The daily rollups count days in the call centre's zone: when the configured zone is not the
 * one they were built in, they are rebuilt (one transaction; concurrent starts wait on the
 * setting's row lock, and the second finds nothing to do).
 */
export async function ensureRollupTimeZone(db: Db, timeZone: string) {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'rollup_time_zone')
      .forUpdate()
      .executeTakeFirst();
    if (current?.value === timeZone) return;
    await trx
      .insertInto('app_settings')
      .values({ key: 'rollup_time_zone', value: timeZone })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: timeZone }))
      .execute();
    await sql`SELECT rebuild_rollups()`.execute(trx);
  });
}

/**
 * For a bulk load in `trx`: the rollup triggers stand aside until the transaction ends; call
 * `rebuildRollups` once the rows are in.
 */
export async function suspendRollupTriggers(trx: Db) {
  await sql`SELECT set_config('switchboard.bulk_load', 'on', true)`.execute(trx);
}

export async function rebuildRollups(trx: Db, timeZone: string) {
  await trx
    .insertInto('app_settings')
    .values({ key: 'rollup_time_zone', value: timeZone })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: timeZone }))
    .execute();
  await sql`SELECT rebuild_rollups()`.execute(trx);
  // Day by day, as a live database writes them: a short window's days then sit on few pages
  // (the rebuild writes each agent's whole history together).
  await sql`CLUSTER call_day_totals USING call_day_totals_day_idx`.execute(trx);
  await sql`CLUSTER status_metric_day_totals USING status_metric_day_totals_day_idx`.execute(trx);
  await sql`SELECT set_config('switchboard.bulk_load', 'off', true)`.execute(trx);
}
