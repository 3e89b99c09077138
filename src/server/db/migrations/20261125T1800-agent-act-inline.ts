import { type Kysely, sql } from 'kysely';
import * as agentActBatches from './20261125T0300-agent-act-batches';

/**
 * `agent_act` switches the status itself (issue 8 §2): the statements of `switch_agent_status`
 * written in place of its call, which as a nested set-returning PL/pgSQL function cost ~50 µs
 * of each status switch's ~260 (pg_stat_statements under the 1,000-agent load) — the result
 * kept in a tuplestore, an executor started for the call. The same statements, in the same
 * order; `switch_agent_status` stays for `down`.
 */
export const inline = `IF open.id IS NOT NULL THEN
          UPDATE employee_status_log AS l SET ended_at = at,
            duration_seconds = greatest(0, floor(extract(epoch from (at - l.started_at))))::int
          WHERE l.id = open.id;
        END IF;
        INSERT INTO employee_status_log (user_id, status, started_at, set_by)
          VALUES (agent, next_status, at, next_by);
        -- The call centre's day has the agent's session row (left alone if open).
        INSERT INTO employee_sessions AS s (user_id, session_date, session_start)
          VALUES (agent, (at AT TIME ZONE zone)::date, at)
          ON CONFLICT (user_id, session_date) DO UPDATE SET session_end = NULL
          WHERE s.session_end IS NOT NULL;
        SELECT * INTO state FROM agent_state(agent, at, zone);`;

export const orReplace = (statement: string) =>
  statement.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(orReplace(agentActBatches.agentAct(inline))).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(orReplace(agentActBatches.agentAct(agentActBatches.callSwitchAgentStatus)))
    .execute(db);
}
