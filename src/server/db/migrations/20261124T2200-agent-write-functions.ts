import { type Kysely, sql } from 'kysely';

/**
 * The agent's write path in fewer round trips (issue 8 §2). Every statement sent costs a round
 * trip through both processes' network stacks — the server's `writev` to PostgreSQL was half
 * its CPU under load — so the two steps every status change and call action takes are each
 * one call:
 *
 * - `lock_agent`: lock the agent's row, then read its open interval and open call. Two
 *   statements still, inside the function: a locking join that had to wait would return the
 *   rows it first saw (the interval the lock's previous holder just closed), while a statement
 *   started after the lock sees what that holder committed (each statement of a PL/pgSQL
 *   function takes a fresh snapshot under READ COMMITTED).
 * - `switch_agent_status`: close the open interval (if any), open the next one and make sure
 *   the call centre's day has the agent's session row (left alone if open: no row version
 *   written on every change).
 *
 * The rules (which change is allowed, who set it) stay in the services; these only write.
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
  `CREATE FUNCTION switch_agent_status(agent uuid, open_interval uuid, next_status text,
      next_set_by text, at timestamptz, zone text)
    RETURNS void LANGUAGE plpgsql AS $$
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
    END $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION switch_agent_status(uuid, uuid, text, text, timestamptz, text)`.execute(
    db,
  );
  await sql`DROP FUNCTION lock_agent(uuid)`.execute(db);
}
