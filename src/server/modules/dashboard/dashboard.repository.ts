import { sql } from 'kysely';
import type { Db } from '../../platform/database';
import type { EmployeeScope } from '../employees/employees.repository';

/**
 * Every count the dashboard shows, in one query within the viewer's scope. Months are the
 * call centre's calendar months (`timeZone`), starting from `now`.
 */
export async function dashboardCounts(db: Db, scope: EmployeeScope, now: Date, timeZone: string) {
  const teamFilter = 'all' in scope ? sql`true` : sql`team_id = ${scope.teamId}`;
  const result = await sql<{
    total: number;
    new_this_month: number;
    new_last_month: number;
    before_this_month: number;
    calls_total: number;
    calls_answered: number;
  }>`
    WITH months AS (
      SELECT date_trunc('month', ${now}::timestamptz AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone} AS this_month,
             (date_trunc('month', ${now}::timestamptz AT TIME ZONE ${timeZone}) - interval '1 month') AT TIME ZONE ${timeZone} AS last_month
    ),
    staff AS (
      SELECT id, created_at FROM users WHERE role = 'employee' AND ${teamFilter}
    ),
    calls AS (
      -- From the monthly rollups (call_month_totals): a row per agent and month, not every call.
      SELECT coalesce(sum(total_calls), 0)::int AS total,
             coalesce(sum(answered), 0)::int AS answered
      FROM call_month_totals
      WHERE user_id IN (SELECT id FROM staff)
    )
    SELECT
      (SELECT count(*) FROM staff)::int AS total,
      (SELECT count(*) FROM staff, months WHERE created_at >= this_month)::int AS new_this_month,
      (SELECT count(*) FROM staff, months
        WHERE created_at >= last_month AND created_at < this_month)::int AS new_last_month,
      (SELECT count(*) FROM staff, months WHERE created_at < this_month)::int AS before_this_month,
      calls.total AS calls_total,
      calls.answered AS calls_answered
    FROM calls
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('the dashboard query returned no row');
  return row;
}

/** What the sparkline of the teams card counts: every team, one team's members, or nothing. */
export type TeamTrendScope = { all: true } | { teamId: string } | null;

/**
 * The cards' figures per day of the last `days` days up to `now`'s, in `timeZone`: employees
 * registered by the day's end and on the day, the teams card's count by the day's end, and the
 * calls with an outcome (from the daily rollups). Oldest first.
 */
export async function dashboardTrend(
  db: Db,
  scope: EmployeeScope,
  teams: TeamTrendScope,
  now: Date,
  timeZone: string,
  days: number,
) {
  const teamFilter = 'all' in scope ? sql`true` : sql`team_id = ${scope.teamId}`;
  const teamCount = !teams
    ? sql`NULL::int`
    : 'all' in teams
      ? sql`(SELECT count(*) FROM teams WHERE created_at < d.day_end)::int`
      : sql`(SELECT count(*) FROM team_members
             WHERE team_id = ${teams.teamId} AND created_at < d.day_end)::int`;
  const result = await sql<{
    day: string;
    employees: number;
    registrations: number;
    teams: number | null;
    calls_total: number;
    calls_answered: number;
  }>`
    WITH d AS (
      SELECT s.day, s.day::timestamp AT TIME ZONE ${timeZone} AS day_start,
        (s.day + 1)::timestamp AT TIME ZONE ${timeZone} AS day_end
      FROM (
        SELECT generate_series(today - ${days - 1}::int, today, interval '1 day')::date AS day
        FROM (SELECT (${now}::timestamptz AT TIME ZONE ${timeZone})::date AS today) AS t
      ) AS s
    ),
    staff AS (SELECT id, created_at FROM users WHERE role = 'employee' AND ${teamFilter}),
    calls AS (
      SELECT c.day, sum(c.total_calls)::int AS total, sum(c.answered)::int AS answered
      FROM call_day_totals AS c
      WHERE c.user_id IN (SELECT id FROM staff) AND c.day >= (SELECT min(day) FROM d)
      GROUP BY c.day
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
      (SELECT count(*) FROM staff WHERE created_at < d.day_end)::int AS employees,
      (SELECT count(*) FROM staff
       WHERE created_at >= d.day_start AND created_at < d.day_end)::int AS registrations,
      ${teamCount} AS teams,
      coalesce(calls.total, 0) AS calls_total, coalesce(calls.answered, 0) AS calls_answered
    FROM d LEFT JOIN calls ON calls.day = d.day
    ORDER BY d.day
  `.execute(db);
  return result.rows;
}

export async function countTeams(db: Db) {
  const row = await db
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findTeamWithMemberCount(db: Db, teamId: string) {
  return db
    .selectFrom('teams')
    .select(['teams.id', 'teams.name'])
    .select((eb) =>
      eb
        .selectFrom('team_members')
        .whereRef('team_members.team_id', '=', 'teams.id')
        .select(eb.fn.countAll<number>().as('count'))
        .as('member_count'),
    )
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
}

/** The newest employees in scope. */
export function newestEmployees(db: Db, scope: EmployeeScope, limit: number) {
  let query = db
    .selectFrom('users')
    .select(['id', 'username', 'created_at'])
    .where('role', '=', 'employee');
  if (!('all' in scope)) query = query.where('team_id', '=', scope.teamId);
  return query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}
