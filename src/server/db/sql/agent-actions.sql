-- What an agent does from the softphone — set a status, answer, decline or end a call, dial
-- out — with every rule of it, decided and written here, in one statement. The server sends the
-- agents' own actions waiting for a connection as one batch (the API's status and call routes,
-- through `ctx.batches.agentActions`), so under load each kind of write runs once for many
-- agents; the call engine settling an absent agent sends one action, in its own transaction.
--
-- The rules (modules/presence/agent-rules.test.ts lists them as a table):
-- - On Call and After Call Work are the system's: they follow an answer, a dial and an end,
--   and are set by the system whoever asks.
-- - No status change during a call in progress; leaving the status while a call rings misses it.
-- - Answer and decline only a ringing call of one's own, before its deadline (against the ring
--   timeout one of the two wins); end only one's own call in progress.
-- - Dial only in Out Bound with no call open (the number's form is the API's outboundCallSchema).
-- - Leaving After Call Work needs the call's wrap-up code when the agent's team requires one
--   (the system's ending of it at the team's limit does not).
-- - The same status set by the same changes nothing (an agent choosing Tech Issues the system
--   set makes it theirs).
-- - An action's time is never before what the agent's rows hold (the open interval's start, the
--   latest call's times), so intervals and calls stay in order whichever action took the lock
--   first.
-- A refused action writes nothing and is answered with its error code (src/shared/errors.ts);
-- it never raises, so it undoes none of the other actions of its batch.

-- One action of a batch as it goes through a round: what was asked, what the agent's rows held,
-- what it switches to, its refusal, and the state it leaves. `ordinal` is its place in the batch.
CREATE TYPE agent_action_step AS (
  ordinal int,
  agent uuid,
  action text,
  call uuid,
  arg text,
  at timestamptz,
  zone text,
  channel text,
  open_interval_id uuid,
  open_call_id uuid,
  next_status text,
  next_by text,
  refusal text,
  state agent_state_row
);

-- Locks the agent, as every action does, so a transaction doing more than one thing with the
-- agent (sign-out, the engine's presence hygiene) takes turns with the actions; then reads the
-- open status interval and open call. The read is a statement of its own after the lock, so it
-- sees what the lock's previous holder committed.
CREATE FUNCTION lock_agent(agent uuid)
  RETURNS TABLE (interval_id uuid, status text, set_by text, call_id uuid, call_status text)
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users AS u WHERE u.id = agent FOR NO KEY UPDATE;
  RETURN QUERY
    SELECT i.id, i.status, i.set_by, c.id, c.call_status
    FROM (SELECT 1) AS one
    LEFT JOIN employee_status_log AS i ON i.user_id = agent AND i.ended_at IS NULL
    LEFT JOIN call_logs AS c ON c.user_id = agent AND c.ended_at IS NULL;
END $$;

-- The call whose wrap-up is open: the agent's answered call in progress, or in After Call Work
-- the call it follows, their latest, when it was answered. Null when there is none.
CREATE FUNCTION agent_wrap_up_call(agent uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT c.id FROM call_logs AS c
  WHERE c.user_id = agent AND c.call_status = 'answered'
    AND (c.ended_at IS NULL
      OR (c.id = (SELECT l.id FROM call_logs AS l WHERE l.user_id = agent
            ORDER BY l.time_received DESC LIMIT 1)
        AND EXISTS (SELECT 1 FROM employee_status_log AS s
          WHERE s.user_id = agent AND s.ended_at IS NULL AND s.status = 'after_call')))
  ORDER BY c.ended_at IS NULL DESC LIMIT 1
$$;

-- Whether the agent's team requires a wrap-up code before After Call Work ends (and has an active
-- code to choose).
CREATE FUNCTION agent_must_wrap_up(agent uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM team_members AS m JOIN teams AS t ON t.id = m.team_id
    WHERE m.user_id = agent AND t.wrap_up_required
      AND EXISTS (SELECT 1 FROM wrap_up_codes AS w WHERE w.team_id = t.id AND w.active))
$$;

-- A call action that matched nothing: `code` when the call is the agent's (but past the point
-- the action needs), CALL_NOT_FOUND when it is someone else's or no call at all.
CREATE FUNCTION agent_call_refusal(agent uuid, call uuid, code text)
  RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM call_logs AS c WHERE c.id = call AND c.user_id = agent)
    THEN code ELSE 'CALL_NOT_FOUND' END
$$;

