import { type Kysely, sql } from 'kysely';
import { agentState, secondsFromRollups } from './20261125T0400-agent-state-from-rollups';
import { changedAt } from './20261126T1500-agent-state-changed-at';

/**
 * The rollups' zone read once for a statement, not once for each agent's state in it (issue 8
 * §2): `agent_state` compared the zone asked about with `rollup_time_zone()`, a PL/pgSQL call
 * (a lookup in `app_settings`) made again for every row — every action of a batch. As a scalar
 * subquery it is an init plan, evaluated once where the function is inlined into the batch's
 * read of its states (and each page load's).
 */
const once = secondsFromRollups.replace(
  'zone = rollup_time_zone()',
  'zone = (SELECT rollup_time_zone())',
);
if (once === secondsFromRollups) throw new Error('migration: the zone comparison was not found');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(agentState(once, changedAt)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(agentState(secondsFromRollups, changedAt)).execute(db);
}
