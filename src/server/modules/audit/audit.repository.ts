import { sql } from 'kysely';
import type { Db } from '../../platform/database';
import type { Insertable } from 'kysely';
import type { AuditLogTable } from '../../db/schema';

export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>) {
  await db.insertInto('audit_log').values(entry).execute();
}

/** Entries of one action about one target name since a moment, oldest first. */
export async function findRecentByTargetName(
  db: Db,
  action: string,
  targetName: string,
  since: Date,
) {
  return db
    .selectFrom('audit_log')
    .select(['created_at'])
    .where('action', '=', action)
    .where(sql<string>`lower(target_name)`, '=', targetName.toLowerCase())
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
}