-- A batch of actions: `actions` is a JSON array of { ordinal, agent, action ('status', 'answer',
-- 'decline', 'end', 'dial'), call, arg (the status, or the number dialled), by ('agent' or
-- 'system'), missed (the offers missed in a row that make the system set Tech Issues), at,
-- zone, channel, tab }, `ordinal` its index. Answers, for each, the time it used and
-- either its refusal or the agent's state after it; a state that changed is announced on
-- `channel` (live-announce.sql), naming the asking `tab`.
--
-- Every agent of the batch is locked first, in one order. The batch runs in rounds, each
-- agent's first action in the first, its second in the second, so an agent's actions keep
-- their order and each sees what the one before wrote. A round reads, decides the refusals,
-- writes each kind of change once for all its actions, then reads their states.
--
-- Generic plans: the plan cache would plan a batch of one afresh on every call.
CREATE FUNCTION perform_agent_actions(actions jsonb)
  RETURNS TABLE (ordinal int, at timestamptz, refusal text, state agent_state_row)
  LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  rounds int;
  steps agent_action_step[];
  calls_matched int[];
BEGIN
  PERFORM 1 FROM jsonb_array_elements(actions) AS a
    JOIN users AS u ON u.id = (a->>'agent')::uuid
    ORDER BY u.id FOR NO KEY UPDATE OF u;
  SELECT max(n) INTO rounds FROM (SELECT count(*) AS n FROM jsonb_array_elements(actions)
    AS a GROUP BY a->>'agent') AS per_agent;
  FOR round IN 1..coalesce(rounds, 0) LOOP
    -- The round's actions, an agent's next each, as the previous round (or the lock's previous
    -- holder) left the agent: its open interval and call, and never before what they hold.
    -- Refusals that need no write are decided here.
    SELECT array_agg(ROW(step.ordinal, step.agent, step.action, step.call, step.arg,
        greatest(step.at, open_interval.started_at, latest_call.time_received,
          latest_call.answered_at, latest_call.ended_at),
        step.zone, step.channel, open_interval.id, open_call.id,
        -- The same status set by the same changes nothing.
        CASE WHEN open_interval.status = next_state.status
            AND open_interval.set_by = next_state.by THEN NULL
          ELSE next_state.status END,
        next_state.by,
        CASE
          WHEN step.action = 'status' AND open_call.call_status = 'answered'
            THEN 'CALL_IN_PROGRESS'
          WHEN step.action = 'dial' AND open_call.id IS NOT NULL THEN 'CALL_IN_PROGRESS'
          WHEN step.action = 'dial' AND open_interval.status IS DISTINCT FROM 'out_bound'
            THEN 'OUTBOUND_NEEDS_OUT_BOUND'
          WHEN step.action = 'status' AND step.by = 'agent'
            AND open_interval.status = 'after_call' AND step.arg <> 'after_call'
            AND (SELECT c.wrap_up_code_id IS NULL FROM call_logs AS c
              WHERE c.id = agent_wrap_up_call(step.agent))
            AND agent_must_wrap_up(step.agent) THEN 'WRAP_UP_CODE_REQUIRED'
        END, NULL)::agent_action_step)
      INTO steps
      FROM (SELECT requested.*,
          row_number() OVER (PARTITION BY requested.agent ORDER BY requested.ordinal) AS turn
        FROM jsonb_to_recordset(actions) AS requested(ordinal int, agent uuid, action text,
          call uuid, arg text, by text, at timestamptz, zone text, channel text)) AS step
      -- LIMIT 1 (the keys allow one): looked up for each action, never a scan of them all.
      LEFT JOIN LATERAL (SELECT l.id, l.status, l.set_by, l.started_at
        FROM employee_status_log AS l WHERE l.user_id = step.agent AND l.ended_at IS NULL
        LIMIT 1) AS open_interval ON true
      LEFT JOIN LATERAL (SELECT c.id, c.call_status FROM call_logs AS c
        WHERE c.user_id = step.agent AND c.ended_at IS NULL LIMIT 1) AS open_call ON true
      LEFT JOIN LATERAL (SELECT c.time_received, c.answered_at, c.ended_at
        FROM call_logs AS c WHERE c.user_id = step.agent
        ORDER BY c.time_received DESC LIMIT 1) AS latest_call ON true
      -- The status the action switches to if it succeeds; On Call and After Call Work are the
      -- system's whoever asks.
      CROSS JOIN LATERAL (SELECT CASE step.action WHEN 'status' THEN step.arg
          WHEN 'answer' THEN 'on_call' WHEN 'end' THEN 'after_call' WHEN 'dial' THEN 'on_call'
          END AS status,
        CASE WHEN step.action <> 'status' OR step.arg IN ('on_call', 'after_call') THEN 'system'
          ELSE step.by END AS by) AS next_state
      WHERE step.turn = round;

    -- The calls: answered or declined only before the deadline, ended only while answered;
    -- leaving the status misses a ringing offer (never before it was made). `calls_matched`
    -- holds the call actions that matched their call.
    WITH changed AS (
      UPDATE call_logs AS c SET
        call_status = CASE step.action WHEN 'answer' THEN 'answered'
          WHEN 'decline' THEN 'declined' WHEN 'status' THEN 'missed' ELSE c.call_status END,
        answered_at = CASE WHEN step.action = 'answer' THEN step.at ELSE c.answered_at END,
        ended_at = CASE step.action WHEN 'answer' THEN c.ended_at WHEN 'end' THEN step.at
          ELSE greatest(step.at, c.time_received) END,
        duration_seconds = CASE WHEN step.action = 'end'
          THEN greatest(0, floor(extract(epoch from (step.at - c.answered_at))))::int
          ELSE c.duration_seconds END
      FROM unnest(steps) AS step
      WHERE c.id = CASE step.action WHEN 'status' THEN step.open_call_id ELSE step.call END
        AND step.refusal IS NULL AND c.user_id = step.agent AND CASE step.action
        WHEN 'answer' THEN c.call_status IS NULL AND c.ring_deadline > step.at
        WHEN 'decline' THEN c.call_status IS NULL AND c.ring_deadline > step.at
        WHEN 'end' THEN c.call_status = 'answered' AND c.ended_at IS NULL
        WHEN 'status' THEN c.call_status IS NULL AND step.next_status IS NOT NULL
        ELSE false END
      RETURNING step.ordinal)
    SELECT coalesce(array_agg(changed.ordinal), '{}') INTO calls_matched FROM changed;

    INSERT INTO call_logs (user_id, phone_number, call_type, call_status, time_received,
        answered_at)
      SELECT step.agent, step.arg, 'outbound', 'answered', step.at, step.at
      FROM unnest(steps) AS step
      WHERE step.action = 'dial' AND step.refusal IS NULL;

    -- The status switch of every action let through: the open interval closed, the next
    -- opened, and the call centre's day has the agent's session row (looked at first: an
    -- upsert that changes nothing still writes the row it found).
    UPDATE employee_status_log AS l SET ended_at = step.at,
        duration_seconds = greatest(0, floor(extract(epoch from (step.at - l.started_at))))::int
      FROM unnest(steps) AS step
      WHERE l.id = step.open_interval_id AND step.next_status IS NOT NULL AND step.refusal IS NULL
        AND (step.action NOT IN ('answer', 'decline', 'end')
          OR step.ordinal = ANY (calls_matched));
    INSERT INTO employee_status_log (user_id, status, started_at, set_by, missed_in_a_row)
      SELECT step.agent, step.next_status, step.at, step.next_by,
        (actions -> step.ordinal ->> 'missed')::smallint
      FROM unnest(steps) AS step
      WHERE step.next_status IS NOT NULL AND step.refusal IS NULL
        AND (step.action NOT IN ('answer', 'decline', 'end')
          OR step.ordinal = ANY (calls_matched));
    INSERT INTO employee_sessions AS s (user_id, session_date, session_start)
      SELECT step.agent, (step.at AT TIME ZONE step.zone)::date, step.at
      FROM unnest(steps) AS step
      WHERE step.next_status IS NOT NULL AND step.refusal IS NULL
        AND (step.action NOT IN ('answer', 'decline', 'end')
          OR step.ordinal = ANY (calls_matched))
        AND NOT EXISTS (SELECT 1 FROM employee_sessions AS o
          WHERE o.user_id = step.agent AND o.session_date = (step.at AT TIME ZONE step.zone)::date
            AND o.session_end IS NULL)
      ON CONFLICT (user_id, session_date) DO UPDATE SET session_end = NULL
      WHERE s.session_end IS NOT NULL;

    -- Each action's refusal (a call action that matched nothing) or the agent's state,
    -- announced when the action changed it.
    SELECT array_agg(ROW(step.ordinal, step.agent, step.action, step.call, step.arg, step.at,
        step.zone, step.channel, step.open_interval_id, step.open_call_id, step.next_status,
        step.next_by, outcome.refusal,
        CASE WHEN outcome.refusal IS NULL THEN
          (SELECT s FROM agent_state(step.agent, step.at, step.zone) AS s) END)::agent_action_step)
      INTO steps
      FROM unnest(steps) AS step
      CROSS JOIN LATERAL (SELECT CASE
        WHEN step.refusal IS NOT NULL THEN step.refusal
        WHEN step.action IN ('answer', 'decline', 'end') AND step.ordinal <> ALL (calls_matched)
          THEN agent_call_refusal(step.agent, step.call,
            CASE step.action WHEN 'end' THEN 'CALL_NOT_ACTIVE' ELSE 'CALL_NOT_RINGING' END)
        END AS refusal) AS outcome;
    PERFORM announce_agent_state(step.channel, step.agent, step.at, step.state,
        actions -> step.ordinal ->> 'tab')
      FROM unnest(steps) AS step
      WHERE step.refusal IS NULL AND (step.action <> 'status' OR step.next_status IS NOT NULL);
    RETURN QUERY SELECT step.ordinal, step.at, step.refusal, step.state FROM unnest(steps) AS step;
  END LOOP;
END $$;
