import { sql } from 'kysely';
import type { AgentStatus, StatusSetBy } from '../../../shared/statuses';
import { type Db, executePrepared } from '../../platform/database';

/**
 * Serialises the changes of one agent (two tabs, a call action, the engine take turns) by
 * locking its row, then reads its open status interval and open (ringing or in-progress)
 * call, in one round trip (`lock_agent`, migration 20261124T2200: the read is a statement of
 * its own after the lock, so it sees what the lock's previous holder committed).
 */
export async function lockAgent(db: Db, userId: string) {
  const result = await executePrepared(
    db,
    sql<{
      interval_id: string | null;
      status: AgentStatus | null;
      set_by: StatusSetBy | null;
      call_id: string | null;
      call_status: string | null;
    }>`SELECT * FROM lock_agent(${userId})`.compile(db),
  );
  const row = result.rows[0]!;
  return {
    interval: row.interval_id
      ? { id: row.interval_id, status: row.status!, setBy: row.set_by! }
      : undefined,
    call: row.call_id ? { id: row.call_id, callStatus: row.call_status } : undefined,
  };
}

export type LockedAgent = Awaited<ReturnType<typeof lockAgent>>;

/**
 * Closes the open interval `openId` (if any) at `at`, opens the next one, and makes sure the
 * call centre's day (in `timeZone`) has the agent's session row; answers the agent's state as
 * it now is. One round trip (`switch_agent_status`, migration 20261124T2200). The caller holds
 * the agent's lock.
 */
export async function switchInterval(
  db: Db,
  userId: string,
  openId: string | undefined,
  next: { status: AgentStatus; setBy: StatusSetBy },
  at: Date,
  timeZone: string,
) {
  const result = await executePrepared(
    db,
    sql<AgentStateRow>`SELECT * FROM switch_agent_status(${userId}, ${openId ?? null},
      ${next.status}, ${next.setBy}, ${at}, ${timeZone})`.compile(db),
  );
  return toStateRead(result.rows[0]!);
}

interface AgentStateRow {
  day: string;
  day_ends_at: Date;
  status: AgentStatus | null;
  set_by: StatusSetBy | null;
  since: Date | null;
  seconds: Partial<Record<AgentStatus, number>> | null;
  call_id: string | null;
  phone_number: string;
  call_type: 'inbound' | 'outbound';
  call_status: 'answered' | null;
  time_received: Date;
  answered_at: Date | null;
  ring_deadline: Date | null;
  notes: string | null;
}

function toStateRead(row: AgentStateRow) {
  return {
    day: row.day,
    dayEndsAt: row.day_ends_at,
    status: row.status,
    setBy: row.set_by,
    since: row.since,
    seconds: row.seconds ?? {},
    call: row.call_id ? { ...row, id: row.call_id } : undefined,
  };
}

export type AgentStateRead = ReturnType<typeof toStateRead>;

/**
 * Everything the agent's state holds, in one round trip (`agent_state`, migration
 * 20261124T2200): the open status interval, the open call, and the seconds in each status
 * within the call centre's day of `now` (an interval crossing midnight counts in each day for
 * its part; the open one counts up to `now`).
 */
export async function readAgentState(db: Db, userId: string, now: Date, timeZone: string) {
  const result = await executePrepared(
    db,
    sql<AgentStateRow>`SELECT * FROM agent_state(${userId}, ${now}, ${timeZone})`.compile(db),
  );
  return toStateRead(result.rows[0]!);
}

export async function endSessionOfDay(db: Db, userId: string, now: Date, timeZone: string) {
  await sql`
    UPDATE employee_sessions SET session_end = ${now}
    WHERE user_id = ${userId}
      AND session_date = (${now}::timestamptz AT TIME ZONE ${timeZone})::date
      AND session_end IS NULL
  `.execute(db);
}
