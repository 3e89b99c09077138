import { sql } from 'kysely';
import type { Db } from '../../src/server/platform/database';

/**
 * The seed's write pattern (spec §3, §4, §7) re-enacted on the same agent-hours: tables shaped
 * like the seed's in a schema of their own (`seed`), and every write the seed's browser would
 * make, each its own request and so its own transaction — the day's session row; per status
 * change the status log row closed and a new one opened, the same in status_history, and a
 * status_timers row the first time a status is used in the session; every second, the
 * current status's timer row updated (`overall_seconds + 1`); per call, its log row inserted
 * (answered calls when answered, then updated with the duration when they end; declined and
 * missed when they end).
 */
export const SEED_SCHEMA = 'seed';

export async function createSeedTables(db: Db) {
  for (const statement of [
    `CREATE SCHEMA IF NOT EXISTS ${SEED_SCHEMA}`,
    `CREATE TABLE ${SEED_SCHEMA}.employee_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL,
      session_date date NOT NULL, session_start timestamptz NOT NULL, session_end timestamptz)`,
    `CREATE TABLE ${SEED_SCHEMA}.employee_status_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, status text NOT NULL,
      started_at timestamptz NOT NULL, ended_at timestamptz, duration_seconds integer)`,
    `CREATE INDEX ON ${SEED_SCHEMA}.employee_status_log (user_id) WHERE ended_at IS NULL`,
    `CREATE TABLE ${SEED_SCHEMA}.status_history (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, session_id uuid NOT NULL,
      status text NOT NULL, started_at timestamptz NOT NULL, ended_at timestamptz,
      duration_seconds integer)`,
    `CREATE INDEX ON ${SEED_SCHEMA}.status_history (user_id) WHERE ended_at IS NULL`,
    `CREATE TABLE ${SEED_SCHEMA}.status_timers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, session_id uuid NOT NULL,
      status text NOT NULL, overall_seconds integer NOT NULL DEFAULT 0,
      current_session_start timestamptz, updated_at timestamptz NOT NULL DEFAULT now())`,
    `CREATE INDEX ON ${SEED_SCHEMA}.status_timers (user_id, session_id, status)`,
    `CREATE TABLE ${SEED_SCHEMA}.call_logs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, phone_number text NOT NULL,
      call_type text NOT NULL, call_status text, time_received timestamptz NOT NULL,
      duration_seconds integer)`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

export interface AgentHour {
  userId: string;
  /** Status intervals that started in the window, in order. */
  intervals: { status: string; startedAt: Date }[];
  /** Calls received in the window with their outcome. */
  calls: {
    id: string;
    callType: 'inbound' | 'outbound';
    callStatus: 'answered' | 'declined' | 'missed' | null;
    phoneNumber: string;
    timeReceived: Date;
    answeredAt: Date | null;
    endedAt: Date | null;
  }[];
}

export type SeedWrite =
  | { kind: 'session'; at: number }
  | { kind: 'status'; at: number; status: string; isNewTimer: boolean }
  | { kind: 'timer'; at: number; status: string }
  | { kind: 'call-insert'; at: number; callId: string; outcome: string }
  | { kind: 'call-duration'; at: number; callId: string };

/**
 * Every write the seed would make for one agent over [from, to), in time order: the session
 * first, then per second the status changes and call writes due by then and the timer tick.
 * The agent starts the window in its initial status (gone_home), as it does on signing in.
 */
export function planSeedWrites(agent: AgentHour, from: number, to: number): SeedWrite[] {
  const events: SeedWrite[] = [];
  const timers = new Set<string>(['gone_home']);
  for (const interval of agent.intervals) {
    const at = interval.startedAt.getTime();
    if (at < from || at >= to) continue;
    events.push({
      kind: 'status',
      at,
      status: interval.status,
      isNewTimer: !timers.has(interval.status),
    });
    timers.add(interval.status);
  }
  for (const call of agent.calls) {
    if (!call.callStatus) continue; // still ringing at the end: the seed has not logged it
    const inserted = call.callStatus === 'answered' ? call.answeredAt : call.endedAt;
    const insertAt = (inserted ?? call.timeReceived).getTime();
    if (insertAt >= from && insertAt < to) {
      events.push({ kind: 'call-insert', at: insertAt, callId: call.id, outcome: call.callStatus });
      const endedAt = call.endedAt?.getTime();
      if (call.callStatus === 'answered' && endedAt !== undefined && endedAt < to) {
        events.push({ kind: 'call-duration', at: endedAt, callId: call.id });
      }
    }
  }
  events.sort((a, b) => a.at - b.at);

  const writes: SeedWrite[] = [{ kind: 'session', at: from }];
  let status = 'gone_home';
  let next = 0;
  for (let second = from; second < to; second += 1000) {
    while (next < events.length && events[next]!.at <= second) {
      const event = events[next++]!;
      if (event.kind === 'status') status = event.status;
      writes.push(event);
    }
    writes.push({ kind: 'timer', at: second, status });
  }
  while (next < events.length) writes.push(events[next++]!);
  return writes;
}

/**
 * Runs one agent's seed writes, each statement on its own (autocommit: its own transaction),
 * on one connection. Its commits do not wait for the WAL flush (synchronous_commit off): the
 * rows and transactions counted are the same, and the hour's 3,600 commits per agent take
 * seconds rather than the minutes a flushed commit each would cost here.
 */
export function executeSeedWrites(db: Db, userId: string, writes: readonly SeedWrite[]) {
  return db.connection().execute(async (connection) => {
    await sql`SET synchronous_commit = off`.execute(connection);
    try {
      await runSeedWrites(connection, userId, writes);
    } finally {
      await sql`RESET synchronous_commit`.execute(connection);
    }
  });
}

async function runSeedWrites(db: Db, userId: string, writes: readonly SeedWrite[]) {
  const s = sql.raw(SEED_SCHEMA);
  let sessionId = '';
  const callIds = new Map<string, string>();
  for (const write of writes) {
    const at = new Date(write.at);
    switch (write.kind) {
      case 'session': {
        const { rows } = await sql<{ id: string }>`
          INSERT INTO ${s}.employee_sessions (user_id, session_date, session_start)
          VALUES (${userId}, ${at}::date, ${at}) RETURNING id`.execute(db);
        sessionId = rows[0]!.id;
        await sql`INSERT INTO ${s}.status_timers (user_id, session_id, status, current_session_start, updated_at)
          VALUES (${userId}, ${sessionId}, 'gone_home', ${at}, ${at})`.execute(db);
        break;
      }
      case 'status': {
        const duration = sql`greatest(0, floor(extract(epoch from (${at}::timestamptz - started_at))))::int`;
        await sql`UPDATE ${s}.employee_status_log SET ended_at = ${at}, duration_seconds = ${duration}
          WHERE user_id = ${userId} AND ended_at IS NULL`.execute(db);
        await sql`INSERT INTO ${s}.employee_status_log (user_id, status, started_at)
          VALUES (${userId}, ${write.status}, ${at})`.execute(db);
        await sql`UPDATE ${s}.status_history SET ended_at = ${at}, duration_seconds = ${duration}
          WHERE user_id = ${userId} AND ended_at IS NULL`.execute(db);
        await sql`INSERT INTO ${s}.status_history (user_id, session_id, status, started_at)
          VALUES (${userId}, ${sessionId}, ${write.status}, ${at})`.execute(db);
        if (write.isNewTimer) {
          await sql`INSERT INTO ${s}.status_timers (user_id, session_id, status, current_session_start, updated_at)
            VALUES (${userId}, ${sessionId}, ${write.status}, ${at}, ${at})`.execute(db);
        }
        break;
      }
      case 'timer':
        await sql`UPDATE ${s}.status_timers SET overall_seconds = overall_seconds + 1, updated_at = ${at}
          WHERE user_id = ${userId} AND session_id = ${sessionId} AND status = ${write.status}`.execute(
          db,
        );
        break;
      case 'call-insert': {
        const { rows } = await sql<{ id: string }>`
          INSERT INTO ${s}.call_logs (user_id, phone_number, call_type, call_status, time_received)
          VALUES (${userId}, '5550100', 'inbound', ${write.outcome}, ${at}) RETURNING id`.execute(
          db,
        );
        callIds.set(write.callId, rows[0]!.id);
        break;
      }
      case 'call-duration':
        await sql`UPDATE ${s}.call_logs SET duration_seconds = 60
          WHERE id = ${callIds.get(write.callId) ?? null}`.execute(db);
        break;
    }
  }
}
