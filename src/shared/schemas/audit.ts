import { z } from 'zod';
import { calendarDayField } from './analytics';
import { isoDateTime, searchField } from './fields';
import { listPageFields, listQuerySchema } from './list';

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

/**
 * The Audit Log's sortable columns: when (the default, newest first), the actor's name, the
 * action's code (so actions on the same kind of thing sort together) and the target's name.
 */
export const auditSortColumns = ['when', 'actor', 'action', 'target'] as const;
export type AuditSortColumn = (typeof auditSortColumns)[number];

/** `GET /api/audit`: the filter, and a page of it (newest first unless sorted). */
export const auditQuerySchema = listQuerySchema(auditSortColumns)
  .extend(auditFilterFields)
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

/** A page of the log: `total` counts every entry, `matching` those the filter keeps. */
export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The call centre's zone: the one `from`/`to` are days of, and times are shown in. */
  timeZone: z.string(),
  ...listPageFields,
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
