import { type Kysely, sql } from 'kysely';
import * as agentActions from './20261125T0100-agent-actions';

/**
 * Agent actions in batches (issue 8 §2): under load the server sends the actions waiting for
 * a connection as one statement, one transaction (presence/action-batches.ts). In a batch a
 * refused action must not undo the others, so `agent_act` answers its refusal (`refusal`, the
 * error code) instead of raising it; every refusal is decided before the action writes
 * anything, so nothing of it is left to undo. The rest is 20261125T0100's `agent_act`.
 */

/**
 * `agent_act` with `switchStatus`: the statements that close the open interval (`open`), open
 * `next_status` set by `next_by` and read the agent's `state` (20261125T1800 inlines them).
 */
export const agentAct = (switchStatus: string) =>
  `CREATE FUNCTION agent_act(agent uuid, action text, call uuid, arg text, by text,
      INOUT at timestamptz, zone text, channel text, OUT state agent_state_row,
      OUT refusal text)
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
        IF current.call_status = 'answered' THEN refusal := 'CALL_IN_PROGRESS'; RETURN; END IF;
        next_status := arg;
      WHEN 'answer' THEN
        -- Only before its deadline: against a ring timeout, one of the two wins.
        UPDATE call_logs AS c SET call_status = 'answered', answered_at = at
          WHERE c.id = call AND c.user_id = agent AND c.call_status IS NULL
            AND c.ring_deadline > at
          RETURNING c.id INTO done;
        IF done IS NULL THEN
          refusal := agent_call_refusal(agent, call, 'CALL_NOT_RINGING');
          RETURN;
        END IF;
        next_status := 'on_call';
      WHEN 'decline' THEN
        UPDATE call_logs AS c SET call_status = 'declined', ended_at = greatest(at, c.time_received)
          WHERE c.id = call AND c.user_id = agent AND c.call_status IS NULL
            AND c.ring_deadline > at
          RETURNING c.id INTO done;
        IF done IS NULL THEN
          refusal := agent_call_refusal(agent, call, 'CALL_NOT_RINGING');
          RETURN;
        END IF;
      WHEN 'end' THEN
        UPDATE call_logs AS c SET ended_at = at,
            duration_seconds = greatest(0, floor(extract(epoch from (at - c.answered_at))))::int
          WHERE c.id = call AND c.user_id = agent AND c.call_status = 'answered'
            AND c.ended_at IS NULL
          RETURNING c.id INTO done;
        IF done IS NULL THEN
          refusal := agent_call_refusal(agent, call, 'CALL_NOT_ACTIVE');
          RETURN;
        END IF;
        next_status := 'after_call';
      WHEN 'dial' THEN
        IF current.id IS NOT NULL THEN refusal := 'CALL_IN_PROGRESS'; RETURN; END IF;
        IF open.status IS DISTINCT FROM 'out_bound' THEN
          refusal := 'OUTBOUND_NEEDS_OUT_BOUND';
          RETURN;
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
        ${switchStatus}
      END IF;
      PERFORM announce_agent_state(channel, agent, at, state);
    END $$`;

/** The status switch as this migration's `agent_act` makes it: a call. */
export const callSwitchAgentStatus = `SELECT * INTO state
          FROM switch_agent_status(agent, open.id, next_status, next_by, at, zone);`;

const statements = [
  `DROP FUNCTION agent_act(uuid, text, uuid, text, text, timestamptz, text, text)`,
  `DROP FUNCTION agent_call_refusal(uuid, uuid, text)`,
  `DROP FUNCTION agent_refusal(text)`,
  // A call action that matched nothing: the call is the agent's but past that point, or not
  // the agent's (or no call at all).
  `CREATE FUNCTION agent_call_refusal(agent uuid, call uuid, code text)
    RETURNS text LANGUAGE sql STABLE AS $$
      SELECT CASE
        WHEN EXISTS (SELECT 1 FROM call_logs AS c WHERE c.id = call AND c.user_id = agent)
        THEN code ELSE 'CALL_NOT_FOUND' END
    $$`,
  agentAct(callSwitchAgentStatus),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION agent_act(uuid, text, uuid, text, text, timestamptz, text, text)`.execute(
    db,
  );
  await sql`DROP FUNCTION agent_call_refusal(uuid, uuid, text)`.execute(db);
  await sql`DROP FUNCTION announce_agent_state(text, uuid, timestamptz, agent_state_row)`.execute(
    db,
  );
  await agentActions.up(db);
}
