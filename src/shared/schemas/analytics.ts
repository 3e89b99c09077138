import { z } from 'zod';
import {
  MAX_RANGE_DAYS,
  type RangeSelection,
  DEFAULT_RANGE_PRESET,
  daysInRange,
  isCalendarDate,
  rangePresets,
} from '../analytics';
import { teamRefSchema } from './admins';
import { isoDateTime, searchField } from './fields';
import { listPageFields, listQuerySchema } from './list';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const FIRST_CALENDAR_DAY = '1900-01-01';
/** The day after it must still have four digits of year (a range ends at its next midnight). */
export const LAST_CALENDAR_DAY = '9999-12-30';

/**
 * A calendar day 'YYYY-MM-DD' in a query: a real day (no 30 February), in years the range
 * arithmetic handles ('9999-12-31' has no next day to end at; years below 100 are not
 * what JavaScript dates take them for).
 */
export const calendarDayField = z.iso
  .date({ error: 'Must be a date YYYY-MM-DD' })
  // A malformed day has its own message; only a well-formed one is checked for its year.
  .refine((day) => !ISO_DAY.test(day) || (day >= FIRST_CALENDAR_DAY && day <= LAST_CALENDAR_DAY), {
    error: `Must be a date from ${FIRST_CALENDAR_DAY} to ${LAST_CALENDAR_DAY}`,
  });

/**
 * Query of every analytics view: `range` (a preset, in the call centre's time zone) or
 * `from` and `to` (calendar days, both included). Neither means all time (spec default).
 */
export const rangeFields = {
  range: z.enum([...rangePresets, 'custom'], { error: 'Choose a range' }).optional(),
  from: calendarDayField.optional(),
  to: calendarDayField.optional(),
};

type RangeFields = {
  range?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export function checkRange(query: RangeFields, ctx: z.RefinementCtx) {
  const hasDates = query.from !== undefined || query.to !== undefined;
  if (hasDates && query.range !== undefined && query.range !== 'custom') {
    ctx.addIssue({ code: 'custom', message: 'Give a preset or dates, not both', path: ['range'] });
    return;
  }
  if (query.range === 'custom' || hasDates) {
    if (query.from === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'A custom range needs a start date',
        path: ['from'],
      });
      return;
    }
    if (query.to === undefined) {
      ctx.addIssue({ code: 'custom', message: 'A custom range needs an end date', path: ['to'] });
      return;
    }
    // A malformed date is reported by its own field; there is no span to check.
    if (!isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
    if (query.from > query.to) {
      ctx.addIssue({
        code: 'custom',
        message: 'The start date must not be after the end date',
        path: ['from'],
      });
    } else if (daysInRange(query.from, query.to) > MAX_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        message: `A custom range can span at most ${MAX_RANGE_DAYS} days`,
        path: ['to'],
      });
    }
  }
}

/** The selection a validated range query stands for. */
export function rangeSelectionOf(query: RangeFields): RangeSelection {
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  const preset = rangePresets.find((p) => p === query.range) ?? DEFAULT_RANGE_PRESET;
  return { preset };
}

export const analyticsRangeQuerySchema = z.object(rangeFields).superRefine(checkRange);
export type AnalyticsRangeQuery = z.input<typeof analyticsRangeQuerySchema>;

/** `teamId` of the employees without a team (their team deleted, or removed from it). */
export const NO_TEAM = 'none';

/** A team to narrow to: its id, or `none` for the employees without a team. */
const teamFilterField = z
  .union([z.literal(NO_TEAM), z.uuid({ error: 'Not a valid id' })], { error: 'Not a valid id' })
  .optional();

/**
 * What the employee cards sort by: `name` (the full name, else the username), the figures the
 * cards show (total calls, answer rate, average handle time, average after-call work) and how
 * many of the agent's statuses are flagged in the range.
 */
export const employeeAnalyticsSortColumns = [
  'name',
  'totalCalls',
  'answerRate',
  'handleTime',
  'afterCallWork',
  'flags',
] as const;
export type EmployeeAnalyticsSortColumn = (typeof employeeAnalyticsSortColumns)[number];

const employeeCardsList = listQuerySchema(employeeAnalyticsSortColumns);

/** `flagged=true`: only the agents with a flagged status in the range. */
const flaggedFilterField = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .optional()
  .transform((text) => text === 'true');

/**
 * The employee cards, a page at a time: a team (a super admin drilling in), a search on
 * username or full name, only the flagged agents; by username unless `sort` says.
 */
export const employeeAnalyticsQuerySchema = employeeCardsList
  .extend({
    ...rangeFields,
    teamId: teamFilterField,
    flagged: flaggedFilterField,
  })
  .superRefine(checkRange);
