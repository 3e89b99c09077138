import { sql } from 'kysely';
import type { Db } from '../../platform/database';

const callColumns = [
  'id',
  'phone_number',
  'call_type',
  'call_status',
  'time_received',
  'answered_at',
  'ended_at',
  'duration_seconds',
  'ring_deadline',
  'notes',
] as const;

/** Seconds between `answered_at` and an instant, never negative. */
const secondsSinceAnswer = (at: Date) =>
  sql<number>`greatest(0, floor(extract(epoch from (${at}::timestamptz - answered_at))))::int`;

/** The agent's ringing or in-progress call, if any (the database allows at most one). */
export function findOpenCall(db: Db, userId: string) {
  return db
    .selectFrom('call_logs')
    .select(callColumns)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
}

export type OpenCallRow = NonNullable<Awaited<ReturnType<typeof findOpenCall>>>;

export function findOwnCall(db: Db, userId: string, callId: string) {
  return db
    .selectFrom('call_logs')
    .select(callColumns)
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Ringing → answered, only before its deadline: against a timeout, one of the two wins. */
export function answerRinging(db: Db, userId: string, callId: string, now: Date) {
  return db
    .updateTable('call_logs')
    .set({ call_status: 'answered', answered_at: now })
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .where('call_status', 'is', null)
    .where('ring_deadline', '>', now)
    .returning('id')
    .executeTakeFirst();
}

/**
 * Ringing → declined (only before its deadline, like an answer) or missed (the agent left
 * Available).
 */
export function resolveRinging(
  db: Db,
  userId: string,
  outcome: 'declined' | 'missed',
  now: Date,
  callId?: string,
) {
  let query = db
    .updateTable('call_logs')
    .set({ call_status: outcome, ended_at: now })
    .where('user_id', '=', userId)
    .where('call_status', 'is', null);
  if (callId) query = query.where('id', '=', callId);
  if (outcome === 'declined') query = query.where('ring_deadline', '>', now);
  return query.returning('id').executeTakeFirst();
}

/** An answered call in progress → ended, with its duration. */
export function endActive(db: Db, userId: string, callId: string, now: Date) {
  return db
    .updateTable('call_logs')
    .set({ ended_at: now, duration_seconds: secondsSinceAnswer(now) })
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .where('call_status', '=', 'answered')
    .where('ended_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

export function insertOutbound(db: Db, userId: string, phoneNumber: string, now: Date) {
  return db
    .insertInto('call_logs')
    .values({
      user_id: userId,
      phone_number: phoneNumber,
      call_type: 'outbound',
      call_status: 'answered',
      time_received: now,
      answered_at: now,
    })
    .execute();
}

/** Notes go with a call that was answered, declined or missed, not a ringing offer. */
export function updateNotes(db: Db, userId: string, callId: string, notes: string) {
  return db
    .updateTable('call_logs')
    .set({ notes })
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .where('call_status', 'is not', null)
    .returning(callColumns)
    .executeTakeFirst();
}

/** The Activity Log: the latest calls with an outcome (a ringing offer has none yet). */
export function recentCalls(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('call_logs')
    .select(callColumns)
    .where('user_id', '=', userId)
    .where('call_status', 'is not', null)
    .orderBy('time_received', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type CallRow = Awaited<ReturnType<typeof recentCalls>>[number];

/** The agent's call totals for the call centre's day of `now`. */
export async function totalsToday(db: Db, userId: string, now: Date, timeZone: string) {
  const localDay = sql`date_trunc('day', ${now}::timestamptz AT TIME ZONE ${timeZone})`;
  const result = await sql<{
    day: string;
    calls: number;
    answered: number;
    declined: number;
    missed: number;
    talk_seconds: number;
  }>`
    SELECT to_char(${localDay}, 'YYYY-MM-DD') AS day,
      count(call_status)::int AS calls,
      count(*) FILTER (WHERE call_status = 'answered')::int AS answered,
      count(*) FILTER (WHERE call_status = 'declined')::int AS declined,
      count(*) FILTER (WHERE call_status = 'missed')::int AS missed,
      coalesce(sum(duration_seconds), 0)::int AS talk_seconds
    FROM call_logs
    WHERE user_id = ${userId}
      AND time_received >= (${localDay}) AT TIME ZONE ${timeZone}
      AND time_received < (${localDay} + interval '1 day') AT TIME ZONE ${timeZone}
  `.execute(db);
  return result.rows[0]!;
}
