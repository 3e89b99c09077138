import { type Expression, type Insertable, type SqlBool, sql } from 'kysely';
import type { ListSort } from '../../../shared/schemas/list';
import type { AuditSortColumn } from '../../../shared/schemas/audit';
import type { AuditLogTable } from '../../db/schema';
import type { Db } from '../../platform/database';
import { type ListCounts, type PageWindow, toCounts } from '../../platform/list-page';

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
 * A LIKE pattern for text containing `text` literally (its `%`, `_` and `\` escaped): LIKE,
 * not position(), so the trigram index on `search_text` can find it.
 */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The entries the filter keeps; undefined when it keeps every one. */
function matchesFilter({ search, actions, start, end }: AuditLogFilter) {
  const conditions: Expression<SqlBool>[] = [];
  if (search !== undefined) {
    const words = [
      sql<SqlBool>`search_text LIKE ${containing(search.toLowerCase())}`,
      ...(actions.length > 0 ? [sql<SqlBool>`action = ANY(${[...actions]}::text[])`] : []),
    ];
    conditions.push(sql<SqlBool>`(${sql.join(words, sql` OR `)})`);
  }
  if (start !== null) conditions.push(sql<SqlBool>`created_at >= ${start}`);
  if (end !== null) conditions.push(sql<SqlBool>`created_at < ${end}`);
  return conditions.length > 0 ? sql<SqlBool>`(${sql.join(conditions, sql` AND `)})` : undefined;
}

function selectEntries(db: Db, filter: AuditLogFilter) {
  const matches = matchesFilter(filter);
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
    .$if(matches !== undefined, (query) => query.where(matches!));
}

const sortExpressions = {
  actor: sql`lower(actor_name)`,
  action: sql`action`,
  target: sql`lower(target_name)`,
} satisfies Record<Exclude<AuditSortColumn, 'when'>, unknown>;

/**
 * A page of the log, newest first unless sorted; ties newest first, then by id. `fromEnd`: the
 * page counted from the end, in the reverse order. Each order is an index read one way or the
 * other (`audit_log_created_at_idx`, and one per sort column and direction), so a page, a
 * range of days and a page from either end are read from an index, not sorted: the filter
 * applied on the way, until the page is found. When few entries match (a tenth or less: a
 * name searched for) they may all lie at the far end of that index (the name sorted by
 * names): then they are found first, and only they are sorted.
 */
export function listAuditEntries(
  db: Db,
  filter: AuditLogFilter,
  asked: ListSort<AuditSortColumn> | undefined,
  window: PageWindow & { fromEnd: boolean },
  counts: ListCounts,
) {
  const sort = asked ?? { column: 'when', descending: true };
  const way = (descending: boolean) => sql.raw(descending !== window.fromEnd ? 'DESC' : 'ASC');
  const order =
    sort.column === 'when'
      ? sql`created_at ${way(sort.descending)}, id ${way(sort.descending)}`
      : sql`${sortExpressions[sort.column]} ${way(sort.descending)}
          NULLS ${sql.raw(window.fromEnd ? 'FIRST' : 'LAST')},
          created_at ${way(true)}, id ${way(true)}`;
  if (counts.matching * 10 <= counts.total) {
    return db
      .with(
        (cte) => cte('found').materialized(),
        () => selectEntries(db, filter),
      )
      .selectFrom('found')
      .selectAll()
      .orderBy(order)
      .offset(window.offset)
      .limit(window.limit)
      .execute();
  }
  return selectEntries(db, filter)
    .orderBy(order)
    .offset(window.offset)
    .limit(window.limit)
    .execute();
}

/**
 * Every entry of the log, and how many of them the filter keeps: two counts, so the filter's can
 * use the indexes (a search the trigram index, days the time index); on PostgreSQL they run
 * at once, on two connections.
 */
export async function countAuditEntries(db: Db, filter: AuditLogFilter) {
  const matches = matchesFilter(filter);
  const count = (where?: Expression<SqlBool>) =>
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .$if(where !== undefined, (query) => query.where(where!))
      .executeTakeFirstOrThrow()
      .then((row) => row.n);
  const [total, matching] = await Promise.all([count(), matches && count(matches)]);
  return toCounts({ total, matching: matching ?? total });
}

/**
 * A batch of the filtered log for the CSV, by id from the newest: each batch starts below the
 * last id of the one before, so the file is stable while new entries arrive.
 */
export function auditEntriesBefore(
  db: Db,
  filter: AuditLogFilter,
  before: string | undefined,
  limit: number,
) {
  return selectEntries(db, filter)
    .$if(before !== undefined, (query) => query.where('id', '<', before!))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type AuditLogRecord = Awaited<ReturnType<typeof auditEntriesBefore>>[number];