export type EmployeeAnalyticsQuery = z.infer<typeof employeeAnalyticsQuerySchema>;

/** The interval lengths a queue's figures come in, in minutes. */
export const queueIntervalMinutes = [15, 30, 60] as const;
export type QueueIntervalMinutes = (typeof queueIntervalMinutes)[number];
export const DEFAULT_QUEUE_INTERVAL_MINUTES: QueueIntervalMinutes = 30;

/** `minutes` of a query: 15, 30 or 60 (default 30). */
export const queueIntervalMinutesField = z
  .enum(['15', '30', '60'], { error: 'Choose 15, 30 or 60 minutes' })
  .optional()
  .transform((text) =>
    text === undefined ? DEFAULT_QUEUE_INTERVAL_MINUTES : (Number(text) as QueueIntervalMinutes),
  );

/** What a CSV holds: the employee cards (default), the queue teams, or a queue's intervals. */
export const analyticsExportViews = ['employees', 'queues', 'queue-intervals'] as const;

/**
 * CSV of the current view: the employee cards (same filters and order, every page), or with
 * `employeeId` that employee's calls and status intervals; or the queue teams, or with
 * `view=queue-intervals` the intervals of `minutes` of the queue team `teamId`.
 */
export const analyticsExportQuerySchema = z
  .object({
    ...rangeFields,
    view: z
      .enum(analyticsExportViews, { error: 'Choose employees, queues or queue-intervals' })
      .optional(),
    minutes: queueIntervalMinutesField,
    teamId: teamFilterField,
    search: searchField,
    sort: employeeCardsList.shape.sort,
    flagged: flaggedFilterField,
    employeeId: z.uuid({ error: 'Not a valid id' }).optional(),
  })
  .superRefine(checkRange);
export type AnalyticsExportQuery = z.infer<typeof analyticsExportQuerySchema>;

export const resolvedRangeSchema = z.object({
  preset: z.enum([...rangePresets, 'custom']),
  /** First and last calendar day (inclusive) in `timeZone`; null for all time. */
  from: z.iso.date().nullable(),
  to: z.iso.date().nullable(),
  /** The instants [start, end) the figures cover; null for all time. */
  start: isoDateTime.nullable(),
  end: isoDateTime.nullable(),
  timeZone: z.string(),
  /** The server's clock: an open status interval counts up to here. */
  computedAt: isoDateTime,
});
export type ResolvedRangeBody = z.infer<typeof resolvedRangeSchema>;

const count = z.number().int().nonnegative();
const seconds = z.number().int().nonnegative();

/**
 * The figures of a team, an employee card or an employee's detail. Calls count by when
 * they came in; only calls with an outcome count (a ringing offer has none yet). Derived
 * metrics are null when there is nothing to divide by.
 */
export const callFiguresSchema = z.object({
  totalCalls: count,
  answered: count,
  declined: count,
  /** 'Not Answered' on the cards and the pie. */
  missed: count,
  /** Talk time: the sum of the calls' durations. */
  callDurationSeconds: seconds,
  inboundOffered: count,
  inboundAnswered: count,
  /** Answered calls that have ended. */
  handledCalls: count,
  availableSeconds: seconds,
  onCallSeconds: seconds,
  afterCallSeconds: seconds,
  /** Spec: the rounded percent of all calls answered; 0 with no calls. */
  performancePercent: z.number().int(),
  /** Inbound answered ÷ inbound offered, percent to one decimal. */
  answerRatePercent: z.number().nullable(),
  /** Talk time ÷ handled calls, seconds to one decimal. */
  averageHandleSeconds: z.number().nullable(),
  /** After Call Work time ÷ handled calls, seconds to one decimal. */
  averageAfterCallSeconds: z.number().nullable(),
  /** (On Call + After Call Work) ÷ (Available + On Call + After Call Work), percent. */
  occupancyPercent: z.number().nullable(),
});
export type CallFigures = z.infer<typeof callFiguresSchema>;

export const teamAnalyticsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  /** Users with role employee in the team. */
  employeeCount: count,
  figures: callFiguresSchema,
});
export type TeamAnalytics = z.infer<typeof teamAnalyticsSchema>;

/** Super admins' first view: every team, by name. */
export const teamAnalyticsListSchema = z.object({
  range: resolvedRangeSchema,
  teams: z.array(teamAnalyticsSchema),
  /** The employees without a team, together; null when every employee has one. */
  noTeam: z.object({ employeeCount: count, figures: callFiguresSchema }).nullable(),
});
export type TeamAnalyticsList = z.infer<typeof teamAnalyticsListSchema>;

