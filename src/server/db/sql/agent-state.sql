-- The agent's state: what the softphone shows and the live floor lists — the open status
-- interval (status, who set it and why, since when), the open call (ringing or in progress), the
-- seconds in each status within the call centre's day, and when the state last changed.
-- Read on every page load and live push (presence.repository `agentStateStatement`, several
-- agents in one statement) and answered by every agent action (agent-actions.sql).

-- One agent's state as a row; its JSON (`row_to_json`) is also what an action announces to the
-- other processes (live-announce.sql), so its field names are the live payload's.
CREATE TYPE agent_state_row AS (
  day text,
  day_ends_at timestamptz,
  status text,
  set_by text,
  missed_in_a_row smallint,
  since timestamptz,
  seconds json,
  call_id uuid,
  phone_number text,
  call_type text,
  call_status text,
  time_received timestamptz,
  answered_at timestamptz,
  ring_deadline timestamptz,
  notes text,
  changed_at timestamptz
);

-- The state of `agent` at `at`, its day the local day of `at` in `zone`.
--
-- Today's seconds: the day's closed intervals come from the rollups (status_day_totals, kept in
-- the same transaction as each change), plus the open interval's part of the day up to `at`; an
-- interval that crossed midnight counts in each day for its part. Where the rollups do not
-- count this day (another zone asked for, or inside a bulk load, when the triggers stand aside)
-- the day's intervals are summed instead. The rollups' zone is a scalar subquery, read once a
-- statement where the function is inlined into a read of many agents' states.
--
-- `changed_at` orders the states a page receives: the latest of the open interval's start and
-- the agent's latest call's times (a decline or a missed ring changes the state without a new
-- interval). Every action is stamped no earlier than that, so a state read while an action
-- waited for the agent's lock is never taken for a newer one.
CREATE FUNCTION agent_state(agent uuid, at timestamptz, zone text)
  RETURNS SETOF agent_state_row LANGUAGE sql STABLE AS $$
  SELECT to_char(bounds.local_day, 'YYYY-MM-DD'), bounds.day_end, open.status, open.set_by,
    open.missed_in_a_row, open.started_at,
    CASE WHEN zone = (SELECT rollup_time_zone())
        AND coalesce(current_setting('switchboard.bulk_load', true), '') <> 'on'
      THEN (SELECT json_object_agg(part.status, greatest(0, part.seconds)) FROM (
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
      ) AS part)
      ELSE (SELECT json_object_agg(part.status, greatest(0, part.seconds)) FROM (
        SELECT log.status, floor(sum(extract(epoch from (
          least(coalesce(log.ended_at, at), bounds.day_end)
          - greatest(log.started_at, bounds.day_start)
        ))))::int AS seconds
        FROM employee_status_log AS log
        WHERE log.user_id = agent
          AND log.started_at < bounds.day_end
          AND coalesce(log.ended_at, at) > bounds.day_start
        GROUP BY log.status
      ) AS part)
    END,
    call.id, call.phone_number, call.call_type, call.call_status, call.time_received,
    call.answered_at, call.ring_deadline, call.notes,
    greatest(open.started_at, latest.time_received, latest.answered_at, latest.ended_at)
  FROM (
    SELECT local_day, local_day AT TIME ZONE zone AS day_start,
      (local_day + interval '1 day') AT TIME ZONE zone AS day_end
    FROM (SELECT date_trunc('day', at AT TIME ZONE zone) AS local_day) AS day
  ) AS bounds
  LEFT JOIN employee_status_log AS open ON open.user_id = agent AND open.ended_at IS NULL
  LEFT JOIN call_logs AS call ON call.user_id = agent AND call.ended_at IS NULL
  LEFT JOIN LATERAL (
    SELECT c.time_received, c.answered_at, c.ended_at FROM call_logs AS c
    WHERE c.user_id = agent ORDER BY c.time_received DESC LIMIT 1
  ) AS latest ON true
$$;
