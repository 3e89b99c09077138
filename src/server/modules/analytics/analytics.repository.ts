import { type RawBuilder, sql } from 'kysely';
import { FLAG_AFTER_CALL_AVERAGE_SECONDS, FLAG_TOTAL_SECONDS } from '../../../shared/analytics';
import {
  type EmployeeAnalyticsSortColumn,
  NO_TEAM,
  type TrendUnit,
} from '../../../shared/schemas/analytics';
import type { ListSort } from '../../../shared/schemas/list';
import type { Db } from '../../platform/database';
import type { EmployeeScope } from '../employees/employees.repository';

/**
 * The analytics views' SQL: one query per view (the team cards: two, sent together), scoped in
 * SQL, never a query per employee.
 * The figures come from per-agent rollups kept current by triggers in the same transaction as
 * every write, so a view reads a row per agent and month or day instead of every call and
 * interval:
 * - the cards and the dashboard read, for the months a window covers whole, the monthly
 *   rollups (`call_month_totals`, `status_metric_month_totals`), and for its other days the
 *   daily ones (`call_day_totals`, `status_metric_day_totals`): calls, and the seconds of the
 *   statuses the metrics and flags use (db/sql/rollups.sql says what each holds); the cards'
 *   flags are summed for a page of cards, or for every card when the list is sorted or
 *   filtered by them;
 * - one employee's detail reads every status and its sessions from `status_day_totals`.
 * Rules shared by every view:
 * - a call counts when it has an outcome (answered, declined, missed), on the local day it
 *   came in;
 * - a closed status interval counts its seconds on each local day it spans, and once as a
 *   session, on the day it started; a closed interval without a duration is ignored (spec
 *   §3); the open interval is read live, counting up to `now` (or the window's end).
 * The CSV timeline reads the raw rows of one employee (`employeeTimeline`).
 */
export interface AnalyticsWindow {
  /** Null: from the beginning. */
  start: Date | null;
  /** Null: up to now. */
  end: Date | null;
  /** The same window as local days, inclusive ('YYYY-MM-DD'); null: unbounded. */
  fromDay: string | null;
  toDay: string | null;
  now: Date;
}

