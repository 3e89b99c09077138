import { type Kysely, sql } from 'kysely';

/**
 * The agent's state in constant time (issue 8 §2): `agent_state` — read by every agent action,
 * every offer and every page load — summed every interval of the agent's day (~250 rows late in
 * a shift: ~0.4 ms a read under load). The day's closed intervals are already summed, in the
 * same transaction as each change, in `status_day_totals` (the analytics' rollup, per agent,
 * day and status); the state now reads those rows and adds the open interval's part of the day.
 * As the rollups count it, each closed interval counts its whole seconds (`duration_seconds`),
 * so today's seconds agree with the analytics' figures for today.
 *
 * The rollups count days in `rollup_time_zone()`; when asked about another zone, or inside a
 * bulk load (the triggers stand aside until the rollups are rebuilt), the intervals are summed
 * as before.
 */
const dayTotals = (source: 'rollups' | 'intervals') =>
  source === 'rollups'
    ? `(SELECT json_object_agg(part.status, greatest(0, part.seconds)) FROM (
        SELECT p.status, sum(p.seconds)::int AS seconds FROM (
          SELECT t.status, t.seconds FROM status_day_totals AS t
            WHERE t.user_id = agent AND t.day = bounds.local_day::date
              AND (t.intervals > 0 OR t.seconds > 0)
          UNION ALL
          SELECT open.status, floor(extract(epoch from (
              least(at, bounds.day_end) - greatest(open.started_at, bounds.day_start))))::int
            WHERE open.id IS NOT NULL AND open.started_at < bounds.day_end
        ) AS p
        GROUP BY p.status
      ) AS part)`
    : `(SELECT json_object_agg(part.status, greatest(0, part.seconds)) FROM (
        SELECT log.status, floor(sum(extract(epoch from (
          least(coalesce(log.ended_at, at), bounds.day_end)
          - greatest(log.started_at, bounds.day_start)
        ))))::int AS seconds
        FROM employee_status_log AS log
        WHERE log.user_id = agent
          AND log.started_at < bounds.day_end
          AND coalesce(log.ended_at, at) > bounds.day_start
        GROUP BY log.status
      ) AS part)`;

/** `agent_state` counting `seconds`; with `tail`, more columns and joins (20261126T1500). */
export const agentState = (
  seconds: string,
  tail = { columns: '', joins: '' },
) => `CREATE OR REPLACE FUNCTION agent_state(agent uuid,
    at timestamptz, zone text)
  RETURNS SETOF agent_state_row LANGUAGE sql STABLE AS $$
  SELECT to_char(bounds.local_day, 'YYYY-MM-DD'), bounds.day_end, open.status, open.set_by,
    open.started_at, ${seconds},
    call.id, call.phone_number, call.call_type, call.call_status, call.time_received,
    call.answered_at, call.ring_deadline, call.notes${tail.columns}
  FROM (
    SELECT local_day, local_day AT TIME ZONE zone AS day_start,
      (local_day + interval '1 day') AT TIME ZONE zone AS day_end
    FROM (SELECT date_trunc('day', at AT TIME ZONE zone) AS local_day) AS day
  ) AS bounds
  LEFT JOIN employee_status_log AS open ON open.user_id = agent AND open.ended_at IS NULL
  LEFT JOIN call_logs AS call ON call.user_id = agent AND call.ended_at IS NULL${tail.joins}
  $$`;

/** Today's seconds from the rollups where they count the day asked about. */
export const secondsFromRollups = `CASE WHEN zone = rollup_time_zone()
        AND coalesce(current_setting('switchboard.bulk_load', true), '') <> 'on'
      THEN ${dayTotals('rollups')} ELSE ${dayTotals('intervals')} END`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(agentState(secondsFromRollups)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(agentState(dayTotals('intervals'))).execute(db);
}
