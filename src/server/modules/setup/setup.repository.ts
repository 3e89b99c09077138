import { sql } from 'kysely';
import type { Db } from '../../platform/database';

export async function hasAnyUser(db: Db) {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Serialises first-run attempts: two at once must not both create a super admin. */
export async function lockSetup(db: Db) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('switchboard.setup'))`.execute(db);
}
