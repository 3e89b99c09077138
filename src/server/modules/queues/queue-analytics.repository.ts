import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/database';
import type { AnalyticsWindow } from '../analytics/analytics.repository';
import type { EmployeeScope } from '../employees/employees.repository';
import { afterCallOfCall, handleSecondsOf } from './staffing';

/** A span's callers by outcome, as queue_callers rows `q` of teams `t` count them. */
export interface QueueCountsRow {
  callers: number;
  answered: number;
  abandoned: number;
  answered_within: number;
  speed_of_answer: number | null;
  time_to_abandon: number | null;
}

/** The counts of QueueCountsRow over callers `q` of teams `t`. */
export const callerCounts = sql`count(*)::int AS callers,
  count(*) FILTER (WHERE q.outcome = 'answered')::int AS answered,
  count(*) FILTER (WHERE q.outcome = 'abandoned')::int AS abandoned,
  count(*) FILTER (WHERE q.outcome = 'answered'
    AND q.ended_at <= q.arrived_at + make_interval(secs => t.service_level_seconds))::int
    AS answered_within,
  avg(extract(epoch FROM q.ended_at - q.arrived_at))
    FILTER (WHERE q.outcome = 'answered')::float8 AS speed_of_answer,
  avg(extract(epoch FROM q.ended_at - q.arrived_at))
    FILTER (WHERE q.outcome = 'abandoned')::float8 AS time_to_abandon`;

/** Callers `q` who arrived in the window. */
function arrivedIn(window: AnalyticsWindow) {
  const from = window.start ? sql`q.arrived_at >= ${window.start}` : sql`true`;
  const to = window.end ? sql`q.arrived_at < ${window.end}` : sql`true`;
  return sql`${from} AND ${to}`;
}

/** Where the interval `minutes` long that `q.arrived_at` falls in starts (see intervalOrigin). */
const intervalOf = (minutes: number, origin: Date) =>
  sql<Date>`date_bin(make_interval(mins => ${minutes}), q.arrived_at, ${origin}::timestamptz)`;

/** The average handle time of the team `t`'s callers answered in the window, ended calls. */
function handleSecondsIn(window: AnalyticsWindow) {
  return sql<number | null>`(
    SELECT avg(${handleSecondsOf(window.now)})::float8
    FROM queue_callers q
    JOIN call_logs c ON c.caller_id = q.id AND c.call_status = 'answered'
      AND c.ended_at IS NOT NULL
    ${afterCallOfCall}
    WHERE q.team_id = t.id AND q.outcome = 'answered' AND ${arrivedIn(window)})`;
}

export interface QueueTeamRow extends QueueCountsRow {
  team_id: string;
  name: string;
  service_level_seconds: number;
  service_level_target_percent: number;
  /** The most callers who arrived in one half hour of the window. */
  peak_callers: number;
  handle_seconds: number | null;
}

/**
 * The teams of `scope` in queue mode or with callers in the window, by name: their callers'
 * counts, busiest half hour and handle time.
 */
export async function queueTeams(
  db: Db,
  scope: EmployeeScope,
  window: AnalyticsWindow,
  origin: Date,
) {
  const inScope = 'all' in scope ? sql`true` : sql`t.id = ${scope.teamId}`;
  const result = await sql<QueueTeamRow>`
    SELECT t.id AS team_id, t.name, t.service_level_seconds, t.service_level_target_percent,
      figures.*, coalesce(peak.callers, 0) AS peak_callers, ${handleSecondsIn(window)} AS handle_seconds
    FROM teams t
    CROSS JOIN LATERAL (
      SELECT ${callerCounts} FROM queue_callers q WHERE q.team_id = t.id AND ${arrivedIn(window)}
    ) figures
    CROSS JOIN LATERAL (
      SELECT max(n)::int AS callers FROM (
        SELECT count(*) AS n FROM queue_callers q WHERE q.team_id = t.id AND ${arrivedIn(window)}
        GROUP BY ${intervalOf(30, origin)}) half_hours
    ) peak
    WHERE ${inScope} AND (t.inbound_mode = 'queue' OR figures.callers > 0)
    ORDER BY t.name_key
  `.execute(db);
  return result.rows;
}

/** The team if it is in `scope`, with its service-level goal and handle time in the window. */
export async function queueTeam(
  db: Db,
  scope: EmployeeScope,
  teamId: string,
  window: AnalyticsWindow,
) {
  const inScope = 'all' in scope ? sql`true` : sql`t.id = ${scope.teamId}`;
  const result = await sql<
    Omit<QueueTeamRow, keyof QueueCountsRow | 'peak_callers'> & { first_arrival: Date | null }
  >`
    SELECT t.id AS team_id, t.name, t.service_level_seconds, t.service_level_target_percent,
      ${handleSecondsIn(window)} AS handle_seconds,
      (SELECT min(q.arrived_at) FROM queue_callers q
        WHERE q.team_id = t.id AND ${arrivedIn(window)}) AS first_arrival
    FROM teams t WHERE t.id = ${teamId} AND ${inScope}
  `.execute(db);
  return result.rows[0];
}

export interface QueueIntervalRow extends QueueCountsRow {
  start: Date;
}

/** The team's callers of the window by interval of `minutes`, intervals with callers only. */
export async function queueIntervals(
  db: Db,
  teamId: string,
  window: AnalyticsWindow,
  origin: Date,
  minutes: number,
) {
  const interval: RawBuilder<Date> = intervalOf(minutes, origin);
  const result = await sql<QueueIntervalRow>`
    SELECT ${interval} AS start, ${callerCounts}
    FROM queue_callers q JOIN teams t ON t.id = q.team_id
    WHERE q.team_id = ${teamId} AND ${arrivedIn(window)}
    GROUP BY 1 ORDER BY 1
  `.execute(db);
  return result.rows;
}
