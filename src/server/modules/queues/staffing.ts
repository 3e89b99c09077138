import { type Expression, sql } from 'kysely';
import { agentsNeeded } from './erlang-c';

/**
 * A handled queue call's handle time in seconds: its talk time and the After Call Work that
 * began as it ended (open: up to `now`). `c` is the call's row, `s` that status interval.
 */
export const handleSecondsOf = (now: Date) => sql<number>`
  extract(epoch FROM c.ended_at - c.answered_at)
    + coalesce(extract(epoch FROM coalesce(s.ended_at, ${now}::timestamptz) - s.started_at), 0)`;

/** The After Call Work that began as call `c` ended, if any, as `s`. */
export const afterCallOfCall = sql`LEFT JOIN employee_status_log s ON s.user_id = c.user_id
  AND s.started_at = c.ended_at AND s.status = 'after_call'`;

/**
 * One row, `handle_seconds`: the average handle time of the team's latest 100 handled queue
 * calls, of those whose caller arrived in the hour before `now` when there are any (null
 * before the first call ends).
 */
export function recentHandleSeconds(teamId: Expression<string>, now: Date) {
  return sql<{ handle_seconds: number | null }>`
    SELECT coalesce(
        avg(h.seconds) FILTER (WHERE h.arrived_at > ${now}::timestamptz - interval '1 hour'),
        avg(h.seconds))::float8 AS handle_seconds
    FROM (
      SELECT q.arrived_at, ${handleSecondsOf(now)} AS seconds
      FROM queue_callers q
      JOIN call_logs c ON c.caller_id = q.id AND c.call_status = 'answered'
        AND c.ended_at IS NOT NULL
      ${afterCallOfCall}
      WHERE q.team_id = ${teamId} AND q.outcome = 'answered'
      ORDER BY q.arrived_at DESC LIMIT 100
    ) h`;
}

/**
 * The agents Erlang C says the team needs to meet its service-level target at this rate and
 * handle time; null while the handle time is unknown.
 */
export function agentsNeededFor(
  callsPerHour: number,
  handleSeconds: number | null,
  team: { service_level_seconds: number; service_level_target_percent: number },
) {
  if (handleSeconds === null) return null;
  return agentsNeeded(
    { callsPerHour, handleSeconds },
    team.service_level_seconds,
    team.service_level_target_percent,
  );
}

/**
 * Callers answered within the threshold ÷ callers answered or abandoned (every abandoned one
 * counts against it), in %; null before anyone has either.
 */
export function serviceLevelPercent(figures: {
  answered_within: number;
  answered: number;
  abandoned: number;
}) {
  const resolved = figures.answered + figures.abandoned;
  return resolved === 0 ? null : (100 * figures.answered_within) / resolved;
}
