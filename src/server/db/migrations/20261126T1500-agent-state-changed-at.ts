import { type Kysely, sql } from 'kysely';
import { agentState, secondsFromRollups } from './20261125T0400-agent-state-from-rollups';

/**
 * The agent's state says when it last changed (`changed_at`): the latest of the open
 * interval's start and the agent's latest call's times (a decline or a missed ring changes the
 * state without a new interval). Every change is stamped no earlier than that (`agent_act`'s
 * `at`), so it orders the states a page receives where the time each was computed cannot: a
 * change is stamped when asked for and commits once it has the agent's lock, and a read stamped
 * in between misses it yet was computed later (decision 126).
 */
export const changedAt = {
  columns: `,
    greatest(open.started_at, latest.time_received, latest.answered_at, latest.ended_at)`,
  joins: `
  LEFT JOIN LATERAL (
    SELECT c.time_received, c.answered_at, c.ended_at FROM call_logs AS c
    WHERE c.user_id = agent ORDER BY c.time_received DESC LIMIT 1
  ) AS latest ON true`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TYPE agent_state_row ADD ATTRIBUTE changed_at timestamptz`.execute(db);
  await sql.raw(agentState(secondsFromRollups, changedAt)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION agent_state(uuid, timestamptz, text)`.execute(db);
  await sql`ALTER TYPE agent_state_row DROP ATTRIBUTE changed_at`.execute(db);
  await sql.raw(agentState(secondsFromRollups)).execute(db);
}
