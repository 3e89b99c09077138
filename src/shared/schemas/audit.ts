import { z } from 'zod';
import { calendarDayField } from './analytics';
import { isoDateTime, searchField } from './fields';

/** Entries on one page of the Audit Log when the query does not say. */
export const AUDIT_PAGE_SIZE = 100;
export const MAX_AUDIT_PAGE_SIZE = 500;

/**
 * What the Audit Log is filtered by (the page's form, the list and the CSV): `search` in the
 * actor's name, the target's name and the action (its code or its words); `from` and `to`
 * are calendar days in the call centre's time zone, both included, either may be left open.
 */
const auditFilterFields = {
  search: searchField,
  from: calendarDayField.optional(),
  to: calendarDayField.optional(),
};

function checkDays(
  query: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    ctx.addIssue({
      code: 'custom',
      message: 'The start date must not be after the end date',
      path: ['from'],
    });
  }
}

/** The filter alone: the page's form and `GET /api/audit/export.csv`. */
export const auditFilterSchema = z.object(auditFilterFields).superRefine(checkDays);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** A page id: the entries' ids are a bigint sequence, so a cursor is its digits. */
const entryId = z
  .string()
  .regex(/^[1-9]\d{0,17}$/, { error: 'Must be an entry id (a positive whole number)' });

/**
 * `GET /api/audit`: the filter, and a page of it newest first — `before` the id of the last
 * entry of the previous page (its `nextBefore`), `limit` entries at most.
 */
export const auditQuerySchema = z
  .object({
    ...auditFilterFields,
    before: entryId.optional(),
    limit: z.coerce
      .number({ error: 'Must be a whole number' })
      .int({ error: 'Must be a whole number' })
      .min(1, { error: 'Must be at least 1' })
      .max(MAX_AUDIT_PAGE_SIZE, { error: `Must be at most ${MAX_AUDIT_PAGE_SIZE}` })
      .default(AUDIT_PAGE_SIZE),
  })
  .superRefine(checkDays);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One change, as recorded: names are copied values, so they outlive what they name. */
export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: isoDateTime,
  /** Null for an attempt by someone not signed in (a failed sign-in). */
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** A code, as `describeAuditAction` (src/shared/audit.ts) puts it in words. */
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  target_name: z.string().nullable(),
  /** The address the request came from. */
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The `before` of the next page; null when this page is the last. */
  nextBefore: z.string().nullable(),
  /** The call centre's zone: the one `from`/`to` are days of, and times are shown in. */
  timeZone: z.string(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
