-- An agent's change announced to every server process (LISTEN on the live channel), which push
-- it to the agent's open tabs and to the admins watching the live floor (live/live-hub.ts).
-- Sent with NOTIFY inside the change's transaction: delivered on commit, never for a change
-- that rolled back.

-- The payload is `{ userIds, at, row, tab }`: the agent, the time the change used, its state as
-- the database row (agent-state.sql), and the browser tab that asked for it (which has the state
-- in its answer and is not sent it again). A payload too long for a notification (8000 bytes:
-- long call notes) goes as `{ userIds }` alone, and each process reads the state afresh.
CREATE FUNCTION announce_agent_state(
    channel text, agent uuid, at timestamptz, state agent_state_row, tab text)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text := json_build_object('userIds', json_build_array(agent), 'at', at,
    'row', row_to_json(state), 'tab', tab)::text;
BEGIN
  IF octet_length(payload) > 7000 THEN
    payload := json_build_object('userIds', json_build_array(agent))::text;
  END IF;
  PERFORM pg_notify(channel, payload);
END $$;
