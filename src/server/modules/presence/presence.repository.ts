import { sql } from 'kysely';
import type { AgentStatus, StatusSetBy } from '../../../shared/statuses';
import { type ErrorCode, errorCatalogue } from '../../../shared/errors';
import { type Db, executePrepared } from '../../platform/database';
import { batchable } from '../../platform/batches';
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

/** What an agent does; the rules of each are `agent_act_batch`'s (db/sql/agent-actions.sql). */
export type AgentAction =
  | { kind: 'status'; status: AgentStatus }
  | { kind: 'answer' | 'decline' | 'end'; callId: string }
  | { kind: 'dial'; phoneNumber: string };

/** One agent action as `agent_act_batch` takes it. */
interface ActRequest {
  userId: string;
  action: AgentAction;
  by: StatusSetBy;
  at: Date;
  timeZone: string;
  channel: string;
  /** The asking tab's live id: the announcement names it, and its socket is not sent it. */
  tab?: string;
}

/**
 * Actions in one statement and transaction (`agent_act_batch`, db/sql/agent-actions.sql: each
 * kind of write once for all of them, an agent's own actions in the order asked): each answers
 * the time it used and the agent's state, or its refusal as an AppError.
 */
export async function actInOne(db: Db, requests: readonly ActRequest[]) {
  const actions = JSON.stringify(
    requests.map(({ userId, action, by, at, timeZone, channel, tab }, i) => ({
      i,
      agent: userId,
      action: action.kind,
      call: action.kind === 'status' || action.kind === 'dial' ? null : action.callId,
      arg:
        action.kind === 'status'
          ? action.status
          : action.kind === 'dial'
            ? action.phoneNumber
            : null,
      by,
      at,
      zone: timeZone,
      channel,
      tab,
    })),
  );
  const result = await executePrepared(
    db,
    sql<AgentStateRow & { i: number; at: Date; refusal: string | null }>`
      SELECT a.i, a.at, a.refusal, (a.state).* FROM agent_act_batch(${actions}::jsonb) AS a`.compile(
      db,
    ),
  );
  const answers: ({ at: Date; state: AgentStateRead } | Error)[] = [];
  for (const row of result.rows) {
    answers[row.i] = row.refusal
      ? Object.hasOwn(errorCatalogue, row.refusal)
        ? new AppError(row.refusal as ErrorCode)
        : new Error(`agent_act_batch refused with an unknown code: ${row.refusal}`)
      : { at: row.at, state: toStateRead(row) };
  }
  return answers;
}

/** A SQLSTATE: PostgreSQL reported the error, and the statement's transaction rolled back. */
const isDatabaseError = (error: unknown) =>
  typeof (error as { code?: unknown }).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as { code: string }).code);

/**
 * The agent's action in one statement (`agent_act_batch`): lock, rules, writes, the status switch,
 * and the agent's state, announced on `channel` when the action changed it (naming the asking
 * `tab`, if any). On the server's pool in batches (`agentActions.batchOn` in app.ts, decision
 * 104; each action keeps its own time and outcome), otherwise alone, in the caller's
 * transaction if `db` is one. Answers the time it used (never before what the agent's open
 * interval and latest call hold) and the state; a refusal is thrown as its AppError.
 */
export const agentActions = batchable(actInOne, isDatabaseError);

export function act(
  db: Db,
  userId: string,
  action: AgentAction,
  by: StatusSetBy,
  at: Date,
  timeZone: string,
  channel: string,
  tab?: string,
) {
  return agentActions.submit(db, { userId, action, by, at, timeZone, channel, tab });
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
  changed_at: Date | null;
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
    changedAt: row.changed_at,
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
    changed_at: instant(json.changed_at),
  });
}

interface StateRequest {
  userId: string;
  now: Date;
  timeZone: string;
}

/** Agents' states in one statement (`agent_state` for each), in the order asked. */
async function readAgentStates(db: Db, requests: readonly StateRequest[]) {
  const reads = JSON.stringify(
    requests.map(({ userId, now, timeZone }, i) => ({ i, agent: userId, at: now, zone: timeZone })),
  );
  const result = await executePrepared(
    db,
    sql<AgentStateRow & { i: number }>`
      SELECT x.i, s.*
      FROM jsonb_to_recordset(${reads}::jsonb) AS x(i int, agent uuid, at timestamptz, zone text)
      CROSS JOIN LATERAL agent_state(x.agent, x.at, x.zone) AS s`.compile(db),
  );
  const states: AgentStateRead[] = [];
  for (const row of result.rows) states[row.i] = toStateRead(row);
  return states;
}

/**
 * Everything the agent's state holds (`agent_state`, db/sql/agent-state.sql): the open
 * status interval, the open call, and the seconds in each status within the call centre's
 * day of `now` (an interval crossing midnight counts in each day for its part; the open one
 * counts up to `now`). On the server's pool in batches (`agentStateReads.batchOn`: page loads
 * and the live pushes after the engine's offers, a read with nothing to undo).
 */
export const agentStateReads = batchable(readAgentStates, () => false);

export function readAgentState(db: Db, userId: string, now: Date, timeZone: string) {
  return agentStateReads.submit(db, { userId, now, timeZone });
}

export async function endSessionOfDay(db: Db, userId: string, now: Date, timeZone: string) {
  await sql`
    UPDATE employee_sessions SET session_end = ${now}
    WHERE user_id = ${userId}
      AND session_date = (${now}::timestamptz AT TIME ZONE ${timeZone})::date
      AND session_end IS NULL
  `.execute(db);
}
