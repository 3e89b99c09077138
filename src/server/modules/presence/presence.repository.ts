import { sql } from 'kysely';
import type { AgentStatus, StatusSetBy } from '../../../shared/statuses';
import { type ErrorCode, errorCatalogue } from '../../../shared/errors';
import { type Db, executePrepared } from '../../platform/database';
import { AppError } from '../../platform/errors';

/**
 * Locks the agent's row, as every action does (`agent_act`), so a transaction doing more than
 * one (the engine's presence hygiene, sign-out) takes turns with them; then reads its open
 * status interval and open (ringing or in-progress) call, in one round trip (`lock_agent`,
 * migration 20261124T2200: the read is a statement of its own after the lock, so it sees what
 * the lock's previous holder committed).
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

/** What an agent does (`agent_act`, migration 20261125T0100). */
export type AgentAction =
  | { kind: 'status'; status: AgentStatus }
  | { kind: 'answer' | 'decline' | 'end'; callId: string }
  | { kind: 'dial'; phoneNumber: string };

/** The error `agent_act` raises for a refused action, its message the error code. */
const REFUSED = 'SB001';

/**
 * The agent's action in one statement (`agent_act`): lock, rules, writes, the status switch,
 * and the agent's state, announced on `channel` when the action changed it. Its own
 * transaction, or part of the caller's. Answers the time it used (never before what the
 * agent's open interval and latest call hold) and the state; a refusal is thrown as its
 * AppError.
 */
export async function act(
  db: Db,
  userId: string,
  action: AgentAction,
  by: StatusSetBy,
  at: Date,
  timeZone: string,
  channel: string,
) {
  const call = action.kind === 'status' || action.kind === 'dial' ? null : action.callId;
  const arg =
    action.kind === 'status' ? action.status : action.kind === 'dial' ? action.phoneNumber : null;
  try {
    const result = await executePrepared(
      db,
      sql<AgentStateRow & { at: Date }>`SELECT a.at, (a.state).*
        FROM agent_act(${userId}, ${action.kind}, ${call}, ${arg}, ${by}, ${at}, ${timeZone},
          ${channel}) AS a`.compile(db),
    );
    const row = result.rows[0]!;
    return { at: row.at, state: toStateRead(row) };
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code === REFUSED && typeof message === 'string' && Object.hasOwn(errorCatalogue, message)) {
      throw new AppError(message as ErrorCode);
    }
    throw error;
  }
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

/** The state row as `announce_agent_state` sends it (JSON: its instants as text). */
export function stateReadFromJson(json: Record<string, unknown>) {
  const instant = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
  const row = json as unknown as AgentStateRow;
  return toStateRead({
    ...row,
    day_ends_at: instant(json.day_ends_at)!,
    since: instant(json.since),
    time_received: instant(json.time_received)!,
    answered_at: instant(json.answered_at),
    ring_deadline: instant(json.ring_deadline),
  });
}

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
