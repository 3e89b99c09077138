import type { Insertable } from 'kysely';
import type { AuditLogTable } from '../../db/schema';
import type { Db } from '../../platform/database';
import { containsText } from '../accounts/accounts.repository';

export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>) {
  await db.insertInto('audit_log').values(entry).execute();
}

export interface AuditLogFilter {
  /** Text in the actor's or target's name or the action code (literally, any case)… */
  search: string | undefined;
  /** …or one of these action codes (the actions whose words match). */
  actions: readonly string[];
  /** [start, end) instants; null leaves that side open. */
  start: Date | null;
  end: Date | null;
}

/**
 * One page of the log, newest first: the keyset is the id (a sequence, so insertion order),
 * which pages stably while new entries arrive above the first page.
 */
export function listAuditEntries(
  db: Db,
  filter: AuditLogFilter,
  page: { before: string | undefined; limit: number },
) {
  const { search, actions, start, end } = filter;
  return db
    .selectFrom('audit_log')
    .select([
      'id',
      'created_at',
      'actor_id',
      'actor_name',
      'action',
      'target_type',
      'target_id',
      'target_name',
      'ip',
      'details',
    ])
    .$if(search !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          containsText('actor_name', search!),
          containsText('target_name', search!),
          containsText('action', search!),
          ...(actions.length > 0 ? [eb('action', 'in', actions)] : []),
        ]),
      ),
    )
    .$if(start !== null, (query) => query.where('created_at', '>=', start!))
    .$if(end !== null, (query) => query.where('created_at', '<', end!))
    .$if(page.before !== undefined, (query) => query.where('id', '<', page.before!))
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
}

export type AuditLogRecord = Awaited<ReturnType<typeof listAuditEntries>>[number];
