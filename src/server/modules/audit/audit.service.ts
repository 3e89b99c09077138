import {
  type AuditAction,
  auditActionsMatching,
  describeAuditAction,
  describeAuditDetails,
} from '../../../shared/audit';
import { addDays, formatZonedIso, rangeFileLabel, startOfDayIn } from '../../../shared/analytics';
import { CSV_BYTE_ORDER_MARK, csvLine } from '../../../shared/csv';
import type {
  AuditEntry as AuditEntryBody,
  AuditFilter,
  AuditLogPage,
  AuditQuery,
} from '../../../shared/schemas/audit';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/database';
import { readLongListPage } from '../../platform/list-page';
import {
  type AuditLogFilter,
  type AuditLogRecord,
  auditEntriesBefore,
  countAuditEntries,
  insertAuditEntry,
  listAuditEntries,
} from './audit.repository';

export type { AuditAction } from '../../../shared/audit';

export interface AuditActor {
  id: string;
  username: string;
}

export interface AuditEntry {
  action: AuditAction;
  actor?: AuditActor | null;
  target?: { type: string; id?: string | null; name?: string | null };
  ip?: string | null;
  details?: Record<string, unknown>;
  /** When it happened; the service's clock, so tests can move time. */
  at: Date;
}

/**
 * Records who did what to whom, inside the caller's transaction so the record and the
 * change land together. Ids and names are copied as plain values: history survives deletes.
 */
export async function recordAudit(db: Db, entry: AuditEntry) {
  await insertAuditEntry(db, {
    action: entry.action,
    actor_id: entry.actor?.id ?? null,
    actor_name: entry.actor?.username ?? null,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id ?? null,
    target_name: entry.target?.name ?? null,
    ip: entry.ip ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    created_at: entry.at,
  });
}

/** The filter as the repository takes it: the days as instants of the call centre's zone. */
function logFilterOf(ctx: AppContext, filter: AuditFilter): AuditLogFilter {
  const timeZone = ctx.config.callCentreTimeZone;
  const search = filter.search ? filter.search : undefined;
  return {
    search,
    actions: search ? auditActionsMatching(search) : [],
    start: filter.from ? startOfDayIn(filter.from, timeZone) : null,
    end: filter.to ? startOfDayIn(addDays(filter.to, 1), timeZone) : null,
  };
}

function detailsOf(record: AuditLogRecord): Record<string, unknown> | null {
  const { details } = record;
  return details !== null && typeof details === 'object' && !Array.isArray(details)
    ? (details as Record<string, unknown>)
    : null;
}

function toAuditEntryBody(record: AuditLogRecord): AuditEntryBody {
  return {
    id: String(record.id),
    created_at: record.created_at.toISOString(),
    actor_id: record.actor_id,
    actor_name: record.actor_name,
    action: record.action,
    target_type: record.target_type,
    target_id: record.target_id,
    target_name: record.target_name,
    ip: record.ip,
    details: detailsOf(record),
  };
}

/** A page of the filtered log (newest first unless sorted), with its counts. */
export async function auditLogPage(ctx: AppContext, query: AuditQuery): Promise<AuditLogPage> {
  const filter = logFilterOf(ctx, query);
  const { rows, ...page } = await readLongListPage(
    query,
    () => countAuditEntries(ctx.db, filter),
    (window, counts) => listAuditEntries(ctx.db, filter, query.sort, window, counts),
  );
  return {
    entries: rows.map(toAuditEntryBody),
    timeZone: ctx.config.callCentreTimeZone,
    ...page,
  };
}

/** Rows read per query while a CSV is written: memory stays flat however long the log. */
const EXPORT_BATCH = 2000;

function exportFileLabel(filter: AuditFilter) {
  if (filter.from && filter.to) return rangeFileLabel({ from: filter.from, to: filter.to });
  if (filter.from) return `from-${filter.from}`;
  if (filter.to) return `until-${filter.to}`;
  return rangeFileLabel({ from: null, to: null });
}

/**
 * The filtered log as CSV (RFC 4180, BOM, formula-safe cells), newest first, times local ISO
 * in the call centre's zone, written batch by batch.
 */
export async function exportAuditCsv(ctx: AppContext, filter: AuditFilter) {
  const timeZone = ctx.config.callCentreTimeZone;
  const logFilter = logFilterOf(ctx, filter);
  const batch = (before: string | undefined) =>
    auditEntriesBefore(ctx.db, logFilter, before, EXPORT_BATCH);
  // The first batch is read before answering, so a failing database is a 500, not a cut file.
  const first = await batch(undefined);
  async function* lines() {
    yield (
      CSV_BYTE_ORDER_MARK +
      csvLine([
        `Time (${timeZone})`,
        'Actor',
        'Action',
        'Action Code',
        'Target Type',
        'Target',
        'Target ID',
        'Address',
        'Details',
      ])
    );
    let records = first;
    while (records.length > 0) {
      let chunk = '';
      for (const record of records) {
        const details = detailsOf(record);
        chunk += csvLine([
          formatZonedIso(record.created_at, timeZone),
          record.actor_name,
          describeAuditAction(record.action, details),
          record.action,
          record.target_type,
          record.target_name,
          record.target_id,
          record.ip,
          [describeAuditDetails(details), details ? JSON.stringify(details) : '']
            .filter(Boolean)
            .join(' — ') || null,
        ]);
      }
      yield chunk;
      if (records.length < EXPORT_BATCH) return;
      records = await batch(String(records.at(-1)!.id));
    }
  }
  return { fileName: `switchboard-audit-${exportFileLabel(filter)}.csv`, lines: lines() };
}
