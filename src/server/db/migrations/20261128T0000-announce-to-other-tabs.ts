import { type Kysely, sql } from 'kysely';
import { agentActBatch } from './20261127T1600-set-based-actions';

/**
 * An action's announcement names the tab that asked for it (issue 8 §2, decision 130): the
 * request's `X-Live-Tab`, the id that tab's live socket gave (its `tab` message), rides in the
 * action as `tab`, and the payload carries it. That tab has the state in its answer already, so
 * no process sends it the same state again over its socket; the agent's other tabs and the floor
 * get it as before. Each action's state had gone to the same browser twice (the answer and the
 * push); the 1,000-agent load, alternated: 1,945–2,079 actions/s against 1,904–1,930 (RESULTS §2).
 */
const announceOld = `PERFORM announce_agent_state(x.channel, x.agent, x.at, x.state) FROM unnest(items) AS x`;
const announceNew = `PERFORM announce_agent_state(x.channel, x.agent, x.at, x.state,
            actions -> x.i ->> 'tab') FROM unnest(items) AS x`;

const previous = agentActBatch.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION');
if (!previous.includes(announceOld)) throw new Error('migration: the announcement was not found');

export async function up(db: Kysely<unknown>): Promise<void> {
  // As the four-argument one (migration 20261125T0100), with the tab; a payload too long for a
  // notification still falls back to the ids alone, which every tab reads afresh.
  await sql
    .raw(
      `CREATE FUNCTION announce_agent_state(channel text, agent uuid, at timestamptz,
        state agent_state_row, tab text)
      RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        payload text := json_build_object('userIds', json_build_array(agent), 'at', at,
          'row', row_to_json(state), 'tab', tab)::text;
      BEGIN
        IF octet_length(payload) > 7000 THEN
          payload := json_build_object('userIds', json_build_array(agent))::text;
        END IF;
        PERFORM pg_notify(channel, payload);
      END $$`,
    )
    .execute(db);
  await sql.raw(previous.replace(announceOld, announceNew)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(previous).execute(db);
  await sql`DROP FUNCTION announce_agent_state(text, uuid, timestamptz, agent_state_row, text)`.execute(
    db,
  );
}
