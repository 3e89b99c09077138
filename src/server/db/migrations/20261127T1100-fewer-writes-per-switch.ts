import { type Kysely, sql } from 'kysely';
import * as agentActBatches from './20261125T0300-agent-act-batches';
import * as agentActInline from './20261125T1800-agent-act-inline';

/**
 * A status switch writes less (issue 8 §2; counted in WAL records with `pg_walinspect`):
 *
 * - the agent's session row for the day is looked at before the upsert: an `ON CONFLICT DO
 *   UPDATE … WHERE` that changes nothing still locks the row it found, a heap write and a WAL
 *   record on every switch, for a row that is nearly always there and open;
 * - the index of the status rows the rollups leave out keeps only the closed ones without a
 *   duration (rare): the open interval, the other half, is already the one-open-interval key's,
 *   so every new interval wrote an entry into two indexes for the same fact. The employee
 *   detail's record count reads the two indexes.
 */
const sessionUpsert = `INSERT INTO employee_sessions AS s (user_id, session_date, session_start)
          VALUES (agent, (at AT TIME ZONE zone)::date, at)
          ON CONFLICT (user_id, session_date) DO UPDATE SET session_end = NULL
          WHERE s.session_end IS NOT NULL;`;

const sessionIfNeeded = `IF NOT EXISTS (SELECT 1 FROM employee_sessions AS s
            WHERE s.user_id = agent AND s.session_date = (at AT TIME ZONE zone)::date
              AND s.session_end IS NULL) THEN
          ${sessionUpsert}
        END IF;`;

if (!agentActInline.inline.includes(sessionUpsert)) {
  throw new Error('agent_act: the session upsert to replace is not where it was');
}

/** This migration's `agent_act` (20261127T1600 replaces it with `agent_act_batch`). */
export const agentAct = agentActBatches.agentAct(
  agentActInline.inline.replace(sessionUpsert, sessionIfNeeded),
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(agentActInline.orReplace(agentAct)).execute(db);
  await sql`DROP INDEX employee_status_log_unrolled_idx`.execute(db);
  await sql`CREATE INDEX employee_status_log_no_duration_idx ON employee_status_log (user_id)
    WHERE ended_at IS NOT NULL AND duration_seconds IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX employee_status_log_no_duration_idx`.execute(db);
  await sql`CREATE INDEX employee_status_log_unrolled_idx ON employee_status_log (user_id)
    WHERE ended_at IS NULL OR duration_seconds IS NULL`.execute(db);
  await sql
    .raw(agentActInline.orReplace(agentActBatches.agentAct(agentActInline.inline)))
    .execute(db);
}
