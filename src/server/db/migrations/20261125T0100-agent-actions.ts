import { type Kysely, sql } from 'kysely';

/**
 * Each of the agent's actions — set a status, answer, decline, end, dial — as one statement
 * (issue 8 §2): `agent_act` locks the agent, checks the action's rules, writes, switches the
 * status, reads the agent's state and announces it (NOTIFY, delivered on commit), in the
 * statement's own transaction. Under load the server's `writev` to PostgreSQL was ~44 % of its
 * busy CPU with five round trips per action (BEGIN, lock, change, NOTIFY, COMMIT); it is one
 * now. The call engine settles absent agents through the same function, in its transaction.
 *
 * - The time: the service reads its clock when the action is asked for, before the statement
 *   waits for a connection and the agent's lock, so a change that held the lock first may have
 *   written a later time; the action's time is never before what the agent's open interval and
 *   latest call hold (`at` is returned as used), so the agent's intervals and calls stay in
 *   order.
 * - A refused action raises SQLSTATE `SB001` with the error code as its message, before any
 *   write; the service turns it into that error.
 * - `announce_agent_state`: the live payload, `{ userIds, at, row }` with the state as its
 *   database row, or only `{ userIds }` when that would not fit a notification (8000 bytes:
 *   long call notes), and each process reads the state afresh. (`row`, not the API's `state`
 *   that processes before this sent: a process of either version reads afresh what it does
 *   not understand.)
 */
const statements = [
  `CREATE FUNCTION announce_agent_state(channel text, agent uuid, at timestamptz,
      state agent_state_row)
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      payload text := json_build_object('userIds', json_build_array(agent), 'at', at,
        'row', row_to_json(state))::text;
    BEGIN
      IF octet_length(payload) > 7000 THEN
        payload := json_build_object('userIds', json_build_array(agent))::text;
      END IF;
      PERFORM pg_notify(channel, payload);
    END $$`,
  `CREATE FUNCTION agent_refusal(code text) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION USING ERRCODE = 'SB001', MESSAGE = code;
    END $$`,
  // A call action that matched nothing: the call is the agent's but past that point, or not
  // the agent's (or no call at all).
  `CREATE FUNCTION agent_call_refusal(agent uuid, call uuid, code text)
    RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM agent_refusal(CASE
        WHEN EXISTS (SELECT 1 FROM call_logs AS c WHERE c.id = call AND c.user_id = agent)
        THEN code ELSE 'CALL_NOT_FOUND' END);
    END $$`,
  `CREATE FUNCTION agent_act(agent uuid, action text, call uuid, arg text, by text,
      INOUT at timestamptz, zone text, channel text, OUT state agent_state_row)
    LANGUAGE plpgsql AS $$
    DECLARE
      open employee_status_log;
      current call_logs;
      latest call_logs;
      next_status text;
      next_by text;
      done uuid;
    BEGIN
      PERFORM 1 FROM users AS u WHERE u.id = agent FOR NO KEY UPDATE;
      -- Statements of their own after the lock: they see what its previous holder committed.
      SELECT * INTO open FROM employee_status_log AS l
        WHERE l.user_id = agent AND l.ended_at IS NULL;
      SELECT * INTO current FROM call_logs AS c WHERE c.user_id = agent AND c.ended_at IS NULL;
      -- Never before what the lock's previous holders wrote: the agent's open interval and its
      -- latest call (a decline or a missed ring closes one without a status change).
      SELECT * INTO latest FROM call_logs AS c WHERE c.user_id = agent
        ORDER BY c.time_received DESC LIMIT 1;
      at := greatest(at, open.started_at, latest.time_received, latest.answered_at,
        latest.ended_at);

      CASE action
      WHEN 'status' THEN
        -- Not during a call (a ringing offer is missed below, if the status changes).
        IF current.call_status = 'answered' THEN PERFORM agent_refusal('CALL_IN_PROGRESS'); END IF;
        next_status := arg;
      WHEN 'answer' THEN
        -- Only before its deadline: against a ring timeout, one of the two wins.
        UPDATE call_logs AS c SET call_status = 'answered', answered_at = at
          WHERE c.id = call AND c.user_id = agent AND c.call_status IS NULL
            AND c.ring_deadline > at
          RETURNING c.id INTO done;
        IF done IS NULL THEN PERFORM agent_call_refusal(agent, call, 'CALL_NOT_RINGING'); END IF;
        next_status := 'on_call';
      WHEN 'decline' THEN
        UPDATE call_logs AS c SET call_status = 'declined', ended_at = greatest(at, c.time_received)
          WHERE c.id = call AND c.user_id = agent AND c.call_status IS NULL
            AND c.ring_deadline > at
          RETURNING c.id INTO done;
        IF done IS NULL THEN PERFORM agent_call_refusal(agent, call, 'CALL_NOT_RINGING'); END IF;
      WHEN 'end' THEN
        UPDATE call_logs AS c SET ended_at = at,
            duration_seconds = greatest(0, floor(extract(epoch from (at - c.answered_at))))::int
          WHERE c.id = call AND c.user_id = agent AND c.call_status = 'answered'
            AND c.ended_at IS NULL
          RETURNING c.id INTO done;
        IF done IS NULL THEN PERFORM agent_call_refusal(agent, call, 'CALL_NOT_ACTIVE'); END IF;
        next_status := 'after_call';
      WHEN 'dial' THEN
        IF current.id IS NOT NULL THEN PERFORM agent_refusal('CALL_IN_PROGRESS'); END IF;
        IF open.status IS DISTINCT FROM 'out_bound' THEN
          PERFORM agent_refusal('OUTBOUND_NEEDS_OUT_BOUND');
        END IF;
        INSERT INTO call_logs (user_id, phone_number, call_type, call_status, time_received,
            answered_at)
          VALUES (agent, arg, 'outbound', 'answered', at, at);
        next_status := 'on_call';
      END CASE;

      -- On Call and After Call Work are the system's whoever asks; the same status set by the
      -- same changes nothing (an agent choosing Tech Issues the system set makes it theirs).
      next_by := CASE WHEN next_status IN ('on_call', 'after_call') THEN 'system' ELSE by END;
      IF open.status = next_status AND open.set_by = next_by THEN next_status := NULL; END IF;

      IF action = 'status' THEN
        IF next_status IS NULL THEN
          SELECT * INTO state FROM agent_state(agent, at, zone);
          RETURN;
        END IF;
        -- The agent leaves Available: a ringing offer is missed (never before it was made).
        UPDATE call_logs AS c SET call_status = 'missed', ended_at = greatest(at, c.time_received)
          WHERE c.id = current.id AND c.call_status IS NULL;
      END IF;

      IF next_status IS NULL THEN
        SELECT * INTO state FROM agent_state(agent, at, zone);
      ELSE
        SELECT * INTO state
          FROM switch_agent_status(agent, open.id, next_status, next_by, at, zone);
      END IF;
      PERFORM announce_agent_state(channel, agent, at, state);
    END $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION agent_act(uuid, text, uuid, text, text, timestamptz, text, text)`.execute(
    db,
  );
  await sql`DROP FUNCTION agent_call_refusal(uuid, uuid, text)`.execute(db);
  await sql`DROP FUNCTION agent_refusal(text)`.execute(db);
  await sql`DROP FUNCTION announce_agent_state(text, uuid, timestamptz, agent_state_row)`.execute(
    db,
  );
}
