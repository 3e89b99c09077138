import type { Db } from '../../platform/database';
import type { Insertable } from 'kysely';
import type { AuditLogTable } from '../../db/schema';

export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>) {
  await db.insertInto('audit_log').values(entry).execute();
}
