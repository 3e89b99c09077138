import { sql } from 'kysely';
import { type Db, executePrepared } from '../../platform/database';

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

export function findOwnCall(db: Db, userId: string, callId: string) {
  return db
    .selectFrom('call_logs')
    .select(callColumns)
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Ringing → answered, only before its deadline: against a timeout, one of the two wins. */
export async function answerRinging(db: Db, userId: string, callId: string, now: Date) {
  const query = db
    .updateTable('call_logs')
    .set({ call_status: 'answered', answered_at: now })
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .where('call_status', 'is', null)
    .where('ring_deadline', '>', now)
    .returning('id');
  return (await executePrepared(db, query.compile())).rows[0];
}

/**
 * Ringing → declined (only before its deadline, like an answer) or missed (the agent left
 * Available).
 */
export async function resolveRinging(
  db: Db,
  userId: string,
  outcome: 'declined' | 'missed',
  now: Date,
  callId?: string,
) {
  let query = db
    .updateTable('call_logs')
    // Never before the offer: another process's engine may have offered it a moment later.
    .set({
      call_status: outcome,
      ended_at: sql<Date>`greatest(${now}::timestamptz, time_received)`,
    })
    .where('user_id', '=', userId)
    .where('call_status', 'is', null);
  if (callId) query = query.where('id', '=', callId);
  if (outcome === 'declined') query = query.where('ring_deadline', '>', now);
  return (await executePrepared(db, query.returning('id').compile())).rows[0];
}

/** An answered call in progress → ended, with its duration. */
export async function endActive(db: Db, userId: string, callId: string, now: Date) {
  const query = db
    .updateTable('call_logs')
    .set({ ended_at: now, duration_seconds: secondsSinceAnswer(now) })
    .where('id', '=', callId)
    .where('user_id', '=', userId)
    .where('call_status', '=', 'answered')
    .where('ended_at', 'is', null)
    .returning('id');
  return (await executePrepared(db, query.compile())).rows[0];
}

export async function insertOutbound(db: Db, userId: string, phoneNumber: string, now: Date) {
  const query = db.insertInto('call_logs').values({
    user_id: userId,
    phone_number: phoneNumber,
    call_type: 'outbound',
    call_status: 'answered',
    time_received: now,
    answered_at: now,
  });
  await executePrepared(db, query.compile());
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