export const analyticsEmployeeSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  full_name: z.string().nullable(),
  team: teamRefSchema.nullable(),
});

export const employeeAnalyticsCardSchema = analyticsEmployeeSchema.extend({
  figures: callFiguresSchema,
  /**
   * The statuses flagged in the range, in the catalogue's order: the rows the detail's
   * 'Status Time Tracking' highlights (spec §5).
   */
  flaggedStatuses: z.array(z.string()),
});
export type EmployeeAnalyticsCard = z.infer<typeof employeeAnalyticsCardSchema>;

/**
 * A page of the employee cards. `total` counts the employees of the view (the viewer's scope,
 * narrowed to `teamId`) whatever the search and the flagged filter; `matching` those that pass.
 */
export const employeeAnalyticsListSchema = z.object({
  range: resolvedRangeSchema,
  employees: z.array(employeeAnalyticsCardSchema),
  ...listPageFields,
});
export type EmployeeAnalyticsList = z.infer<typeof employeeAnalyticsListSchema>;

/** A 'Status Time Tracking' row. */
export const statusTimeRowSchema = z.object({
  status: z.string(),
  /** The spec's label ('Personal Time'); an unknown status shows its raw value. */
  label: z.string(),
  totalSeconds: seconds,
  /** Status intervals (stints) within the range. */
  sessions: count,
  /** totalSeconds ÷ sessions, to one decimal. */
  averageSeconds: z.number().nonnegative(),
  /** Highlighted red (spec §5): break/lunch/personal over 1,800 s, after_call over 90 s avg. */
  flagged: z.boolean(),
});
export type StatusTimeRow = z.infer<typeof statusTimeRowSchema>;

/** One employee: the pie's counts, the status table, the metrics — the admin and agent view. */
export const employeeAnalyticsDetailSchema = z.object({
  range: resolvedRangeSchema,
  employee: analyticsEmployeeSchema.extend({ created_at: isoDateTime }),
  figures: callFiguresSchema,
  /** In the order of the status catalogue; empty means 'No status data available'. */
  statusTimes: z.array(statusTimeRowSchema),
  /** Answered calls ended in the range by wrap-up code, most first ('No wrap-up code' last). */
  wrapUpCodes: z.array(z.object({ name: z.string(), calls: count })),
  /** Everything of the employee's, all time: what Delete erases (besides account and profile). */
  records: z.object({ calls: count, statusIntervals: count, sessions: count }),
});
export type EmployeeAnalyticsDetail = z.infer<typeof employeeAnalyticsDetailSchema>;

/**
 * The trend charts' query: the viewer's scope (the centre, or an admin's team), narrowed to a
 * team (`none`: the employees without one) or to one employee.
 */
export const analyticsTrendQuerySchema = z
  .object({
    ...rangeFields,
    teamId: teamFilterField,
    employeeId: z.uuid({ error: 'Not a valid id' }).optional(),
  })
  .superRefine(checkRange);
export type AnalyticsTrendQuery = z.infer<typeof analyticsTrendQuerySchema>;

/** How long a bar of a trend is: a day up to 92 days, a week up to two years, else a month. */
export const trendUnits = ['day', 'week', 'month'] as const;
export type TrendUnit = (typeof trendUnits)[number];

export const trendBucketSchema = z.object({
  /** The bucket's first day in the call centre's zone (a week starts on Monday). */
  start: z.iso.date(),
  answered: count,
  declined: count,
  /** 'Not Answered'. */
  missed: count,
  /** Inbound answered ÷ inbound offered, percent to one decimal; null with none offered. */
  answerRatePercent: z.number().nullable(),
  /** Talk time ÷ handled calls, seconds to one decimal; null with none handled. */
  averageHandleSeconds: z.number().nullable(),
  /** Seconds per status (the open interval counted up to now), statuses with time only. */
  statusSeconds: z.record(z.string(), seconds),
});
export type TrendBucket = z.infer<typeof trendBucketSchema>;

/** Calls and status time per day (week, month) over the range, every bucket present. */
export const analyticsTrendSchema = z.object({
  range: resolvedRangeSchema,
  unit: z.enum(trendUnits),
  /** The statuses with time in the range, in the catalogue's order, with their labels. */
  statuses: z.array(z.object({ status: z.string(), label: z.string() })),
  buckets: z.array(trendBucketSchema),
});
export type AnalyticsTrend = z.infer<typeof analyticsTrendSchema>;

/** One call of an employee, as an admin reads it. */
export const employeeCallParamsSchema = z.object({
  id: z.uuid({ error: 'Not a valid id' }),
  callId: z.uuid({ error: 'Not a call id' }),
});