const and = (conditions: RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`true` : sql.join(conditions, sql` AND `);

/** A condition on a user id column: which users a view is about. */
type UserFilter = (column: RawBuilder<unknown>) => RawBuilder<unknown>;

/** Calls (alias `c`) with an outcome, that came in within the window. */
function callsInWindow(w: AnalyticsWindow) {
  return and([
    sql`c.call_status IS NOT NULL`,
    ...(w.start ? [sql`c.time_received >= ${w.start}::timestamptz`] : []),
    ...(w.end ? [sql`c.time_received < ${w.end}::timestamptz`] : []),
  ]);
}

/** Rollup days (alias `d`) inside the window. */
function daysInWindow(w: AnalyticsWindow) {
  return and([
    ...(w.fromDay ? [sql`d.day >= ${w.fromDay}::date`] : []),
    ...(w.toDay ? [sql`d.day <= ${w.toDay}::date`] : []),
  ]);
}

/** Whether the month starting on `month` (a date) lies wholly inside the window. */
function wholeMonth(w: AnalyticsWindow, month: RawBuilder<unknown>) {
  return and([
    ...(w.fromDay ? [sql`${month} >= ${w.fromDay}::date`] : []),
    ...(w.toDay ? [sql`(${month} + interval '1 month')::date <= ${w.toDay}::date + 1`] : []),
  ]);
}

/** The statuses whose seconds the metrics use (in `status_metric_*_totals`, a column each). */
const metricStatuses = ['available', 'on_call', 'after_call'] as const;

const callColumns = sql.raw(`d.total_calls, d.answered, d.declined, d.missed, d.inbound_offered,
  d.inbound_answered, d.handled_calls, d.talk_seconds`);
const noCalls = sql.raw('0, 0, 0, 0, 0, 0, 0, 0');
const metricColumns = sql.raw('d.available_seconds, d.on_call_seconds, d.after_call_seconds');
// Named: the first branch of a UNION names its columns.
const noMetrics = sql.raw('0 AS available_seconds, 0 AS on_call_seconds, 0 AS after_call_seconds');

/** The rollup rows of the users `forUser` selects: whole months, and the window's other days. */
function rollupRowsIn(w: AnalyticsWindow, forUser: UserFilter) {
  return {
    inMonths: and([forUser(sql.ref('d.user_id')), wholeMonth(w, sql.ref('d.month'))]),
    inOtherDays: sql`${and([forUser(sql.ref('d.user_id')), daysInWindow(w)])}
      AND NOT (${wholeMonth(w, sql`date_trunc('month', d.day)::date`)})`,
  };
}

/**
 * The rows that add up to the window's call figures (columns user_id and the call counts) of
 * the users `forUser` selects: from the monthly rollups for the months the window covers whole,
 * from the daily ones for its other days.
 */
function callRowsIn(w: AnalyticsWindow, forUser: UserFilter) {
  const { inMonths, inOtherDays } = rollupRowsIn(w, forUser);
  return sql`
    SELECT d.user_id, ${callColumns} FROM call_month_totals AS d WHERE ${inMonths}
    UNION ALL
    SELECT d.user_id, ${callColumns} FROM call_day_totals AS d WHERE ${inOtherDays}`;
}

/**
 * The same for the metric statuses' seconds (columns user_id and a column per status), with
 * the open status intervals counted live.
 */
function metricRowsIn(w: AnalyticsWindow, forUser: UserFilter) {
  const { inMonths, inOtherDays } = rollupRowsIn(w, forUser);
  const openSeconds = (status: string) =>
    sql`CASE WHEN o.status = ${sql.lit(status)} THEN o.seconds ELSE 0 END`;
  return sql`
    SELECT d.user_id, ${metricColumns} FROM status_metric_month_totals AS d WHERE ${inMonths}
    UNION ALL
    SELECT d.user_id, ${metricColumns} FROM status_metric_day_totals AS d WHERE ${inOtherDays}
    UNION ALL
    SELECT o.user_id,
      ${openSeconds('available')}, ${openSeconds('on_call')}, ${openSeconds('after_call')}
    FROM (${openIntervalsIn(w, forUser(sql.ref('l.user_id')))}) AS o
    WHERE o.status IN (${sql.join(metricStatuses.map((status) => sql.lit(status)))})`;
}

/** Both as one set of rows (columns user_id, the call counts, the metric statuses' seconds). */
function figureRowsIn(w: AnalyticsWindow, forUser: UserFilter) {
  return sql`
    SELECT d.user_id, ${callColumns}, ${noMetrics} FROM (${callRowsIn(w, forUser)}) AS d
    UNION ALL
    SELECT d.user_id, ${noCalls}, ${metricColumns} FROM (${metricRowsIn(w, forUser)}) AS d`;
}

/**
 * Per group of `callRowsIn`, `metricRowsIn` or `figureRowsIn` rows (alias `d`): the figures.
 * The seconds (bigint in the rollups) are summed as float8, exact for whole seconds below
 * 2^53: a bigint sum would add in numeric, a cost the employee cards' round trip feels on a
 * large call centre.
 */
const callSums = sql`
  sum(d.total_calls)::int AS total_calls,
  sum(d.answered)::int AS answered,
  sum(d.declined)::int AS declined,
  sum(d.missed)::int AS missed,
  sum(d.inbound_offered)::int AS inbound_offered,
  sum(d.inbound_answered)::int AS inbound_answered,
  sum(d.handled_calls)::int AS handled_calls,
  sum(d.talk_seconds::float8) AS talk_seconds`;
const metricSums = sql`
  sum(d.available_seconds::float8) AS available_seconds,
  sum(d.on_call_seconds::float8) AS on_call_seconds,
  sum(d.after_call_seconds::float8) AS after_call_seconds`;
const figureSums = sql`${callSums}, ${metricSums}`;

type MetricColumn = 'available_seconds' | 'on_call_seconds' | 'after_call_seconds';
type CallSums = Omit<TotalsRow, MetricColumn>;
/** The call figures of a group without a call in the window. */
const noCallSums: CallSums = {
  total_calls: 0,
  answered: 0,
  declined: 0,
  missed: 0,
  inbound_offered: 0,
  inbound_answered: 0,
  handled_calls: 0,
  talk_seconds: 0,
};

const countColumns = [
  'total_calls',
  'answered',
  'declined',
  'missed',
  'inbound_offered',
  'inbound_answered',
  'handled_calls',
];
const metricColumnNames: MetricColumn[] = [
  'available_seconds',
  'on_call_seconds',
  'after_call_seconds',
];
const secondsColumns = ['talk_seconds', ...metricColumnNames];

/**
 * The figures' columns of a row of sums, zero where there was none (a LEFT JOIN); by default
 * all of them.
 */
const figuresOf = (alias: string, seconds = secondsColumns, counts = countColumns) => {
  const column = (name: string, type: RawBuilder<unknown>) =>
    sql`coalesce(${sql.ref(`${alias}.${name}`)}, 0)::${type} AS ${sql.ref(name)}`;
  return sql.join([
    ...counts.map((name) => column(name, sql`int`)),
    ...seconds.map((name) => column(name, sql`float8`)),
  ]);
};

/**
 * Seconds and sessions per user and status in the window (columns user_id, status, seconds,
 * sessions) for the users `forUser` selects: the closed intervals from the daily rollups, the
 * rest as `statusTimeBesideRollupsIn` counts it.
 */
function statusTimeIn(w: AnalyticsWindow, forUser: UserFilter) {
  return sql`
    SELECT d.user_id, d.status, sum(d.seconds)::float8 AS seconds, sum(d.intervals)::int AS sessions
    FROM status_day_totals AS d
    WHERE ${and([forUser(sql.ref('d.user_id')), daysInWindow(w)])}
    GROUP BY d.user_id, d.status
    UNION ALL
    ${statusTimeBesideRollupsIn(w, forUser)}`;
}

/**
 * What the rollups' days do not hold, in `statusTimeIn`'s columns, of every status or only
 * `statuses`: the open interval, counted live, and the interval each user was in at the
 * window's start, as a session of the window.
 */
function statusTimeBesideRollupsIn(
  w: AnalyticsWindow,
  forUser: UserFilter,
  statuses?: readonly string[],
) {
  const ofStatus = (column: RawBuilder<unknown>) =>
    statuses ? [sql`${column} IN (${sql.join(statuses.map((status) => sql.lit(status)))})`] : [];
  return sql`
    SELECT o.user_id, o.status, o.seconds::float8, 1 AS sessions
    FROM (${openIntervalsIn(w, forUser(sql.ref('l.user_id')))}) AS o
    WHERE ${and(ofStatus(sql.ref('o.status')))}
    ${
      w.start
        ? sql`UNION ALL
          SELECT a.user_id, a.status, a.seconds, a.sessions
          FROM (${sessionAcrossStart(w.start, forUser(sql.ref('u.id')))}) AS a
          WHERE ${and(ofStatus(sql.ref('a.status')))}`
        : sql``
    }`;
}

/** The statuses a flag can fall on (spec §5): break, lunch and personal by their total. */
const statusesFlaggedByTotal = ['break', 'lunch', 'personal'];
const flaggableStatuses = [...statusesFlaggedByTotal, 'after_call'];

/**
 * Per user with a flagged status in the window: which (column flagged_statuses) and how many
 * (flag_count). The rule of `isStatusFlagged` (shared/analytics.ts), on the seconds and sessions
 * the detail's 'Status Time Tracking' rows show; the tests hold the two to the same answers.
 * The closed intervals come from the metric rollups, a column per status (whole months from the
 * monthly one), summed per user before they are taken apart by status.
 */
function flagsIn(w: AnalyticsWindow, forUser: UserFilter) {
  const { inMonths, inOtherDays } = rollupRowsIn(w, forUser);
  const columns = sql.raw(`d.break_seconds, d.lunch_seconds, d.personal_seconds,
    d.after_call_seconds, d.after_call_intervals`);
  return sql`
    SELECT t.user_id, array_agg(t.status) AS flagged_statuses, count(*)::int AS flag_count
    FROM (
      SELECT i.user_id, i.status, sum(i.seconds) AS seconds, sum(i.sessions) AS sessions
      FROM (
        SELECT r.user_id, s.status, s.seconds, s.sessions
        FROM (
          SELECT d.user_id, sum(d.break_seconds::float8) AS break_seconds,
            sum(d.lunch_seconds::float8) AS lunch_seconds,
            sum(d.personal_seconds::float8) AS personal_seconds,
            sum(d.after_call_seconds::float8) AS after_call_seconds,
            sum(d.after_call_intervals)::int AS after_call_intervals
          FROM (
            SELECT d.user_id, ${columns} FROM status_metric_month_totals AS d WHERE ${inMonths}
            UNION ALL
            SELECT d.user_id, ${columns} FROM status_metric_day_totals AS d WHERE ${inOtherDays}
          ) AS d
          GROUP BY d.user_id
        ) AS r
        CROSS JOIN LATERAL (VALUES ('break', r.break_seconds, 0), ('lunch', r.lunch_seconds, 0),
          ('personal', r.personal_seconds, 0),
          ('after_call', r.after_call_seconds, r.after_call_intervals)
        ) AS s (status, seconds, sessions)
        UNION ALL
        ${statusTimeBesideRollupsIn(w, forUser, flaggableStatuses)}
      ) AS i
      GROUP BY i.user_id, i.status
    ) AS t
    WHERE (t.status IN (${sql.join(statusesFlaggedByTotal.map((status) => sql.lit(status)))})
        AND t.seconds > ${sql.lit(FLAG_TOTAL_SECONDS)})
      OR (t.status = 'after_call' AND t.sessions > 0
        AND t.seconds / t.sessions > ${sql.lit(FLAG_AFTER_CALL_AVERAGE_SECONDS)})
    GROUP BY t.user_id`;
}

/**
 * The closed interval each user was in at the window's start, as a session of the window (its
 * seconds there are in the rollups): the rollups count a session on the day it started. One
 * index seek per user, on `(user_id, started_at)`.
 */
function sessionAcrossStart(start: Date, forUser: RawBuilder<unknown>) {
  return sql`
    SELECT u.id AS user_id, x.status, 0::float8 AS seconds, 1 AS sessions
    FROM users AS u
    CROSS JOIN LATERAL (
      SELECT l.status, l.ended_at, l.duration_seconds FROM employee_status_log AS l
      WHERE l.user_id = u.id AND l.started_at < ${start}::timestamptz
      ORDER BY l.started_at DESC LIMIT 1
    ) AS x
    WHERE ${forUser} AND x.ended_at > ${start}::timestamptz AND x.duration_seconds IS NOT NULL`;
}

/** The open interval of the users `forUser` selects, counted up to now (or the window's end). */
function openIntervalsIn(w: AnalyticsWindow, forUser: RawBuilder<unknown>) {
  const clippedStart = w.start
    ? sql`greatest(l.started_at, ${w.start}::timestamptz)`
    : sql`l.started_at`;
  const openEnd = w.end
    ? sql`least(${w.now}::timestamptz, ${w.end}::timestamptz)`
    : sql`${w.now}::timestamptz`;
  return sql`
    SELECT l.user_id, l.status, l.started_at, l.ended_at,
      greatest(0, floor(extract(epoch from (${openEnd} - ${clippedStart}))))::int AS seconds
    FROM employee_status_log AS l
    WHERE ${and([
      forUser,
      sql`l.ended_at IS NULL`,
      sql`l.started_at < ${openEnd}`,
      ...(w.start ? [sql`${openEnd} > ${w.start}::timestamptz`] : []),
    ])}`;
}

/**
 * One employee's status intervals (`forUser`, a condition on `l.user_id`) clipped to the
 * window, row by row: user_id, status, started_at, ended_at and `seconds` in the window.
 */
function statusIntervalsIn(w: AnalyticsWindow, forUser: RawBuilder<unknown>) {
  const clippedStart = w.start
    ? sql`greatest(l.started_at, ${w.start}::timestamptz)`
    : sql`l.started_at`;
  const closedEnd = w.end ? sql`least(l.ended_at, ${w.end}::timestamptz)` : sql`l.ended_at`;
  const wholeInside = and([
    ...(w.start ? [sql`l.started_at >= ${w.start}::timestamptz`] : []),
    ...(w.end ? [sql`l.ended_at <= ${w.end}::timestamptz`] : []),
  ]);
  return sql`
    SELECT l.user_id, l.status, l.started_at, l.ended_at,
      CASE WHEN ${wholeInside} THEN l.duration_seconds
           ELSE greatest(0, floor(extract(epoch from (${closedEnd} - ${clippedStart}))))::int
      END AS seconds
    FROM employee_status_log AS l
    WHERE ${and([
      forUser,
      sql`l.ended_at IS NOT NULL`,
      sql`l.duration_seconds IS NOT NULL`,
      ...(w.start ? [sql`l.ended_at > ${w.start}::timestamptz`] : []),
      ...(w.end ? [sql`l.started_at < ${w.end}::timestamptz`] : []),
    ])}
    UNION ALL
    ${openIntervalsIn(w, forUser)}`;
}

/** The columns every view's figures come back with. */
export interface TotalsRow {
  total_calls: number;
  answered: number;
  declined: number;
  missed: number;
  inbound_offered: number;
  inbound_answered: number;
  handled_calls: number;
  talk_seconds: number;
  available_seconds: number;
  on_call_seconds: number;
  after_call_seconds: number;
}

/**
 * Every team (by name) with its employees' figures: the super admin's team cards. Two
 * statements sent together, the statuses' seconds with the teams and the calls' figures apart:
 * on PostgreSQL they run at once on two connections, and so on both cores (on PGlite, one
 * after the other), which makes the cards faster on a large call centre, typical and slowest
 * requests alike. The employee cards stay one statement: split the same way, their halves (a
 * row per agent each) make the typical request faster but the slowest ones slower. Each
 * statement reads its own snapshot: a call that ends between them can show in one before the
 * other, as it would in a refresh a moment later.
 */
export async function teamAnalytics(db: Db, w: AnalyticsWindow) {
  const everyone = () => sql`true`;
  // The rollups read whole and hash-joined to the staff; the staff without a team make a
  // group of their own (team_id null), a row with a null id after the teams.
  const staff = sql`(SELECT u.id, u.team_id FROM users AS u WHERE u.role = 'employee') AS s`;
  const [teams, calls] = await Promise.all([
    sql<
      Pick<TotalsRow, MetricColumn> & {
        id: string | null;
        name: string | null;
        description: string | null;
        employee_count: number;
      }
    >`
      WITH headcount AS (
        SELECT s.team_id, count(*)::int AS employee_count FROM ${staff} GROUP BY s.team_id
      ),
      metrics AS (
        SELECT s.team_id, ${metricSums}
        FROM (${metricRowsIn(w, everyone)}) AS d JOIN ${staff} ON s.id = d.user_id
        GROUP BY s.team_id
      )
      SELECT t.id, t.name, t.description, lower(t.name) AS sort_name,
        coalesce(h.employee_count, 0)::int AS employee_count,
        ${figuresOf('m', metricColumnNames, [])}
      FROM teams AS t
      LEFT JOIN headcount AS h ON h.team_id = t.id
      LEFT JOIN metrics AS m ON m.team_id = t.id
      UNION ALL
      SELECT NULL, NULL, NULL, NULL, h.employee_count, ${figuresOf('m', metricColumnNames, [])}
      FROM headcount AS h
      LEFT JOIN metrics AS m ON m.team_id IS NULL
      WHERE h.team_id IS NULL
      ORDER BY sort_name, id
    `.execute(db),
    sql<CallSums & { team_id: string | null }>`
      SELECT s.team_id, ${callSums}
      FROM (${callRowsIn(w, everyone)}) AS d JOIN ${staff} ON s.id = d.user_id
      GROUP BY s.team_id
    `.execute(db),
  ]);
  const callsOf = new Map(calls.rows.map(({ team_id, ...sums }) => [team_id, sums]));
  return teams.rows.map((team) => ({ ...team, ...(callsOf.get(team.id) ?? noCallSums) }));
}

/** Employees (role employee) in scope, optionally in one team, or one employee. */
function staffInScope(scope: EmployeeScope, filters: EmployeeFilters) {
  return and([
    sql`u.role = 'employee'`,
    ...('all' in scope ? [] : [sql`u.team_id = ${scope.teamId}`]),
    ...(filters.teamId === NO_TEAM
      ? [sql`u.team_id IS NULL`]
      : filters.teamId
        ? [sql`u.team_id = ${filters.teamId}`]
        : []),
    ...(filters.employeeId ? [sql`u.id = ${filters.employeeId}`] : []),
  ]);
}

export interface EmployeeFilters {
  /** A team's id, or NO_TEAM for the employees without one. */
  teamId?: string | undefined;
  employeeId?: string | undefined;
}

/** Username or full name (alias `ei`) contains the search, ignoring case (spec §5). */
function matchesSearch(search: string | undefined) {
  if (!search) return sql`true`;
  const term = search.toLowerCase();
  return sql`(position(${term} in lower(u.username)) > 0
    OR position(${term} in lower(coalesce(ei.full_name, ''))) > 0)`;
}

interface EmployeeColumns {
  id: string;
  username: string;
  full_name: string | null;
  team_id: string | null;
  team_name: string | null;
}

/** A row of the employee cards: a card with the counts, or (`id` null) the counts alone. */
export type CardRow = TotalsRow &
  Omit<EmployeeColumns, 'id'> & {
    id: string | null;
    total: number;
    matching: number;
    /** Null: none flagged. */
    flagged_statuses: string[] | null;
  };

export interface CardFilters {
  teamId?: string | undefined;
  search?: string | undefined;
  /** Only the employees with a flagged status in the window. */
  flagged?: boolean | undefined;
}

/** The card columns a sort orders by (aliases: `s` staff, `f` figures, `g` flags). */
const cardSortKeys = {
  name: sql`lower(coalesce(s.full_name, s.username))`,
  totalCalls: sql`coalesce(f.total_calls, 0)`,
  answerRate: sql`f.inbound_answered::float8 / nullif(f.inbound_offered, 0)`,
  handleTime: sql`f.talk_seconds / nullif(f.handled_calls, 0)`,
  afterCallWork: sql`f.after_call_seconds / nullif(f.handled_calls, 0)`,
  flags: sql`coalesce(g.flag_count, 0)`,
} satisfies Record<EmployeeAnalyticsSortColumn, RawBuilder<unknown>>;

const sortsByFigures = (sort: ListSort<EmployeeAnalyticsSortColumn> | undefined) =>
  sort !== undefined && sort.column !== 'name' && sort.column !== 'flags';

/** Which cards: one page (from 1), or every one (the CSV). */
export type CardsWanted = { page: number; pageSize: number } | 'all';

/**
 * The employee cards: the employees in scope (and team) matching the search and the flagged
 * filter, ordered (by username unless sorted; ties by username, then id, so pages are stable),
 * one page of them with their figures and flagged statuses, and the counts, in one statement.
 * A page past the last serves the last. Every row carries `total` and `matching`; a page with
 * no card is one row whose `id` is null.
 *
 * The figures and flags of every matching employee are summed only when the order or the
 * filter needs them; otherwise the page is chosen from the staff alone and only its employees'
 * rollups are read.
 */
export async function employeeAnalytics(
  db: Db,
  scope: EmployeeScope,
  filters: CardFilters,
  sort: ListSort<EmployeeAnalyticsSortColumn> | undefined,
  wanted: CardsWanted,
  w: AnalyticsWindow,
) {
  const search = filters.search || undefined;
  const needsEveryFigure = sortsByFigures(sort) || wanted === 'all';
  const needsEveryFlag = sort?.column === 'flags' || filters.flagged === true;
  // Every employee: the rollups are read whole, their few non-staff rows dropped by the joins
  // below, which is cheaper than checking every row against the staff.
  const isEveryEmployee = 'all' in scope && !filters.teamId && !search;
  const everyMatching: UserFilter = isEveryEmployee
    ? () => sql`true`
    : (user) => sql`${user} IN (SELECT id FROM staff WHERE is_match)`;
  // An array of at most 100 ids: the planner seeks each one's rollup rows by index, rather
  // than reading a whole rollup table to keep a page's worth of them.
  const onPage: UserFilter = (user) => sql`${user} = ANY (ARRAY(SELECT id FROM page))`;
  const figuresOfUsers = (forUser: UserFilter) => sql`
    SELECT d.user_id, ${figureSums} FROM (${figureRowsIn(w, forUser)}) AS d GROUP BY d.user_id`;

  const order = sort
    ? sql`${cardSortKeys[sort.column]} ${sql.raw(sort.descending ? 'DESC' : 'ASC')} NULLS LAST,
        lower(s.username), s.id`
    : sql`lower(s.username), s.id`;
  const firstPosition =
    wanted === 'all'
      ? sql`0`
      : sql`(least(${wanted.page}::int,
          greatest(1, ceil(count(*)::numeric / ${wanted.pageSize}::int)::int)) - 1)
          * ${wanted.pageSize}::int`;
  const onThePage =
    wanted === 'all'
      ? sql`true`
      : sql`m.position > c.first_position
          AND m.position <= c.first_position + ${wanted.pageSize}::int`;

  // Figures and flags of every matching employee come before the page is chosen when the order
  // or the filter needs them; else after it, of the page's employees only.
  const figuresCte = (forUser: UserFilter) => sql`figures AS (${figuresOfUsers(forUser)})`;
  const flagsCte = (forUser: UserFilter) => sql`flags AS (${flagsIn(w, forUser)})`;
  const before = [
    ...(needsEveryFigure ? [figuresCte(everyMatching)] : []),
    ...(needsEveryFlag ? [flagsCte(everyMatching)] : []),
  ];
  // The CSV has no flags column: unless it is filtered or sorted by them, none are summed.
  const noFlags = sql`flags AS (
    SELECT NULL::uuid AS user_id, NULL::text[] AS flagged_statuses WHERE false)`;
  const after = [
    ...(needsEveryFigure ? [] : [figuresCte(onPage)]),
    ...(needsEveryFlag ? [] : [wanted === 'all' ? noFlags : flagsCte(onPage)]),
  ];
  const result = await sql<CardRow>`
    WITH staff AS (
      SELECT u.id, u.username, ei.full_name, u.team_id, t.name AS team_name,
        ${matchesSearch(search)} AS is_match
      FROM users AS u
      LEFT JOIN employee_info AS ei ON ei.user_id = u.id
      LEFT JOIN teams AS t ON t.id = u.team_id
      WHERE ${staffInScope(scope, { teamId: filters.teamId })}
    ),
    ${before.length ? sql`${sql.join(before)},` : sql``}
    matched AS (
      SELECT s.id, row_number() OVER (ORDER BY ${order}) AS position
      FROM staff AS s
      ${needsEveryFigure ? sql`LEFT JOIN figures AS f ON f.user_id = s.id` : sql``}
      ${needsEveryFlag ? sql`LEFT JOIN flags AS g ON g.user_id = s.id` : sql``}
      WHERE s.is_match ${filters.flagged ? sql`AND g.flag_count > 0` : sql``}
    ),
    counts AS (
      SELECT (SELECT count(*) FROM staff)::int AS total, count(*)::int AS matching,
        ${firstPosition} AS first_position
      FROM matched
    ),
    page AS (
      SELECT m.id, m.position FROM matched AS m CROSS JOIN counts AS c WHERE ${onThePage}
    )
    ${after.length ? sql`, ${sql.join(after)}` : sql``}
    SELECT c.total, c.matching, s.id, s.username, s.full_name, s.team_id, s.team_name,
      ${figuresOf('f')}, g.flagged_statuses
    FROM counts AS c
    LEFT JOIN (
      page AS p
      JOIN staff AS s ON s.id = p.id
      LEFT JOIN figures AS f ON f.user_id = p.id
      LEFT JOIN flags AS g ON g.user_id = p.id
    ) ON true
    ORDER BY p.position
  `.execute(db);
  return result.rows;
}

export interface StatusTimeRecord {
  status: string;
  sessions: number;
  seconds: number;
}

/**
 * One employee, if in scope: their figures, seconds and intervals per status, and how many
 * records of theirs exist at all (what Delete erases). No row: not in scope.
 */
export async function employeeDetail(
  db: Db,
  scope: EmployeeScope,
  employeeId: string,
  w: AnalyticsWindow,
) {
  const result = await sql<
    TotalsRow &
      EmployeeColumns & {
        created_at: Date;
        statuses: StatusTimeRecord[];
        record_calls: number;
        record_status_intervals: number;
        record_sessions: number;
      }
  >`
    WITH employee AS (
      SELECT u.id, u.username, ei.full_name, u.team_id, t.name AS team_name, u.created_at
      FROM users AS u
      LEFT JOIN employee_info AS ei ON ei.user_id = u.id
      LEFT JOIN teams AS t ON t.id = u.team_id
      WHERE ${staffInScope(scope, { employeeId })}
    ),
    figures AS (
      SELECT ${figureSums}
      FROM (${figureRowsIn(w, (user) => sql`${user} IN (SELECT id FROM employee)`)}) AS d
    ),
    intervals AS (${statusTimeIn(w, (user) => sql`${user} IN (SELECT id FROM employee)`)}),
    status_time AS (
      SELECT i.status, sum(i.sessions)::int AS sessions, sum(i.seconds)::float8 AS seconds
      FROM intervals AS i GROUP BY i.status
    )
    SELECT e.id, e.username, e.full_name, e.team_id, e.team_name, e.created_at,
      ${figuresOf('figures')},
      (SELECT coalesce(
         json_agg(json_build_object('status', status, 'sessions', sessions, 'seconds', seconds)),
         '[]'::json)
       FROM status_time) AS statuses,
      -- Every record, counted as the rollups hold it (all time) plus the rows they leave
      -- out, each through a small index: not the employee's whole history read row by row.
      ((SELECT coalesce(sum(total_calls), 0) FROM call_month_totals WHERE user_id = e.id)
        + (SELECT count(*) FROM call_logs WHERE user_id = e.id AND call_status IS NULL)
      )::int AS record_calls,
      ((SELECT coalesce(sum(intervals), 0) FROM status_day_totals WHERE user_id = e.id)
        + (SELECT count(*) FROM employee_status_log WHERE user_id = e.id AND ended_at IS NULL)
        + (SELECT count(*) FROM employee_status_log
           WHERE user_id = e.id AND ended_at IS NOT NULL AND duration_seconds IS NULL)
      )::int AS record_status_intervals,
      (SELECT count(*) FROM employee_sessions WHERE user_id = e.id)::int AS record_sessions
    FROM employee AS e CROSS JOIN figures
  `.execute(db);
  return result.rows[0];
}

export type EmployeeDetailRow = NonNullable<Awaited<ReturnType<typeof employeeDetail>>>;

/** The employee (id, username) if in scope: the CSV export's check and file name. */
export function findEmployeeInScope(db: Db, scope: EmployeeScope, employeeId: string) {
  return sql<{ id: string; username: string }>`
    SELECT u.id, u.username FROM users AS u
    LEFT JOIN employee_info AS ei ON ei.user_id = u.id
    WHERE ${staffInScope(scope, { employeeId })}
  `
    .execute(db)
    .then((result) => result.rows[0]);
}

export interface TimelineRow {
  kind: 'call' | 'status';
  started_at: Date;
  ended_at: Date | null;
  /** Calls: the duration; status intervals: the seconds counted in the window. */
  seconds: number | null;
  status: string | null;
  call_status: string | null;
  call_type: string | null;
  phone_number: string | null;
  notes: string | null;
  /** A call's wrap-up code, if it has one. */
  wrap_up_code: string | null;
}

/**
 * One employee's calls and status intervals in the window, by start: the rows the detail's
 * figures are summed from (the CSV export).
 */
export async function employeeTimeline(db: Db, employeeId: string, w: AnalyticsWindow) {
  const result = await sql<TimelineRow>`
    SELECT 'call' AS kind, c.time_received AS started_at, c.ended_at,
      c.duration_seconds AS seconds, NULL::text AS status, c.call_status, c.call_type,
      c.phone_number, c.notes, code.name AS wrap_up_code
    FROM call_logs AS c LEFT JOIN wrap_up_codes AS code ON code.id = c.wrap_up_code_id
    WHERE c.user_id = ${employeeId} AND ${callsInWindow(w)}
    UNION ALL
    SELECT 'status' AS kind, i.started_at, i.ended_at, i.seconds, i.status, NULL::text,
      NULL::text, NULL::text, NULL::text, NULL::text
    FROM (${statusIntervalsIn(w, sql`l.user_id = ${employeeId}`)}) AS i
    ORDER BY started_at, kind
  `.execute(db);
  return result.rows;
}

/** The employee's answered calls that ended in the window, by wrap-up code (null: none). */
export async function callsByWrapUpCode(db: Db, employeeId: string, w: AnalyticsWindow) {
  const result = await sql<{ name: string | null; calls: number }>`
    SELECT code.name, count(*)::int AS calls
    FROM call_logs AS c LEFT JOIN wrap_up_codes AS code ON code.id = c.wrap_up_code_id
    WHERE c.user_id = ${employeeId} AND ${callsInWindow(w)}
      AND c.call_status = 'answered' AND c.ended_at IS NOT NULL
    GROUP BY code.name
    ORDER BY calls DESC, code.name NULLS LAST
  `.execute(db);
  return result.rows;
}

export type TrendRow = Omit<
  TotalsRow,
  'total_calls' | 'available_seconds' | 'on_call_seconds' | 'after_call_seconds'
> & {
  start: string;
  unit: TrendUnit;
  status_seconds: Record<string, number> | null;
};

/**
 * Calls and status seconds per bucket of the window (a day, a week or a month: `trendUnits`
 * says when) for the employees in scope that `filters` keep, every bucket present, oldest
 * first. All time starts at the first day any of them has a call or a status interval.
 * Closed intervals come from the daily rollups; the open one is split at local midnights live.
 */
export async function trends(
  db: Db,
  scope: EmployeeScope,
  filters: EmployeeFilters,
  w: AnalyticsWindow,
  timeZone: string,
) {
  const today = sql`(${w.now}::timestamptz AT TIME ZONE ${timeZone})::date`;
  const inStaff = (column: RawBuilder<unknown>) => sql`${column} IN (SELECT id FROM staff)`;
  const inBounds = (day: RawBuilder<unknown>) => sql`${day} BETWEEN b.first AND b.last`;
  // Each one's first day read from the head of their part of the primary key (user_id, day…),
  // not the minimum over every row of a large scope.
  const firstDayOf = (rollup: 'call_day_totals' | 'status_day_totals') =>
    sql`SELECT r.day FROM ${sql.table(rollup)} AS r WHERE r.user_id = staff.id ORDER BY r.day LIMIT 1`;
  const result = await sql<TrendRow>`
    WITH staff AS (SELECT u.id FROM users AS u WHERE ${staffInScope(scope, filters)}),
    days AS (
      SELECT coalesce(${w.fromDay}::date, least(
          (SELECT min(f.day) FROM staff, LATERAL (${firstDayOf('call_day_totals')}) AS f),
          (SELECT min(f.day) FROM staff, LATERAL (${firstDayOf('status_day_totals')}) AS f),
          (SELECT min((started_at AT TIME ZONE ${timeZone})::date) FROM employee_status_log
           WHERE ${inStaff(sql.ref('user_id'))} AND ended_at IS NULL)),
          ${today}) AS first,
        coalesce(${w.toDay}::date, ${today}) AS last
    ),
    b AS (
      SELECT days.first, days.last,
        CASE WHEN days.last - days.first < 92 THEN 'day'
             WHEN days.last - days.first < 731 THEN 'week' ELSE 'month' END AS unit
      FROM days
    ),
    buckets AS (
      SELECT s::date AS start FROM b, generate_series(date_trunc(b.unit, b.first),
        b.last, ('1 ' || b.unit)::interval) AS s
    ),
    calls AS (
      SELECT date_trunc(b.unit, d.day)::date AS start, sum(d.answered)::int AS answered,
        sum(d.declined)::int AS declined, sum(d.missed)::int AS missed,
        sum(d.inbound_offered)::int AS inbound_offered,
        sum(d.inbound_answered)::int AS inbound_answered,
        sum(d.handled_calls)::int AS handled_calls, sum(d.talk_seconds)::float8 AS talk_seconds
      FROM (
        SELECT d.day, sum(d.answered) AS answered, sum(d.declined) AS declined,
          sum(d.missed) AS missed, sum(d.inbound_offered) AS inbound_offered,
          sum(d.inbound_answered) AS inbound_answered, sum(d.handled_calls) AS handled_calls,
          sum(d.talk_seconds) AS talk_seconds
        FROM call_day_totals AS d, b
        WHERE ${inStaff(sql.ref('d.user_id'))} AND ${inBounds(sql.ref('d.day'))}
        GROUP BY d.day
      ) AS d, b
      GROUP BY 1
    ),
    status_time AS MATERIALIZED (
      SELECT date_trunc(b.unit, t.day)::date AS start, t.status, sum(t.seconds)::float8 AS seconds
      FROM b, (
        SELECT d.day, d.status, sum(d.seconds) AS seconds
        FROM status_day_totals AS d, b
        WHERE ${inStaff(sql.ref('d.user_id'))} AND ${inBounds(sql.ref('d.day'))}
        GROUP BY d.day, d.status
        UNION ALL
        SELECT p.day, o.status, p.seconds
        FROM (${openIntervalsIn(w, inStaff(sql.ref('l.user_id')))}) AS o
        CROSS JOIN LATERAL (SELECT ${w.start ? sql`greatest(o.started_at, ${w.start}::timestamptz)` : sql`o.started_at`} AS since) AS c
        CROSS JOIN LATERAL interval_day_parts(c.since,
          c.since + make_interval(secs => o.seconds), o.seconds, ${timeZone}) AS p, b
        WHERE ${inBounds(sql.ref('p.day'))}
      ) AS t
      GROUP BY 1, 2
    )
    SELECT to_char(k.start, 'YYYY-MM-DD') AS start, b.unit,
      coalesce(c.answered, 0) AS answered, coalesce(c.declined, 0) AS declined,
      coalesce(c.missed, 0) AS missed, coalesce(c.inbound_offered, 0) AS inbound_offered,
      coalesce(c.inbound_answered, 0) AS inbound_answered,
      coalesce(c.handled_calls, 0) AS handled_calls, coalesce(c.talk_seconds, 0) AS talk_seconds,
      (SELECT json_object_agg(s.status, s.seconds) FROM status_time AS s
       WHERE s.start = k.start AND s.seconds > 0) AS status_seconds
    FROM buckets AS k CROSS JOIN b LEFT JOIN calls AS c ON c.start = k.start
    ORDER BY k.start
  `.execute(db);
  return result.rows;
}
