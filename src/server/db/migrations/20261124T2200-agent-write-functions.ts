import { type Kysely, sql } from 'kysely';

/**
 * The agent's write path in fewer round trips (issue 8 §2). Every statement sent costs a round
 * trip through both processes' network stacks and the server's one event loop — its `writev`
 * to PostgreSQL was ~40 % of its CPU under load — so the two steps every status change and
 * call action takes are each one call:
 *
 * - `lock_agent`: lock the agent's row, then read its open interval and open call. Two
 *   statements still, inside the function: a locking join that had to wait would return the
 *   rows it first saw (the interval the lock's previous holder just closed), while a statement
 *   started after the lock sees what that holder committed (each statement of a PL/pgSQL
 *   function takes a fresh snapshot under READ COMMITTED).
 * - `switch_agent_status`: close the open interval (if any), open the next one, make sure the
 *   call centre's day has the agent's session row (left alone if open: no row version written
 *   on every change), and answer the agent's state as it now is (`agent_state`), which the
 *   change returns and announces.
 * - `agent_state`: the agent's state — open interval, open call, today's seconds per status —
 *   as one row (the read `readAgentState` sends, and the switch's answer).
 *
 * The rules (which change is allowed, who set it) stay in the services; these only read and
 * write.
 */
const statements = [
  `CREATE FUNCTION lock_agent(agent uuid)
    RETURNS TABLE (interval_id uuid, status text, set_by text, call_id uuid, call_status text)
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM users AS u WHERE u.id = agent FOR NO KEY UPDATE;
      RETURN QUERY
        SELECT i.id, i.status, i.set_by, c.id, c.call_status
        FROM (SELECT 1) AS one
        LEFT JOIN employee_status_log AS i ON i.user_id = agent AND i.ended_at IS NULL
        LEFT JOIN call_logs AS c ON c.user_id = agent AND c.ended_at IS NULL;
    END $$`,
  `CREATE TYPE agent_state_row AS (day text, day_ends_at timestamptz, status text, set_by text,
    since timestamptz, seconds json, call_id uuid, phone_number text, call_type text,
    call_status text, time_received timestamptz, answered_at timestamptz,
    ring_deadline timestamptz, notes text)`,
  // The call centre's day of `at` in `zone`: an interval crossing midnight counts in each day
  // for its part; the open one counts up to `at`.
  `CREATE FUNCTION agent_state(agent uuid, at timestamptz, zone text)
    RETURNS SETOF agent_state_row LANGUAGE sql STABLE AS $$
    SELECT to_char(bounds.local_day, 'YYYY-MM-DD'), bounds.day_end, open.status, open.set_by,
      open.started_at,
      (SELECT json_object_agg(part.status, greatest(0, part.seconds)) FROM (
        SELECT log.status, floor(sum(extract(epoch from (
          least(coalesce(log.ended_at, at), bounds.day_end)
          - greatest(log.started_at, bounds.day_start)
        ))))::int AS seconds
        FROM employee_status_log AS log
        WHERE log.user_id = agent
          AND log.started_at < bounds.day_end
          AND coalesce(log.ended_at, at) > bounds.day_start
        GROUP BY log.status
      ) AS part),
      call.id, call.phone_number, call.call_type, call.call_status, call.time_received,
      call.answered_at, call.ring_deadline, call.notes
    FROM (
      SELECT local_day, local_day AT TIME ZONE zone AS day_start,
        (local_day + interval '1 day') AT TIME ZONE zone AS day_end
      FROM (SELECT date_trunc('day', at AT TIME ZONE zone) AS local_day) AS day
    ) AS bounds
    LEFT JOIN employee_status_log AS open ON open.user_id = agent AND open.ended_at IS NULL
    LEFT JOIN call_logs AS call ON call.user_id = agent AND call.ended_at IS NULL
    $$`,
  `CREATE FUNCTION switch_agent_status(agent uuid, open_interval uuid, next_status text,
      next_set_by text, at timestamptz, zone text)
    RETURNS SETOF agent_state_row LANGUAGE plpgsql AS $$
    BEGIN
      IF open_interval IS NOT NULL THEN
        UPDATE employee_status_log AS l SET ended_at = at,
          duration_seconds = greatest(0, floor(extract(epoch from (at - l.started_at))))::int
        WHERE l.id = open_interval;
      END IF;
      INSERT INTO employee_status_log (user_id, status, started_at, set_by)
        VALUES (agent, next_status, at, next_set_by);
      INSERT INTO employee_sessions AS s (user_id, session_date, session_start)
        VALUES (agent, (at AT TIME ZONE zone)::date, at)
        ON CONFLICT (user_id, session_date) DO UPDATE SET session_end = NULL
        WHERE s.session_end IS NOT NULL;
      RETURN QUERY SELECT * FROM agent_state(agent, at, zone);
    END $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION switch_agent_status(uuid, uuid, text, text, timestamptz, text)`.execute(
    db,
  );
  await sql`DROP FUNCTION agent_state(uuid, timestamptz, text)`.execute(db);
  await sql`DROP TYPE agent_state_row`.execute(db);
  await sql`DROP FUNCTION lock_agent(uuid)`.execute(db);
}
