import { sql } from 'kysely';
import type { AgentStatus } from '../../../shared/statuses';
import type { Db } from '../../platform/database';

export function findOpenInterval(db: Db, userId: string) {
  return db
    .selectFrom('employee_status_log')
    .select(['id', 'status', 'started_at'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
}

/** Serialises status changes of one agent: two tabs changing at once take turns. */
export async function lockAgent(db: Db, userId: string) {
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function closeInterval(db: Db, id: string, at: Date) {
  await db
    .updateTable('employee_status_log')
    .set({
      ended_at: at,
      duration_seconds: sql<number>`greatest(0, floor(extract(epoch from (${at}::timestamptz - started_at))))::int`,
    })
    .where('id', '=', id)
    .execute();
}

export async function openInterval(db: Db, userId: string, status: AgentStatus, at: Date) {
  await db
    .insertInto('employee_status_log')
    .values({ user_id: userId, status, started_at: at })
    .execute();
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
 * Seconds in each status within the call centre's day of `now`; an interval crossing
 * midnight counts in each day for its part, and the open one counts up to `now`.
 */
export async function secondsPerStatusToday(db: Db, userId: string, now: Date, timeZone: string) {
  const { day, start, end } = dayBounds(now, timeZone);
  const result = await sql<{
    day: string;
    day_ends_at: Date;
    status: AgentStatus | null;
    seconds: number | null;
  }>`
    SELECT ${day} AS day, ${end} AS day_ends_at, log.status,
      floor(sum(extract(epoch from (
        least(coalesce(log.ended_at, ${now}::timestamptz), ${end})
        - greatest(log.started_at, ${start})
      ))))::int AS seconds
    FROM (SELECT 1) AS one
    LEFT JOIN employee_status_log AS log
      ON log.user_id = ${userId}
     AND log.started_at < ${end}
     AND coalesce(log.ended_at, ${now}::timestamptz) > ${start}
    GROUP BY log.status
  `.execute(db);
  const rows = result.rows;
  return {
    day: rows[0]!.day,
    dayEndsAt: rows[0]!.day_ends_at,
    seconds: Object.fromEntries(
      rows
        .filter((row) => row.status !== null)
        .map((row) => [row.status, Math.max(0, row.seconds ?? 0)]),
    ) as Partial<Record<AgentStatus, number>>,
  };
}

/**
 * Today's session row (one per agent per call-centre day): created, or reopened if ended. An
 * open row is left alone (no row version written on every status change).
 */
export async function openSessionOfDay(db: Db, userId: string, now: Date, timeZone: string) {
  await sql`
    INSERT INTO employee_sessions (user_id, session_date, session_start)
    VALUES (${userId}, (${now}::timestamptz AT TIME ZONE ${timeZone})::date, ${now})
    ON CONFLICT (user_id, session_date) DO UPDATE SET session_end = NULL
    WHERE employee_sessions.session_end IS NOT NULL
  `.execute(db);
}

export async function endSessionOfDay(db: Db, userId: string, now: Date, timeZone: string) {
  await sql`
    UPDATE employee_sessions SET session_end = ${now}
    WHERE user_id = ${userId}
      AND session_date = (${now}::timestamptz AT TIME ZONE ${timeZone})::date
      AND session_end IS NULL
  `.execute(db);
}
