import { sql } from 'kysely';
import type { AgentStatus, StatusSetBy } from '../../../shared/statuses';
import { type ErrorCode, errorCatalogue } from '../../../shared/errors';
import { type Db, executePrepared } from '../../platform/database';
import type { BatchStatement } from '../../platform/batches';
import { AppError } from '../../platform/errors';

/**
 * Locks the agent's row, as every action does, so a transaction doing more than one (the
 * engine's presence hygiene, sign-out) takes turns with them; then reads its open status
 * interval and open (ringing or in-progress) call, in one round trip (`lock_agent`,
 * db/sql/agent-actions.sql).
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

/** What an agent does; the rules of each: `perform_agent_actions` (db/sql/agent-actions.sql). */
export type AgentAction =
  /** `missedInARow`: the system pauses calls (Tech Issues) after that many missed offers. */
  | { kind: 'status'; status: AgentStatus; missedInARow?: number }
  | { kind: 'answer' | 'decline' | 'end'; callId: string }
  | { kind: 'dial'; phoneNumber: string };

/** One agent action as `perform_agent_actions` takes it. */
export interface AgentActionRequest {
  agentId: string;
  action: AgentAction;
  by: StatusSetBy;
  at: Date;
  timeZone: string;
  channel: string;
  /** The asking tab's live id: the announcement names it, and its socket is not sent it. */
  tab?: string;
}

/** What an action answers: the time it used and the agent's state after it. */
export interface AgentActionOutcome {
  at: Date;
  state: AgentStateRead;
}

/**
 * Actions in one statement and transaction (`perform_agent_actions`, db/sql/agent-actions.sql:
 * each kind of write once for all of them, an agent's own actions in the order given): each
 * answers its outcome, or its refusal as an AppError. An action's time is never before what the
 * agent's open interval and latest call hold.
 */
async function performAgentActions(db: Db, requests: readonly AgentActionRequest[]) {
  const actions = JSON.stringify(
    requests.map(({ agentId, action, by, at, timeZone, channel, tab }, ordinal) => ({
      ordinal,
      agent: agentId,
      action: action.kind,
      call: action.kind === 'status' || action.kind === 'dial' ? null : action.callId,
      arg:
        action.kind === 'status'
          ? action.status
          : action.kind === 'dial'
            ? action.phoneNumber
            : null,
      by,
      missed: action.kind === 'status' ? action.missedInARow : undefined,
      at,
      zone: timeZone,
      channel,
      tab,
    })),
  );
  const result = await executePrepared(
    db,
    sql<AgentStateRow & { ordinal: number; at: Date; refusal: string | null }>`
      SELECT performed.ordinal, performed.at, performed.refusal, (performed.state).*
      FROM perform_agent_actions(${actions}::jsonb) AS performed`.compile(db),
  );
  const outcomes: (AgentActionOutcome | Error)[] = [];
  for (const row of result.rows) {
    outcomes[row.ordinal] = row.refusal
      ? Object.hasOwn(errorCatalogue, row.refusal)
        ? new AppError(row.refusal as ErrorCode)
        : new Error(`perform_agent_actions refused with an unknown code: ${row.refusal}`)
      : { at: row.at, state: toStateRead(row) };
  }
  return outcomes;
}

/** A SQLSTATE: PostgreSQL reported the error, and the statement's transaction rolled back. */
const isDatabaseError = (error: unknown) =>
  typeof (error as { code?: unknown }).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as { code: string }).code);

/**
 * Agents' actions as one statement: lock, rules, writes, the status switch, and the agent's
 * state, announced on `channel` when the action changed it (naming the asking `tab`, if any).
 * Run in batches on the server's pool, or alone in a caller's transaction.
 */
export const agentActionStatement: BatchStatement<AgentActionRequest, AgentActionOutcome> = {
  run: performAgentActions,
  rolledBack: isDatabaseError,
};

interface AgentStateRow {
  day: string;
  day_ends_at: Date;
  status: AgentStatus | null;
  set_by: StatusSetBy | null;
  missed_in_a_row: number | null;
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
  changed_at: Date | null;
}

function toStateRead(row: AgentStateRow) {
  return {
    day: row.day,
    dayEndsAt: row.day_ends_at,
    status: row.status,
    setBy: row.set_by,
    missedInARow: row.missed_in_a_row,
    since: row.since,
    seconds: row.seconds ?? {},
    call: row.call_id ? { ...row, id: row.call_id } : undefined,
    changedAt: row.changed_at,
  };
}

export type AgentStateRead = ReturnType<typeof toStateRead>;

/** The state row as `announce_agent_state` sends it (JSON: its instants as text). */
export function stateReadFromAnnouncedRow(json: Record<string, unknown>) {
  const instant = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
  const row = json as unknown as AgentStateRow;
  return toStateRead({
    ...row,
    day_ends_at: instant(json.day_ends_at)!,
    since: instant(json.since),
    time_received: instant(json.time_received)!,
    answered_at: instant(json.answered_at),
    ring_deadline: instant(json.ring_deadline),
    changed_at: instant(json.changed_at),
  });
}

interface AgentStateRequest {
  agentId: string;
  now: Date;
  timeZone: string;
}

/** Agents' states in one statement (`agent_state` for each), in the order given. */
async function readAgentStates(db: Db, requests: readonly AgentStateRequest[]) {
  const reads = JSON.stringify(
    requests.map(({ agentId, now, timeZone }, ordinal) => ({
      ordinal,
      agent: agentId,
      at: now,
      zone: timeZone,
    })),
  );
  const result = await executePrepared(
    db,
    sql<AgentStateRow & { ordinal: number }>`
      SELECT wanted.ordinal, state.*
      FROM jsonb_to_recordset(${reads}::jsonb)
        AS wanted(ordinal int, agent uuid, at timestamptz, zone text)
      CROSS JOIN LATERAL agent_state(wanted.agent, wanted.at, wanted.zone) AS state`.compile(db),
  );
  const states: AgentStateRead[] = [];
  for (const row of result.rows) states[row.ordinal] = toStateRead(row);
  return states;
}

/**
 * Everything the agent's state holds (`agent_state`, db/sql/agent-state.sql): the open
 * status interval, the open call, and the seconds in each status within the call centre's
 * day of `now` (an interval crossing midnight counts in each day for its part; the open one
 * counts up to `now`). A read, so nothing to undo when a batch of them fails.
 */
export const agentStateStatement: BatchStatement<AgentStateRequest, AgentStateRead> = {
  run: readAgentStates,
  rolledBack: () => false,
};

export async function endSessionOfDay(db: Db, userId: string, now: Date, timeZone: string) {
  await sql`
    UPDATE employee_sessions SET session_end = ${now}
    WHERE user_id = ${userId}
      AND session_date = (${now}::timestamptz AT TIME ZONE ${timeZone})::date
      AND session_end IS NULL
  `.execute(db);
}
