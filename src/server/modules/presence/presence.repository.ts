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
 * call centre's day (in `timeZone`) has the agent's session row: one round trip
 * (`switch_agent_status`, migration 20261124T2200). The caller holds the agent's lock.
 */
export async function switchInterval(
  db: Db,
  userId: string,
  openId: string | undefined,
  next: { status: AgentStatus; setBy: StatusSetBy },
  at: Date,
  timeZone: string,
) {
  await executePrepared(
    db,
    sql`SELECT switch_agent_status(${userId}, ${openId ?? null}, ${next.status}, ${next.setBy},
      ${at}, ${timeZone})`.compile(db),
  );
}

/** The call centre's calendar day of an instant, and that day's bounds, in `timeZone`. */
function dayBounds(now: Date, timeZone: string) {
  const localDay = sql`date_trunc('day', ${now}::timestamptz AT TIME ZONE ${timeZone})`;
  return {
    day: sql<string>`to_char(${localDay}, 'YYYY-MM-DD')`,
    start: sql`(${localDay}) AT TIME ZONE ${timeZone}`,
    end: sql`(${localDay} + interval '1 day') AT TIME ZONE ${timeZone}`,
  };
}

/**
 * Everything the agent's state holds, in one round trip: the open status interval, the open
 * call, and the seconds in each status within the call centre's day of `now` (an interval
 * crossing midnight counts in each day for its part; the open one counts up to `now`).
 */
export async function readAgentState(db: Db, userId: string, now: Date, timeZone: string) {
  const { day, start, end } = dayBounds(now, timeZone);
  const result = await executePrepared(
    db,
    sql<{
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
    }>`
    SELECT ${day} AS day, ${end} AS day_ends_at, open.status, open.set_by,
      open.started_at AS since,
      (SELECT json_object_agg(part.status, greatest(0, part.seconds)) FROM (
        SELECT log.status, floor(sum(extract(epoch from (
          least(coalesce(log.ended_at, ${now}::timestamptz), ${end})
          - greatest(log.started_at, ${start})
        ))))::int AS seconds
        FROM employee_status_log AS log
        WHERE log.user_id = ${userId}
          AND log.started_at < ${end}
          AND coalesce(log.ended_at, ${now}::timestamptz) > ${start}
        GROUP BY log.status
      ) AS part) AS seconds,
      call.id AS call_id, call.phone_number, call.call_type, call.call_status,
      call.time_received, call.answered_at, call.ring_deadline, call.notes
    FROM (SELECT 1) AS one
    LEFT JOIN employee_status_log AS open ON open.user_id = ${userId} AND open.ended_at IS NULL
    LEFT JOIN call_logs AS call ON call.user_id = ${userId} AND call.ended_at IS NULL
  `.compile(db),
  );
  const row = result.rows[0]!;
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

export async function endSessionOfDay(db: Db, userId: string, now: Date, timeZone: string) {
  await sql`
    UPDATE employee_sessions SET session_end = ${now}
    WHERE user_id = ${userId}
      AND session_date = (${now}::timestamptz AT TIME ZONE ${timeZone})::date
      AND session_end IS NULL
  `.execute(db);
}
